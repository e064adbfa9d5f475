// Sharing: the SVG and PNG downloads, also from a view with nothing drawn yet.
import {readFileSync} from 'node:fs';

import {boardIndex, check, open, text, waitText} from './lib.mjs';

export const name = 'Share';

export async function run({page, url}) {
  await open(page, url + '?n=8&k=92');
  await boardIndex(page, 92);
  let [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
  const svg = readFileSync(await dl.path(), 'utf8');
  check(
      dl.suggestedFilename() === 'queens-8-92.svg' &&
          (svg.match(/class="queen"/g) || []).length === 8 && svg.includes('<style'),
      `the SVG download holds the 8 queens and its style (${dl.suggestedFilename()})`);
  [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
  const png = readFileSync(await dl.path());
  check(
      dl.suggestedFilename() === 'queens-8-92.png' && png.subarray(1, 4).toString() === 'PNG',
      'the PNG download is a PNG');
  // A bad k in a link still shows a board, and the downloads work.
  await open(page, url + '?n=8&k=93');
  await boardIndex(page, 1);
  [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
  check(
      (readFileSync(await dl.path(), 'utf8').match(/class="queen"/g) || []).length === 8,
      'defect: after a bad k in a link the SVG download is the board shown, not a JavaScript error');
  await page.click('#copy-link');
  await waitText(page, '#share-status', 'k=1');
  check(true, `copy link names the view shown ("${await text(page, '#share-status')}")`);
}
