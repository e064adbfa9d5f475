// Teach backtracking: stepping forward and back, the procedure's current line and the call
// stack at given steps of N = 4, marks, the timeline while playing, the server's cap, the URL
// and the back button.
import path from 'node:path';

import {axe, check, num, open, setN, text, waitText} from './lib.mjs';

export const name = 'Teach backtracking';

// N = 4 (steps of `nqueens trace 4`): the line of the procedure and the frames of the stack.
const N4 = {
  0: [1, ['row 1: nothing tried yet; still to try: a b c d']],
  1: [
    5,
    ['row 1: queen on a1; still to try: b c d', 'row 2: nothing tried yet; still to try: a b c d']
  ],
  3: [4, ['row 1: queen on a1; still to try: b c d', 'row 2: b2 is attacked; still to try: c d']],
  9: [7, ['row 1: queen on a1; still to try: b c d', 'row 2: c2 taken back; still to try: d']],
  30: [
    5,
    [
      'row 1: queen on b1; still to try: c d', 'row 2: queen on d2; still to try: none',
      'row 3: queen on a3; still to try: b c d', 'row 4: queen on c4; still to try: d',
      'row 5: all 4 queens placed: a solution'
    ]
  ],
  31: [
    2,
    [
      'row 1: queen on b1; still to try: c d', 'row 2: queen on d2; still to try: none',
      'row 3: queen on a3; still to try: b c d', 'row 4: queen on c4; still to try: d',
      'row 5: all 4 queens placed: a solution'
    ]
  ],
  32: [
    7,
    [
      'row 1: queen on b1; still to try: c d', 'row 2: queen on d2; still to try: none',
      'row 3: queen on a3; still to try: b c d', 'row 4: c4 taken back; still to try: d'
    ]
  ],
};

const atStep = (page, k) =>
    page.waitForFunction((k) => document.querySelector('#stepno').textContent === String(k), k);

async function codeAndStack(page, k, how) {
  const [line, frames] = N4[k];
  const got = await page.evaluate(
      () => ({
        line: [...document.querySelectorAll('#code li')].findIndex(
                  (l) => l.classList.contains('current')) +
            1,
        frames: [...document.querySelectorAll('#stack li')].map((l) => l.textContent),
        current: document.querySelector('#stack li.current') &&
            document.querySelector('#stack li.current').textContent,
      }));
  check(
      got.line === line && JSON.stringify(got.frames) === JSON.stringify(frames) &&
          got.current === frames[frames.length - 1],
      `N = 4 at step ${k} (${how}): line ${line} of the procedure, stack ${
          JSON.stringify(frames)} (got line ${got.line}, ${JSON.stringify(got.frames)})`);
}

