// The web viewer in headless Chromium: every defect once seen in it (each a numbered check
// below), every mode (solutions, teach, play, find, Sudoku, about), sharing, and an axe-core
// accessibility check of each mode with no serious or critical finding. Screenshots at
// 1280x800 and 390x844 go to OUTPUT_DIR. No check depends on how fast anything is.
// Usage: node viewer.test.mjs NQUEENS_BINARY OUTPUT_DIR
import {execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';

const [bin, outDir] = process.argv.slice(2);
if (!bin || !outDir) {
  console.error('usage: node viewer.test.mjs NQUEENS_BINARY OUTPUT_DIR');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const axeSource = readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

// The server on a free port; its first stdout line holds the URL.
function startServer() {
  const server = spawn(bin, ['serve', '--port', '0'], {stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('server printed no URL')), 15000);
    server.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) {
        clearTimeout(timer);
        resolve({server, url: m[0]});
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const listed8 = execFileSync(bin, ['list', '8'])
                    .toString()
                    .trim()
                    .split('\n')
                    .map((l) => l.split(' ').map(Number));
const {server, url} = await startServer();
process.on('exit', () => server.kill());  // also when anything below throws
const profile = mkdtempSync(path.join(tmpdir(), 'nqueens-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: {width: 1280, height: 800},
  acceptDownloads: true,
  bypassCSP: true,  // lets the test inject axe-core; the page itself loads nothing foreign
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'
  ],
});

const text = (page, sel) => page.textContent(sel);
const num = (s) => Number(String(s).replace(/,/g, ''));
async function open(page, query = '') {
  await page.goto(url + query);
  await page.waitForSelector('body[data-ready="1"]', {timeout: 20000});
}
async function setN(page, n) {
  await page.fill('#n', String(n));
  await page.press('#n', 'Enter');
}
const boardIndex = (page, k) =>
    page.waitForFunction((k) => document.querySelector('#board').dataset.index === String(k), k);
async function axe(page, what) {
  await page.addScriptTag({content: axeSource});
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, {resultTypes: ['violations']});
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
            (v) => `${v.id} (${v.impact}): ${
                v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  check(
      result.length === 0,
      `axe-core: no serious or critical finding in ${what} ${result.join('; ')}`);
}

try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => {
    errors.push(String(e));
    console.log('page error: ' + e);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 400/.test(m.text())) errors.push(m.text());
  });
  const foreign = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:'))
      foreign.push(r.url());
  });
  const encodings = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/trace')) encodings.push(r.headers()['content-encoding'] || 'none');
  });

  await open(page);

  // ---- Solutions ----------------------------------------------------------------------
  await page.waitForFunction(
      () => document.querySelector('#counts').textContent.includes('92 solutions'));
  check((await text(page, '#counts')).includes('12 unique'), 'counts show 92 solutions, 12 unique');
  await page.fill('#index', '92');
  await page.press('#index', 'Enter');
  await boardIndex(page, 92);
  let queens = await page.$$eval(
      '#board .queen', (qs) => qs.map((q) => [Number(q.dataset.row), Number(q.dataset.col)]));
  check(
      queens.length === 8 &&
          listed8[91].every((c, r) => queens.some(([qr, qc]) => qr === r && qc === c - 1)),
      `solution 92 is line 92 of list 8 (${listed8[91].join(' ')})`);
  check(
      await page.isDisabled('#next') && await page.isDisabled('#last'),
      'defect: next and last are disabled at the end');

  // Past the end: an error, no clamping; the board and the box stay on 92.
  await page.fill('#index', '93');
  await page.press('#index', 'Enter');
  await page.waitForFunction(() => document.querySelector('#error').textContent !== '');
  check(
      (await text(page, '#error')).includes('choose 1 to 92') &&
          await page.inputValue('#index') === '92',
      `defect: index 93 is refused, not clamped ("${await text(page, '#error')}")`);
  for (const [typed, want] of [['-3', 'at least 1'], ['abc', 'whole number, got "abc"']]) {
    await page.fill('#index', typed);
    await page.press('#index', 'Enter');
    await page.waitForFunction(
        (w) => document.querySelector('#error').textContent.includes(w), want);
    check(true, `defect: "${typed}" is reported as "${want}"`);
  }

  // Ten fast clicks on next from #2 land on #12; the box and the board agree.
  await page.fill('#index', '2');
  await page.press('#index', 'Enter');
  await boardIndex(page, 2);
  for (let i = 0; i < 10; i++) await page.click('#next', {noWaitAfter: true});
  await boardIndex(page, 12);
  await page.waitForTimeout(300);
  check(
      await page.getAttribute('#board', 'data-index') === '12' &&
          await page.inputValue('#index') === '12',
      'defect: ten fast clicks on next from #2 land on #12');
  queens = await page.$$eval(
      '#board .queen', (qs) => qs.map((q) => [Number(q.dataset.row), Number(q.dataset.col)]));
  check(
      listed8[11].every((c, r) => queens.some(([qr, qc]) => qr === r && qc === c - 1)),
      'the board shows solution 12');

  // A held key repeats from the index asked for, not the one shown.
  await page.click('#perm');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await boardIndex(page, 17);
  check(true, 'defect: five quick right arrows from #12 land on #17');

  // Typed 70 + Tab shows #70.
  await page.fill('#index', '70');
  await page.press('#index', 'Tab');
  await boardIndex(page, 70);
  check(await page.inputValue('#index') === '70', 'defect: typed 70 then Tab shows #70');

  // Hover: a queen marks the squares it attacks; an empty square names its attackers.
  await page.hover('#board .queen[data-row="0"]');
  const attacked = await page.$$eval('#board .sq.attacked', (s) => s.length);
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
      /attacked by [a-h][1-8]/.test(info) && !/row \d, col/.test(info),
      `hovering an empty square names its attackers in board coordinates ("${info}")`);
  // The same from the keyboard: the board's cursor.
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  check(
      (await text(page, '#square-info')).startsWith('b1'),
      'the board cursor (keyboard) inspects squares too');
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
  await boardIndex(page, 1);  // the representative is solution #1 of the whole list
  await page.fill('#index', '92');
  await page.press('#index', 'Enter');
  await boardIndex(page, 92);

  // N = 3 after #92: no solutions, not "92 of 0".
  await setN(page, 3);
  await page.waitForFunction(
      () => document.querySelector('#of').textContent.includes('no solutions'));
  check(
      !(await text(page, '#of')).includes('92') && await page.inputValue('#index') === '',
      'defect: N = 3 after #92 says there are no solutions');
  await setN(page, 1);
  await page.waitForFunction(
      () => document.querySelector('#counts').textContent.includes('1 solution,'));
  check(
      !(await text(page, '#counts')).includes('1 solutions'),
      'defect: "1 solution", not "1 solutions"');
  await page.fill('#n', '8.5');
  await page.press('#n', 'Enter');
  await page.waitForFunction(
      () => document.querySelector('#error').textContent.includes('whole number'));
  check(
      await page.inputValue('#n') === '1', 'defect: N = 8.5 is "not a whole number" and N stays 1');
  await axe(page, 'Solutions');

  // N = 18..20: random access to any solution; N = 21: the page says what is reachable.
  await setN(page, 18);
  await page.waitForFunction(
      () => document.querySelector('#counts').textContent.includes('666,090,624'));
  await page.click('#last');
  await boardIndex(page, 666090624);
  check(
      !(await text(page, '#of')).includes('reachable'),
      'N = 18: the last solution #666,090,624 by random access');
  await setN(page, 20);
  await page.waitForFunction(
      () => document.querySelector('#counts').textContent.includes('39,029,188,884'));
  await page.click('#last');
  await boardIndex(page, 39029188884);
  check(
      !(await text(page, '#of')).includes('reachable'),
      'N = 20: the last solution #39,029,188,884 by random access');
  await setN(page, 21);
  await page.waitForFunction(() => document.querySelector('#of').textContent.includes('reachable'));
  check(
      (await text(page, '#of')).includes('1 to 1,000,000'),
      `N = 21: the page says which solutions are reachable ("${await text(page, '#of')}")`);
  await page.click('#last');
  await page.waitForFunction(
      () => document.querySelector('#board').dataset.index === '1000000' ||
          document.querySelector('#error').textContent !== '',
      null, {timeout: 30000});
  check(
      true,
      `N = 21: the last reachable solution is answered or refused in words (${
          await text(page, '#error') || 'answered'})`);

  // The URL restores the view.
  await setN(page, 8);
  await page.fill('#index', '50');
  await page.press('#index', 'Enter');
  await boardIndex(page, 50);
  check(
      page.url().includes('n=8') && page.url().includes('k=50'),
      `the URL holds the view (${page.url()})`);
  await open(page, '?n=8&k=5&unique=1');
  await boardIndex(page, 5);
  check(
      await page.isChecked('#unique') && (await text(page, '#of')).includes('of 12 unique'),
      '?n=8&k=5&unique=1 restores unique solution 5');

  // ---- Keyboard and tabs ----------------------------------------------------------------
  await open(page, '?n=8&k=5');
  await boardIndex(page, 5);
  check(
      await page.$$eval('[role="tab"]', (t) => t.length) === 6 &&
          await page.getAttribute('#mode-solutions', 'aria-selected') === 'true',
      'defect: the modes are ARIA tabs');
  await page.focus('#mode-solutions');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
      () => document.querySelector('#mode-search').getAttribute('aria-selected') === 'true');
  check(
      await page.evaluate(() => document.activeElement.id) === 'mode-search',
      'defect: an arrow key on a tab moves to the next tab');
  await page.click('#mode-solutions');
  await boardIndex(page, 5);
  check(true, 'the solution did not change when the tabs were moved through');

  // ---- Teach backtracking -------------------------------------------------------------
  await page.click('#mode-search');
  await page.waitForFunction(
      () => document.querySelector('#steptext').textContent.includes('Ready'));
  for (let i = 0; i < 6; i++) await page.click('#step');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '6');
  await page.click('#back');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '5');
  check(true, 'step back goes from step 6 to 5');
  check(
      await page.$$eval('#overlay .row-try', (r) => r.length) === 1,
      'the row being tried is outlined');
  const rejects = await page.$$eval('#marks .mark-reject', (m) => m.length);
  check(rejects >= 1, `rejected squares of the row stay marked (${rejects})`);
  check(
      /^row \d: [a-h]\d is (safe|attacked)/.test(await text(page, '#steptext')),
      `the step is told in board coordinates ("${await text(page, '#steptext')}")`);
  // The speed slider owns its arrow keys.
  await page.focus('#speed');
  await page.keyboard.press('ArrowRight');
  check(
      await text(page, '#stepno') === '5',
      'defect: an arrow key on the speed slider does not step the animation');
  // Timeline scrub.
  await page.$eval('#timeline', (t) => {
    t.value = '40';
    t.dispatchEvent(new Event('input'));
  });
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '40');
  check(true, 'the timeline scrubs to step 40');
  // Run to the next solution; undo reasons are in the log.
  await page.click('#to-solution');
  await page.waitForFunction(
      () => document.querySelector('#found').textContent === '1', null, {timeout: 30000});
  check(
      (await text(page, '#steptext')).includes('solution 1 found') &&
          await page.$eval('#board', (b) => b.classList.contains('solved')),
      'run to the next solution pauses on solution 1');
  const log = await page.$$eval('#steplog li', (l) => l.map((x) => x.textContent));
  check(
      log.some(
          (l) => /every square is attacked → back to row \d: take back the queen on [a-h]\d/.test(
              l)),
      'the step log says why each queen is taken back');
  check((await page.textContent('#live')).length >= 0, 'a live region is present');
  await page.screenshot({path: path.join(outDir, 'viewer-teach-1280.png')});
  await axe(page, 'Teach backtracking');
  // Play after the end starts again; N > 16 disables the controls.
  await setN(page, 4);
  await page.waitForFunction(
      () => document.querySelector('#steptext').textContent.includes('Ready'));
  await page.evaluate(() => {
    document.querySelector('#pause-solutions').checked = false;
    document.querySelector('#speed').value = '100';
    document.querySelector('#speed').dispatchEvent(new Event('input'));
  });
  await page.click('#play');
  await page.waitForFunction(
      () => document.querySelector('#steptext').textContent.includes('Search finished'), null,
      {timeout: 30000});
  check(
      (await text(page, '#steptext')).includes('2 solutions'),
      `N = 4: the search ends with 2 solutions ("${await text(page, '#steptext')}")`);
  const total = num(await text(page, '#stepno'));
  await page.click('#play');  // at the end: plays again from the start
  await page.waitForFunction(
      (t) => Number(document.querySelector('#stepno').textContent.replace(/,/g, '')) < t, total);
  await page.click('#play');
  check(true, `defect: Play after the end (step ${total}) plays again from the start`);
  await setN(page, 20);
  await page.waitForFunction(() => document.querySelector('#play').disabled);
  check(
      await page.isDisabled('#step') && (await text(page, '#steptext')).includes('up to 16'),
      'defect: at N > 16 Play and Step are disabled, with the reason');
  await open(page, '?n=8&mode=search&step=20');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '20');
  check(true, 'the URL restores the animation step');

  // ---- Play ---------------------------------------------------------------------------
  await page.click('#mode-play');
  await page.click('#board .sq[data-row="0"][data-col="0"]');
  await page.click('#board .sq[data-row="1"][data-col="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#lines .conflict').length === 1);
  check(
      (await text(page, '#play-status')).includes('1 pair attack'),
      'play: a conflict is drawn and told');
  await page.click('#board .queen[data-row="1"][data-col="1"]');
  await page.click('#finish');
  await page.waitForFunction(
      () => document.querySelector('#play-status').textContent.startsWith('Finished'));
  check(
      await page.$$eval('#board .queen', (q) => q.length) === 8 &&
          await page.$eval('#board', (b) => b.classList.contains('solved')),
      'play: "finish it for me" completes a1 to a full solution');
  await setN(page, 4);
  await page.click('#board .sq[data-row="0"][data-col="0"]');
  await page.click('#finish');
  await page.waitForFunction(
      () => document.querySelector('#play-status')
                .textContent.includes('No solution keeps these queens'));
  check(true, 'play: N = 4 with a corner queen is explained ("no solution keeps these queens")');
  await axe(page, 'Play');

  // ---- Find -------------------------------------------------------------------------------
  check(
      await page.$$('#find-n').then((x) => x.length) === 0,
      'defect: one N field (Find has none of its own)');
  await page.click('#mode-find');
  await setN(page, 100);
  await page.waitForFunction(
      () => document.querySelector('#find-result').textContent.includes('verified: yes'));
  await setN(page, 2);
  await page.waitForFunction(() => document.querySelector('#error').textContent !== '');
  check(
      !(await text(page, '#find-result')).includes('verified'),
      'defect: an old result does not stay next to a new error');
  await setN(page, 100000);
  await page.waitForFunction(
      () => document.querySelector('#board-canvas').dataset.n === '100000', null, {timeout: 60000});
  check(
      (await text(page, '#find-result')).includes('verified: yes'),
      'defect: find N = 100000 draws without freezing the page');
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  const drawn = num(await page.getAttribute('#board-canvas', 'data-drawn'));
  check(drawn < 100000, `zoomed in, only the rows in view are drawn (${drawn})`);
  await setN(page, 100001);
  await page.waitForFunction(
      () => document.querySelector('#error').textContent.includes('between 1 and 100,000'));
  check(true, 'the page refuses N above the server\'s limit (100,000) in its own words');
  await page.screenshot({path: path.join(outDir, 'viewer-find-1280.png')});

  // ---- Share ------------------------------------------------------------------------------
  await open(page, '?n=8&k=92');
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
  await page.screenshot({path: path.join(outDir, 'viewer-solutions-1280.png')});

  // ---- About ------------------------------------------------------------------------------
  await page.click('#mode-about');
  await page.waitForFunction(() => document.querySelectorAll('#known tbody tr').length === 27);
  const sources =
      await page.$$eval('#known tbody tr td:last-child', (t) => t.map((x) => x.textContent));
  check(
      sources[18] === 'computed by this tool' && sources[26] === 'literature',
      'the known counts mark computed and published values');
  check(
      await page.getAttribute('#api-doc-link', 'href') === '/api/',
      'the page links to the API documentation');
  const apiIndex = await page.request.get(url + 'api/');
  check(
      apiIndex.ok() && (await apiIndex.json()).endpoints !== undefined,
      'GET /api/ lists the endpoints');
  await axe(page, 'About');

  // ---- Sudoku -----------------------------------------------------------------------------
  await page.click('#mode-sudoku');
  await page.waitForFunction(
      () => document.querySelector('#sudoku-rating').textContent.includes('rated'), null,
      {timeout: 30000});
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
  await page.selectOption('#sudoku-level', 'easy');
  await page.click('#sudoku-generate');
  await page.waitForFunction(
      () => document.querySelector('#sudoku-rating').textContent.includes('rated easy'), null,
      {timeout: 30000});
  check(true, 'Sudoku: generate an easy puzzle and rate it');
  await page.screenshot({path: path.join(outDir, 'viewer-sudoku-1280.png')});
  await axe(page, 'Sudoku');

  check(
      encodings.length > 0 && encodings.every((e) => e === 'none'),
      `defect: trace pages are not compressed (${[...new Set(encodings)].join(',')})`);
  check(errors.length === 0, `no errors in the page ${errors.join('; ')}`);
  check(foreign.length === 0, `no request leaves the server ${foreign.join(' ')}`);

  // ---- Phone --------------------------------------------------------------------------------
  const phone = await browser.newPage();
  await phone.setViewportSize({width: 390, height: 844});
  await phone.goto(url + '?n=8&mode=search&step=30');
  await phone.waitForSelector('body[data-ready="1"]');
  await phone.waitForFunction(() => document.querySelector('#stepno').textContent === '30');
  const boardBox = await phone.locator('#board').boundingBox();
  const playBox = await phone.locator('#play').boundingBox();
  check(
      boardBox.y + boardBox.height <= 844 && playBox.y + playBox.height <= 844,
      'defect: on a phone the board and the animation controls are on one screen');
  await phone.screenshot({path: path.join(outDir, 'viewer-teach-390.png')});
  await phone.goto(url + '?n=8&k=92');
  await phone.waitForSelector('body[data-ready="1"]');
  await phone.waitForFunction(() => document.querySelector('#board').dataset.index === '92');
  await phone.screenshot({path: path.join(outDir, 'viewer-solutions-390.png')});
  await axe(phone, 'the phone layout');
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  server.kill();
  rmSync(profile, {recursive: true, force: true});
}
process.exit(failures === 0 ? 0 : 1);
