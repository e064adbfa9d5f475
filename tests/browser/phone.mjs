// The phone: 390x844 with touch. Tapping inspects the square tapped, board, controls and the
// explanation fit one screen, nothing scrolls sideways, a find board zooms by buttons and by
// pinch, and every tab passes axe-core.
import path from 'node:path';

import {
  axe,
  boardIndex,
  check,
  noSideScroll,
  num,
  onFirstScreen,
  open,
  text,
  waitText
} from './lib.mjs';

export const name = 'Phone';

// A two-finger pinch on the canvas around (fx, fy), fractions of its size (Chrome DevTools
// Protocol touch events).
async function pinch(page, sel, fx, fy, from, to) {
  const b = await page.locator(sel).boundingBox();
  const cx = b.x + b.width * fx, cy = b.y + b.height * fy;
  const cdp = await page.context().newCDPSession(page);
  const points = (d) => [{x: cx - d, y: cy, id: 1}, {x: cx + d, y: cy, id: 2}];
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: points(from)});
  for (let i = 1; i <= 5; i++)
    await cdp.send(
        'Input.dispatchTouchEvent',
        {type: 'touchMove', touchPoints: points(from + (to - from) * i / 5)});
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await cdp.detach();
}

export async function run({page, url, outDir}) {
  // Solutions: a tap on f4 inspects f4.
  await open(page, url + '?n=8&k=92');
  await boardIndex(page, 92);
  await page.tap('#board .sq[data-row="3"][data-col="5"]', {force: true});
  await page.waitForFunction(
      () => document.querySelector('#square-info').textContent.trim() !== '');
  check(
      (await text(page, '#square-info')).startsWith('f4'),
      `defect: a tap on f4 inspects f4 ("${await text(page, '#square-info')}")`);
  await noSideScroll(page, 'Solutions');
  check(
      await onFirstScreen(page, '#board') && await onFirstScreen(page, '#next') &&
          await onFirstScreen(page, '#of'),
      'Solutions: the board, the buttons and the count on one screen');
  await page.screenshot({path: path.join(outDir, 'viewer-solutions-390.png')});
  await axe(page, 'Solutions on a phone');

  // Play: a tap on f4 puts a queen on f4, and the text speaks of f4.
  await open(page, url + '?n=8&mode=play');
  await page.tap('#board .sq[data-row="3"][data-col="5"]', {force: true});
  await page.waitForFunction(() => document.querySelectorAll('#board .queen').length === 1);
  const q = await page.$eval('#board .queen', (g) => [g.dataset.row, g.dataset.col].join(','));
  check(
      q === '3,5' && (await text(page, '#square-info')).startsWith('f4'),
      `defect: in Play a tap on f4 places the queen on f4 and the text says f4 (queen ${q}, "${
          await text(page, '#square-info')}")`);
  await page.tap('#board .sq[data-row="0"][data-col="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .queen').length === 2);
  await noSideScroll(page, 'Play');
  await page.screenshot({path: path.join(outDir, 'viewer-play-390.png')});
  await axe(page, 'Play on a phone');

  // Teach: board, controls, the step in words, the procedure, the stack and the legend on the
  // first screen.
  await open(page, url + '?n=8&mode=search&step=30');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '30');
  const parts = [
    '#board', '#step', '#back', '#play', '#steptext', '#code li.current', '#stack li.current',
    '.legend'
  ];
  const off = [];
  for (const sel of parts)
    if (!(await onFirstScreen(page, sel))) off.push(sel);
  check(
      off.length === 0,
      `defect: on a phone the board, the controls, the step text, the procedure, the stack and the legend are on one screen (off screen: ${
          off.join(' ') || 'none'})`);
  await page.tap('#step');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '31');
  check(true, 'Teach: Step works by touch');
  await noSideScroll(page, 'Teach');
  await page.screenshot({path: path.join(outDir, 'viewer-teach-390.png')});
  await axe(page, 'Teach backtracking on a phone');

  // Find: zoom by the buttons and by a pinch.
  await open(page, url + '?n=1000&mode=find');
  await page.waitForFunction(() => document.querySelector('#board-canvas').dataset.n === '1000');
  const fit = num(await page.getAttribute('#board-canvas', 'data-scale'));
  await page.tap('#zoom-in');
  await page.waitForFunction(
      (f) => Number(document.querySelector('#board-canvas').dataset.scale) === 2 * f, fit);
  check(true, 'Find: the zoom button doubles the scale on a phone');
  // (around the point where the construction's queens run through the view zoomed in twice)
  await pinch(page, '#board-canvas', 0.7, 0.1, 20, 170);
  const pinched = num(await page.getAttribute('#board-canvas', 'data-scale'));
  check(
      pinched > 2 * fit * 2,
      `Find: a pinch zooms in (scale ${fit.toFixed(3)} -> ${pinched.toFixed(3)})`);
  await noSideScroll(page, 'Find');
  await page.screenshot({path: path.join(outDir, 'viewer-find-390.png')});
  await axe(page, 'Find on a phone');

  await open(page, url + '?mode=sudoku');
  await waitText(page, '#sudoku-rating', 'rated');
  await noSideScroll(page, 'Sudoku');
  await page.screenshot({path: path.join(outDir, 'viewer-sudoku-390.png')});
  await axe(page, 'Sudoku on a phone');

  await open(page, url + '?mode=about');
  await page.waitForFunction(() => document.querySelectorAll('#known tbody tr').length === 27);
  await noSideScroll(page, 'About');
  const table = await page.$eval('#known', (t) => Math.round(t.getBoundingClientRect().right));
  check(table <= 390, `defect: the About table fits the phone (its right edge at ${table} px)`);
  await page.screenshot({path: path.join(outDir, 'viewer-about-390.png')});
  await axe(page, 'About on a phone');
}
