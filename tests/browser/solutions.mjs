// The Solutions tab: solution #k typed and stepped, refusals in words, exact counts, the
// reachable range from the server, the board's hover and cursor, focus, slow requests.
import path from 'node:path';

import {
  axe,
  boardIndex,
  check,
  markContrasts,
  open,
  queensOf,
  setN,
  slowDown,
  text,
  waitText
} from './lib.mjs';

export const name = 'Solutions';

export async function run({page, url, listed8, outDir}) {
  await open(page, url);
  await waitText(page, '#counts', '92 solutions');
  check((await text(page, '#counts')).includes('12 unique'), 'counts show 92 solutions, 12 unique');
  await page.fill('#index', '92');
  await page.press('#index', 'Enter');
  await boardIndex(page, 92);
  let queens = await queensOf(page);
  check(
      queens.length === 8 &&
          listed8[91].every((c, r) => queens.some(([qr, qc]) => qr === r && qc === c - 1)),
      `solution 92 is line 92 of list 8 (${listed8[91].join(' ')})`);
  check(
      await page.isDisabled('#next') && await page.isDisabled('#last'),
      'next and last are disabled at the end');

  // Past the end: an error, no clamping; the board and the box stay on 92.
  await page.fill('#index', '93');
  await page.press('#index', 'Enter');
  await waitText(page, '#error', 'choose 1 to 92');
  check(
      await page.inputValue('#index') === '92' &&
          await page.getAttribute('#board', 'data-index') === '92',
      'index 93 is refused in words, not clamped; box and board stay on 92');
  for (const [typed, want] of [
           ['-3', 'at least 1'], ['abc', 'whole number, got "abc"'], ['7.5', 'whole number']]) {
    await page.fill('#index', typed);
    await page.press('#index', 'Enter');
    await waitText(page, '#error', want);
    check(true, `"${typed}" is reported as "${want}"`);
  }

  // Ten fast clicks on next from #2 land on #12; the box and the board agree.
  await page.fill('#index', '2');
  await page.press('#index', 'Enter');
  await boardIndex(page, 2);
  for (let i = 0; i < 10; i++) await page.click('#next', {noWaitAfter: true});
  await boardIndex(page, 12);
  check(await page.inputValue('#index') === '12', 'ten fast clicks on next from #2 land on #12');
  queens = await queensOf(page);
  check(
      listed8[11].every((c, r) => queens.some(([qr, qc]) => qr === r && qc === c - 1)),
      'the board shows solution 12');
  await page.click('#perm');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await boardIndex(page, 17);
  check(true, 'five quick right arrows from #12 land on #17');
  await page.fill('#index', '70');
  await page.press('#index', 'Tab');
  await boardIndex(page, 70);
  check(await page.inputValue('#index') === '70', 'typed 70 then Tab shows #70');

  // Focus never falls to the page body when a button disables itself.
  await page.focus('#last');
  await page.keyboard.press('Enter');
  await boardIndex(page, 92);
  let focused = await page.evaluate(() => document.activeElement.id);
  check(
      ['prev', 'index'].includes(focused),
      `defect: ▶| at the end keeps the focus on the page (on #${focused})`);
  await page.focus('#first');
  await page.keyboard.press('Enter');
  await boardIndex(page, 1);
  focused = await page.evaluate(() => document.activeElement.id);
  check(
      ['next', 'index'].includes(focused),
      `defect: |◀ at the start keeps the focus on the page (on #${focused})`);

  // Hover: a queen marks the squares it attacks; an empty square names its attackers.
  await page.mouse.move(0, 0);
  await page.hover('#board .queen[data-row="0"]');
  const attacked = await page.$$eval('#hover .attack-mark', (s) => s.length);
  check(attacked >= 21, `hovering a queen marks the squares it attacks (${attacked})`);
  const empty = await page.$eval('#board', (b) => {
    const q =
        new Set([...b.querySelectorAll('.queen')].map((g) => g.dataset.row + ',' + g.dataset.col));
    const sq =
        [...b.querySelectorAll('.sq')].find((s) => !q.has(s.dataset.row + ',' + s.dataset.col));
    return [sq.dataset.row, sq.dataset.col];
  });
  await page.hover(`#board .sq[data-row="${empty[0]}"][data-col="${empty[1]}"]`);
  const info = await text(page, '#square-info');
  check(
      /attacked by [a-h][1-8]/.test(info),
      `hovering an empty square names its attackers in board coordinates ("${info}")`);

  const contrasts = await markContrasts(page);
  const low = contrasts.filter((c) => c.light < 3 || c.dark < 3);
  check(
      low.length === 0,
      `defect: every mark has 3:1 against both square colours (${
          contrasts.map((c) => `${c.mark} ${c.light.toFixed(1)}/${c.dark.toFixed(1)}`)
              .join(', ')})`);


  // The first click on the board inspects the square clicked (f4), not a1.
  await open(page, url + '?n=8&k=1');
  await boardIndex(page, 1);
  await page.click('#board .sq[data-row="3"][data-col="5"]', {force: true});
  const cursor = await page.$$eval(
      '#board .sq.cursor', (s) => s.map((x) => [x.dataset.row, x.dataset.col].join(',')));
  check(
      (await text(page, '#square-info')).startsWith('f4') && cursor.join() === '3,5',
      `defect: the first click on f4 inspects f4 and puts the cursor there ("${
          await text(page, '#square-info')}", cursor ${cursor})`);
  // From the keyboard: Tab onto the board shows the cursor, arrows move it.
  await page.keyboard.press('ArrowRight');
  check(
      (await text(page, '#square-info')).startsWith('g4'),
      'the board cursor moves from the clicked square with the arrow keys');
  check(
      (await text(page, '#board-text')).startsWith('8 queens: '),
      'the board has a text alternative listing the queens');

  // Unique only keeps the class (solution 92 is the mirror image of unique #1).
  await page.fill('#index', '92');
  await page.press('#index', 'Enter');
  await boardIndex(page, 92);
  await page.check('#unique');
  await boardIndex(page, 1);
  check(
      await text(page, '#perm') === '1 5 8 6 3 7 2 4',
      'unique only shows the class representative #1');
  await page.uncheck('#unique');
  await boardIndex(page, 1);

  // N = 3: no solutions; N = 1: "1 solution".
  await setN(page, 3);
  await waitText(page, '#of', 'no solutions');
  check(await page.inputValue('#index') === '', 'N = 3 says there are no solutions');
  await setN(page, 1);
  await waitText(page, '#counts', '1 solution,');
  await page.fill('#n', '8.5');
  await page.press('#n', 'Enter');
  await waitText(page, '#error', 'whole number');
  check(await page.inputValue('#n') === '1', 'N = 8.5 is "not a whole number" and N stays 1');

  // N = 27: the counts digit for digit (beyond 2^53).
  await setN(page, 27);
  await waitText(page, '#counts', 'N = 27');
  const c27 = await text(page, '#counts');
  check(
      c27.includes('234,907,967,154,122,528 solutions') &&
          c27.includes('29,363,495,934,315,694 unique'),
      `defect: N = 27 counts exact ("${c27}")`);
  check(
      (await text(page, '#of')).startsWith('of 234,907,967,154,122,528'),
      `defect: N = 27 "of ..." exact ("${await text(page, '#of')}")`);
  await page.check('#unique');
  await waitText(page, '#of', 'unique');
  check(
      (await text(page, '#of')).startsWith('of 29,363,495,934,315,694 unique'),
      `defect: N = 27 unique count exact ("${await text(page, '#of')}")`);
  await page.uncheck('#unique');

  // N = 18, 20: random access to the last solution.
  await setN(page, 20);
  await waitText(page, '#counts', '39,029,188,884');
  await page.click('#last');
  await boardIndex(page, 39029188884);
  check(
      !(await text(page, '#of')).includes('reachable'),
      'N = 20: the last solution #39,029,188,884 by random access');

  // N = 21: the reachable range is the server's (measured), and ▶| gets exactly its end.
  await setN(page, 21);
  await waitText(page, '#of', 'reachable');
  const counts21 = await (await page.request.get(url + 'api/counts?n=21')).json();
  const reach = counts21.walk_limit_text;
  const of21 = await text(page, '#of');
  check(
      Number(reach) >= 1 && Number(reach) <= 1000000 &&
          of21.includes(`1 to ${Number(reach).toLocaleString('en-US')}`),
      `defect: N = 21 promises the server's measured range, 1 to ${reach} ("${of21}")`);
  await page.click('#last');
  await boardIndex(page, reach);
  check(
      await page.inputValue('#index') === reach && await page.isDisabled('#next') &&
          await text(page, '#error') === '',
      `defect: N = 21 ▶| shows solution ${reach}; box, board and buttons agree`);
  const past = await page.request.get(url + `api/solution?n=21&index=${Number(reach) + 1}`);
  check(past.status() === 400, 'the server refuses one past the promised range, as the page does');

  // A slow answer: the busy indicator shows; a new N meanwhile wins, with no late error.
  await setN(page, 8);
  await waitText(page, '#counts', '92 solutions');
  await boardIndex(page, 1);
  const settled = await slowDown(page, '**/api/solution?*', 2000);
  await page.fill('#index', '40');
  await page.press('#index', 'Enter');
  await page.waitForSelector('#busy', {state: 'visible'});
  check(
      await page.getAttribute('#board-wrap', 'aria-busy') === 'true',
      'defect: a 2-second request shows "Working …" (aria-busy)');
  await boardIndex(page, 40);
  await page.waitForSelector('#busy', {state: 'hidden'});
  check(true, 'the indicator goes when the answer is drawn');
  await page.fill('#index', '50');
  await page.press('#index', 'Enter');
  await setN(page, 6);
  await waitText(page, '#counts', 'N = 6');
  await boardIndex(page, 1, 10000);
  await settled();
  check(
      await page.getAttribute('#board', 'data-n') === '6' && await text(page, '#error') === '' &&
          await page.inputValue('#index') === '1',
      'defect: N changed during a slow request: the old answer draws nothing and reports nothing');

  await open(page, url + '?n=8&k=92');
  await boardIndex(page, 92);
  await page.screenshot({path: path.join(outDir, 'viewer-solutions-1280.png')});
  await axe(page, 'Solutions');
}
