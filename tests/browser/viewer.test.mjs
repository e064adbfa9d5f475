// Opens the viewer in headless Chromium: N = 8, step to solution 92, check the queens on the
// board against `nqueens list 8`, run the search animation a few steps, save a screenshot.
// Usage: node viewer.test.mjs NQUEENS_BINARY OUTPUT_DIR
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [bin, outDir] = process.argv.slice(2);
if (!bin || !outDir) { console.error('usage: node viewer.test.mjs NQUEENS_BINARY OUTPUT_DIR'); process.exit(2); }

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

// The server on a free port; its first stdout line holds the URL.
function startServer() {
  const server = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('server printed no URL')), 15000);
    server.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) { clearTimeout(timer); resolve({ server, url: m[0] }); }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const expected92 = execFileSync(bin, ['list', '8']).toString().trim().split('\n')[91].split(' ').map(Number);
const { server, url } = await startServer();
process.on('exit', () => server.kill());  // also when anything below throws
const profile = mkdtempSync(path.join(tmpdir(), 'nqueens-chromium-'));
// A fresh profile directory (playwright passes it as --user-data-dir).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1200, height: 820 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => { errors.push(String(e)); console.log('page error: ' + e); });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // Anything but this server would be a CDN or other outside asset.
  const foreign = [];
  page.on('request', (r) => { if (!r.url().startsWith(url)) foreign.push(r.url()); });

  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });

  // N = 8, then solution 92 typed into the index box.
  await page.fill('#n', '8');
  await page.press('#n', 'Enter');
  await page.waitForFunction(() => document.querySelector('#counts').textContent.includes('92 solutions'));
  check((await page.textContent('#counts')).includes('12 unique'), 'counts show 92 solutions, 12 unique');
  await page.fill('#index', '92');
  await page.press('#index', 'Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.index === '92');
  const queens = await page.$$eval('#board .queen', (qs) => qs.map((q) => [Number(q.dataset.row), Number(q.dataset.col)]));
  check(queens.length === 8, `board shows 8 queens (got ${queens.length})`);
  const want = expected92.map((c, r) => [r, c - 1]);
  const same = want.every(([r, c]) => queens.some(([qr, qc]) => qr === r && qc === c));
  check(same, `queens stand on solution 92 of list 8: ${expected92.join(' ')}`);
  check(await page.inputValue('#index') === '92', 'index box shows 92');

  // Keyboard: left arrow goes to 91, End back to 92 (the last).
  await page.click('#perm');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('#board').dataset.index === '91');
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('#board').dataset.index === '92');
  check(true, 'arrow keys and End step through the solutions');

  // Hover a queen: the squares it attacks are marked (row, column, diagonals: 3N-3 to 4N-4... for N = 8 at least 21).
  await page.hover('#board .queen[data-row="0"]');
  const attacked = await page.$$eval('#board .sq.attacked', (s) => s.length);
  check(attacked >= 21, `hovering a queen marks the squares it attacks (${attacked})`);
  await page.screenshot({ path: path.join(outDir, 'viewer-solution-92.png') });

  // The search animation: a few single steps, then play briefly and pause.
  await page.click('#mode-search');
  for (let i = 0; i < 5; i++) await page.click('#step');
  await page.waitForFunction(() => document.querySelector('#stepno').textContent === '5');
  check(Number(await page.textContent('#nodes')) >= 1, 'the animation counts nodes');
  await page.click('#play');
  await page.waitForFunction(() => Number(document.querySelector('#stepno').textContent.replace(/,/g, '')) >= 40, null, { timeout: 20000 });
  await page.click('#play');  // pause
  const paused = await page.textContent('#stepno');
  await page.waitForTimeout(300);
  check(await page.textContent('#stepno') === paused, `pause stops the animation (at step ${paused})`);
  const marks = await page.$$eval('#marks > *', (m) => m.length);
  check(marks === 1, 'the current step is marked on the board');
  await page.screenshot({ path: path.join(outDir, 'viewer-animation.png') });

  // Unique only: the board keeps its class (solution 92 is the mirror image of unique #1).
  await page.click('#mode-solutions');
  await page.waitForFunction(() => document.querySelector('#board').dataset.index === '92');
  await page.check('#unique');
  await page.waitForFunction(() => document.querySelector('#of').textContent.includes('unique'));
  await page.waitForFunction(() => document.querySelector('#board').dataset.index === '1');
  check(await page.textContent('#perm') === '1 5 8 6 3 7 2 4', 'unique only shows the class representative #1');

  // Find: N = 1000 on a canvas.
  await page.click('#mode-find');
  await page.fill('#find-n', '1000');
  await page.click('#find-go');
  await page.waitForFunction(() => document.querySelector('#board-canvas').dataset.n === '1000');
  check((await page.textContent('#find-result')).includes('verified: yes'), 'find draws a verified 1000-queens board');
  check(!(await page.isVisible('#board')) && await page.isVisible('#board-canvas'), 'the large board replaces the small one');
  await page.screenshot({ path: path.join(outDir, 'viewer-find-1000.png') });

  check(errors.length === 0, `no errors in the page ${errors.join('; ')}`);
  check(foreign.length === 0, `no request leaves the server ${foreign.join(' ')}`);
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failures === 0 ? 0 : 1);
