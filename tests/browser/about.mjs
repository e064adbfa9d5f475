// About: the known counts and the API index.
import path from 'node:path';

import {axe, check, open} from './lib.mjs';

export const name = 'About';

export async function run({page, url, outDir}) {
  await open(page, url + '?mode=about');
  await page.waitForFunction(() => document.querySelectorAll('#known tbody tr').length === 27);
  const rows = await page.$$eval(
      '#known tbody tr', (t) => t.map((r) => [...r.children].map((x) => x.textContent)));
  check(
      rows[18][3] === 'computed by this tool' && rows[26][3] === 'literature',
      'the known counts mark computed and published values');
  check(
      rows[26][1] === '234,907,967,154,122,528' && rows[26][2] === '29,363,495,934,315,694',
      `the N = 27 counts are exact (${rows[26]})`);
  check(
      await page.getAttribute('#api-doc-link', 'href') === '/api/',
      'the page links to the API documentation');
  const apiIndex = await page.request.get(new URL('api/', page.url()).href);
  check(
      apiIndex.ok() && (await apiIndex.json()).endpoints !== undefined,
      'GET /api/ lists the endpoints');
  await page.screenshot({path: path.join(outDir, 'viewer-about-1280.png')});
  await axe(page, 'About');
}
