// Find (large N): one solution drawn in O(N), zoom, no stale board after an error, a slow
// request overtaken by a tab change.
import path from 'node:path';

import {axe, check, num, open, setN, slowDown, text, waitText} from './lib.mjs';

export const name = 'Find';

export async function run({page, url, outDir}) {
  await open(page, url + '?n=7&mode=find');
  await waitText(page, '#find-result', 'verified: yes');
  check(await page.$$eval('#board .queen', (q) => q.length) === 7, 'find N = 7 draws 7 queens');
  // N = 3 has no solution: the 7 x 7 board does not stay.
  await setN(page, 3);
  await page.waitForFunction(() => document.querySelector('#error').textContent !== '');
  check(
      await page.getAttribute('#board', 'data-n') === '3' &&
          await page.$$eval('#board .queen', (q) => q.length) === 0 &&
          !(await text(page, '#find-result')).includes('verified'),
      `defect: find N = 3 after N = 7 leaves no old board ("${await text(page, '#error')}")`);
  await setN(page, 100000);
  await page.waitForFunction(
      () => document.querySelector('#board-canvas').dataset.n === '100000', null, {timeout: 60000});
  check(
      (await text(page, '#find-result')).includes('verified: yes'),
      'find N = 100000 draws without freezing the page');
  const scale = () => page.getAttribute('#board-canvas', 'data-scale').then(num);
  const before = await scale();
  let after = before;
  for (let i = 0; i < 2; i++) {
    await page.click('#zoom-in');
    await page.waitForFunction(
        (s) => document.querySelector('#board-canvas').dataset.scale !== s, String(after));
    after = await scale();
  }
  const drawn = num(await page.getAttribute('#board-canvas', 'data-drawn'));
  check(
      Math.abs(after / before - 4) < 1e-9 && drawn < 100000 / 3,
      `zoomed in twice (scale ${before} -> ${after}), only the rows in view are drawn (${drawn})`);
  await page.screenshot({path: path.join(outDir, 'viewer-find-1280.png')});
  await axe(page, 'Find');
  await setN(page, 100001);
  await waitText(page, '#error', 'between 1 and 100,000');
  check(true, 'the page refuses N above the server\'s limit (100,000) in its own words');

  // An error that comes late, for a view already left, is never shown.
  await open(page, url + '?n=8&mode=find');
  await waitText(page, '#find-result', 'verified: yes');
  const settled = await slowDown(page, '**/api/find?*', 1500);
  await setN(page, 3);  // will fail, slowly
  await page.waitForSelector('#busy', {state: 'visible'});
  await page.click('#mode-solutions');
  await waitText(page, '#of', 'no solutions');
  await settled();
  check(
      await text(page, '#error') === '',
      `defect: a slow failing request of another tab reports nothing ("${
          await text(page, '#error')}")`);
}