export async function run({page, url, outDir}) {
  // The procedure and the stack, forward and back, N = 4.
  await open(page, url + '?n=4&mode=search');
  await waitText(page, '#steptext', 'Ready');
  await codeAndStack(page, 0, 'start');
  let at = 0;
  for (const k of [1, 3, 9]) {
    while (at < k) {
      await page.click('#step');
      await atStep(page, ++at);
    }
    await codeAndStack(page, k, 'forward');
  }
  await page.$eval('#timeline', (t) => {
    t.value = '31';
    t.dispatchEvent(new Event('input'));
  });
  await atStep(page, 31);
  await codeAndStack(page, 31, 'timeline');
  await page.click('#back');
  await atStep(page, 30);
  await codeAndStack(page, 30, 'back');
  await page.click('#step');
  await atStep(page, 31);
  await page.click('#step');
  await atStep(page, 32);
  await codeAndStack(page, 32, 'forward');
  for (at = 32; at > 9;) {
    await page.click('#back');
    await atStep(page, --at);
  }
  await codeAndStack(page, 9, 'back from 32');
  check(page.url().includes('step=9'), `defect: the URL follows every step (${page.url()})`);

  // "Attacked" and "tried, taken back" are different marks. Step 9 (c2 taken back): a2 and b2
  // attacked, c2 tried.
  const marks = await page.evaluate(
      () => ({
        reject: document.querySelectorAll('#marks .mark-reject').length,
        tried: document.querySelectorAll('#marks .mark-tried').length,
        rejectColour: getComputedStyle(document.querySelector('#marks .mark-reject')).stroke,
        triedColour: getComputedStyle(document.querySelector('#marks .mark-tried')).stroke,
      }));
  check(
      marks.reject === 2 && marks.tried === 1 && marks.rejectColour !== marks.triedColour,
      `defect: a queen taken back is marked unlike an attacked square (${JSON.stringify(marks)})`);

  // N = 8: steps, the row outlined, words, the log.
  await setN(page, 8);
  await waitText(page, '#steptext', 'Ready');
  for (let i = 1; i <= 6; i++) {
    await page.click('#step');
    await atStep(page, i);
  }
  await page.click('#back');
  await atStep(page, 5);
  check(
      await page.$$eval('#overlay .row-try', (r) => r.length) === 1,
      'the row being tried is outlined');
  check(
      /^row \d: [a-h]\d is (safe|attacked)/.test(await text(page, '#steptext')),
      `the step is told in board coordinates ("${await text(page, '#steptext')}")`);
  await page.focus('#speed');
  await page.keyboard.press('ArrowRight');
  check(
      await text(page, '#stepno') === '5',
      'an arrow key on the speed slider does not step the animation');

  // The timeline while playing: it seeks and the animation goes on.
  await page.evaluate(() => {
    document.querySelector('#pause-solutions').checked = false;
    const s = document.querySelector('#speed');
    s.value = '0';  // 1 step a second
    s.dispatchEvent(new Event('input'));
  });
  await page.click('#play');
  await waitText(page, '#play', 'Pause');
  await page.$eval('#timeline', (t) => {
    t.value = String(Number(t.max) - 5);
    t.dispatchEvent(new Event('input'));
  });
  const target = await page.$eval('#timeline', (t) => Number(t.value));
  await page.waitForFunction(
      (t) => Number(document.querySelector('#stepno').textContent.replace(/,/g, '')) >= t, target);
  check(
      await text(page, '#play') === 'Pause',
      `defect: moving the timeline while playing seeks to ${target} and keeps playing`);
  await page.click('#play');
  await waitText(page, '#play', 'Play');

  // Run to the next solution; undo reasons are in the log.
  await page.click('#reset');
  await atStep(page, 0);
  await page.click('#to-solution');
  await page.waitForFunction(
      () => document.querySelector('#found').textContent === '1', null, {timeout: 30000});
  check(
      (await text(page, '#steptext')).includes('solution 1 found') &&
          await page.$eval('#board', (b) => b.classList.contains('solved')),
      'run to the next solution pauses on solution 1');
  await page.click('summary');
  const log = await page.$$eval('#steplog li', (l) => l.map((x) => x.textContent));
  check(
      log.some(
          (l) => /every square is attacked → back to row \d: take back the queen on [a-h]\d/.test(
              l)),
      'the step log says why each queen is taken back');
  await page.screenshot({path: path.join(outDir, 'viewer-teach-1280.png')});
  await axe(page, 'Teach backtracking');

  // N = 4 to the end; Play again starts over.
  await setN(page, 4);
  await waitText(page, '#steptext', 'Ready');
  await page.evaluate(() => {
    document.querySelector('#pause-solutions').checked = false;
    const s = document.querySelector('#speed');
    s.value = '100';
    s.dispatchEvent(new Event('input'));
  });
  await page.click('#play');
  await waitText(page, '#steptext', 'Search finished');
  await waitText(page, '#play', 'Play again');
  check(
      (await text(page, '#steptext')).includes('2 solutions'),
      `N = 4: the search ends with 2 solutions ("${await text(page, '#steptext')}")`);
  const total = num(await text(page, '#stepno'));
  await page.click('#play');
  await page.waitForFunction(
      (t) => Number(document.querySelector('#stepno').textContent) < t, total);
  await page.click('#play');
  check(true, `Play after the end (step ${total}) plays again from the start`);

  // At the server's cap Step and Play say so and are disabled; the focus stays on the page.
  // (The cap is what /api/limits says, 50,000,000 steps; the test lowers it to 20,000 in that
  // answer, since replaying 50 million steps can take the server past its time cap on a loaded
  // machine.)
  await page.route('**/api/limits', async (route) => {
    const limits = await (await route.fetch()).json();
    await route.fulfill({json: {...limits, max_trace_end: 20000}});
  });
  await open(page, url + '?n=16&mode=search&step=19999');
  await atStep(page, '19,999');
  await page.focus('#step');
  await page.keyboard.press('Enter');
  await atStep(page, '20,000');
  await page.waitForFunction(() => document.querySelector('#step').disabled);
  const focused = await page.evaluate(() => document.activeElement.id);
  check(
      await page.isDisabled('#play') &&
          (await text(page, '#steptext')).includes('up to step 20,000') && focused !== '',
      `defect: at the cap Step and Play are disabled with the reason ("${
          await text(page, '#steptext')}"), focus on #${focused}`);
  await page.unroute('**/api/limits');

  // N > 16: the controls are off, with the reason.
  await setN(page, 20);
  await waitText(page, '#steptext', 'up to 16');
  check(
      await page.isDisabled('#step') && await page.isDisabled('#play'),
      'at N > 16 Play and Step are disabled, with the reason');

  // The back button returns to the previous tab, inside the page.
  await open(page, url + '?n=8&k=5');
  await page.click('#mode-search');
  await waitText(page, '#steptext', 'Ready');
  await page.click('#step');
  await atStep(page, 1);
  check(
      page.url().includes('mode=search') && page.url().includes('step=1'),
      `the Teach URL holds the step (${page.url()})`);
  await page.goBack();
  await page.waitForFunction(
      () => document.querySelector('#mode-solutions').getAttribute('aria-selected') === 'true');
  await page.waitForFunction(() => document.querySelector('#board').dataset.index === '5');
  check(
      page.url().startsWith(url) && !page.url().includes('mode=search'),
      `defect: Back returns to Solutions #5, inside the page (${page.url()})`);
  const after = await page.evaluate(() => document.activeElement.id);
  check(
      after === 'mode-solutions',
      `the focus on Step, hidden by Back, moves to the Solutions tab (on #${after})`);
  await page.goForward();
  await page.waitForFunction(
      () => document.querySelector('#mode-search').getAttribute('aria-selected') === 'true');
  await atStep(page, 1);
  check(true, 'Forward returns to Teach at step 1');
}
