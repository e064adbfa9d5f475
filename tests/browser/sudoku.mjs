// Sudoku: the search and the human-style steps, generate, a puzzle with no solution, a link
// that keeps its view.
import path from 'node:path';

import {axe, check, open, text, waitText} from './lib.mjs';

export const name = 'Sudoku';

const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
// Two 1s in the first row's boxes would be a broken rule; this one breaks none and still has
// no solution (r1c9 can hold nothing).
const NONE = '12345678.........9' +
    '.'.repeat(63);

export async function run({page, url, outDir}) {
  await open(page, url + '?mode=sudoku');
  await waitText(page, '#sudoku-rating', 'rated');
  for (let i = 0; i < 3; i++) await page.click('#sudoku-step');
  check(
      (await text(page, '#sudoku-steptext')).startsWith('Step 3 of'),
      `Sudoku: stepping through the search ("${await text(page, '#sudoku-steptext')}")`);
  check(
      await page.$$eval('#sudoku-board .cands', (c) => c.length) > 0,
      'Sudoku: candidates are shown in empty cells');
  await page.check('input[name="sudoku-view"][value="explain"]');
  await page.click('#sudoku-step');
  check(
      /single|pair|wing|chain|guess|pointing|claiming|house/.test(
          await text(page, '#sudoku-steptext')),
      `Sudoku: human-style steps ("${await text(page, '#sudoku-steptext')}")`);
  await page.click('#sudoku-step');
  check(
      page.url().includes('view=explain') && page.url().includes('step=2'),
      `defect: the link keeps the human-style view (${page.url()})`);
  const link = page.url();
  await open(page, link);
  await waitText(page, '#sudoku-rating', 'rated');
  check(
      await page.isChecked('input[name="sudoku-view"][value="explain"]') &&
          (await text(page, '#sudoku-steptext')).startsWith('Step 2 of 71'),
      `defect: a shared Sudoku link opens the human-style view at its step ("${
          await text(page, '#sudoku-steptext')}")`);
  // Focus stays on the page when ▶| disables itself.
  await page.focus('#sudoku-end');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#sudoku-end').disabled);
  const focused = await page.evaluate(() => document.activeElement.id);
  check(focused !== '', `Sudoku ▶| at the end keeps the focus on the page (on #${focused})`);

  await page.selectOption('#sudoku-level', 'easy');
  await page.click('#sudoku-generate');
  await waitText(page, '#sudoku-rating', 'rated easy');
  check(true, 'Sudoku: generate an easy puzzle and rate it');
  await page.screenshot({path: path.join(outDir, 'viewer-sudoku-1280.png')});
  await axe(page, 'Sudoku');

  // A puzzle with no solution replaces the old grid and rating.
  await page.fill('#sudoku-input', NONE);
  await page.click('#sudoku-solve');
  await waitText(page, '#error', 'no solution');
  const cells = await page.$$eval('#sudoku-board > div', (d) => d.map((x) => x.textContent));
  check(
      cells.slice(0, 9).join('') === '12345678' && cells.slice(9, 18).join('') === '9' &&
          cells.slice(18).every((c) => c === '') &&
          !(await text(page, '#sudoku-rating')).includes('One solution') &&
          await page.isDisabled('#sudoku-step'),
      `defect: an unsolvable puzzle leaves no old grid or rating ("${
          await text(page, '#sudoku-rating')}")`);
  await page.fill('#sudoku-input', 'x'.repeat(81));
  await page.click('#sudoku-solve');
  await page.waitForFunction(
      () => document.querySelector('#sudoku-rating').textContent.trim() === '');
  check(
      (await page.$$eval('#sudoku-board > div', (d) => d.map((x) => x.textContent).join(''))) ===
              '' &&
          (await text(page, '#error')) !== '',
      `a puzzle that cannot be read clears the grid and says why ("${
          await text(page, '#error')}")`);
  await page.fill('#sudoku-input', HARD);
  await page.click('#sudoku-solve');
  await waitText(page, '#sudoku-rating', 'rated');
}
