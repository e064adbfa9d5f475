// Play: queens placed and removed by click, conflicts, "finish it for me", a Play link.
import path from 'node:path';

import {axe, check, open, queensOf, setN, text, waitText} from './lib.mjs';

export const name = 'Play';

export async function run({page, url, outDir}) {
  await open(page, url + '?n=8&mode=play');
  await page.click('#board .sq[data-row="0"][data-col="0"]');
  await page.click('#board .sq[data-row="1"][data-col="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#lines .conflict').length === 1);
  check(
      (await text(page, '#play-status')).includes('1 pair attack'),
      'play: a conflict is drawn and told');
  check(
      (await text(page, '#square-info')).startsWith('b2'),
      `play: the text speaks of the square clicked ("${await text(page, '#square-info')}")`);
  await page.click('#board .queen[data-row="1"][data-col="1"]');
  await page.click('#finish');
  await waitText(page, '#play-status', 'Finished');
  check(
      await page.$$eval('#board .queen', (q) => q.length) === 8 &&
          await page.$eval('#board', (b) => b.classList.contains('solved')),
      'play: "finish it for me" completes a1 to a full solution');
  await page.screenshot({path: path.join(outDir, 'viewer-play-1280.png')});
  await axe(page, 'Play');
  await setN(page, 4);
  await page.waitForFunction(() => document.querySelector('#board').dataset.n === '4');
  await page.click('#board .sq[data-row="0"][data-col="0"]');
  await page.click('#finish');
  await waitText(page, '#play-status', 'No solution keeps these queens');
  check(true, 'play: N = 4 with a corner queen is explained ("no solution keeps these queens")');

  // A Play link: its queens, and none off the board.
  await open(page, url + '?n=8&mode=play&queens=1:1,2:5');
  await page.waitForFunction(() => document.querySelectorAll('#board .queen').length === 2);
  check(
      JSON.stringify(await queensOf(page)) === '[[0,0],[1,4]]', 'a Play link restores its queens');
  await open(page, url + '?n=8&mode=play&queens=0:3,2:5,9:1');
  await page.waitForFunction(() => document.querySelectorAll('#board .queen').length === 1);
  const q = await queensOf(page);
  check(
      q.every(([r, c]) => r >= 0 && r < 8 && c >= 0 && c < 8) &&
          (await text(page, '#error')).includes('0:3 is off the 8 x 8 board'),
      `defect: queens=0:3 in a Play link makes no off-board queen (${JSON.stringify(q)}; "${
          await text(page, '#error')}")`);
}
