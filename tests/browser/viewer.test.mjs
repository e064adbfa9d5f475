// The web viewer in headless Chromium (Debian's), at 1280x800 with a mouse and at 390x844 with
// touch: every defect once seen in it (checks named "defect: ..."), every tab, every URL
// parameter with a bad value, requests overtaken by a new N or tab, and axe-core with the WCAG
// 2.1 A and AA rules in every tab at both sizes (no finding allowed). Screenshots of each tab at
// both sizes go to OUTPUT_DIR (docs/images/ holds copies). No check depends on how fast
// anything is; the last line is "N passed, N failed".
// Usage: node viewer.test.mjs NQUEENS_BINARY OUTPUT_DIR
import {execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {chromium} from 'playwright-core';

import * as about from './about.mjs';
import * as find from './find.mjs';
import {check, results} from './lib.mjs';
import * as links from './links.mjs';
import * as phone from './phone.mjs';
import * as play from './play.mjs';
import * as share from './share.mjs';
import * as solutions from './solutions.mjs';
import * as sudoku from './sudoku.mjs';
import * as teach from './teach.mjs';

const [bin, outDir] = process.argv.slice(2);
if (!bin || !outDir) {
  console.error('usage: node viewer.test.mjs NQUEENS_BINARY OUTPUT_DIR');
  process.exit(2);
}

// The server on a free port; its first stdout line holds the URL.
function startServer() {
  const server = spawn(bin, ['serve', '--port', '0'], {stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server printed no URL')), 15000);
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
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
const profiles = [];
async function launch(options) {
  const profile = mkdtempSync(path.join(tmpdir(), 'nqueens-chromium-'));
  profiles.push(profile);
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    bypassCSP: true,  // lets the test inject axe-core; the page itself loads nothing foreign
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'
    ],
    ...options,
  });
}

// Every page the test opens reports errors and any request that leaves the server.
const errors = [], foreign = [];
function watch(page) {
  page.on('pageerror', (e) => {
    errors.push(String(e));
    console.log('page error: ' + e);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 400/.test(m.text())) errors.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !/^(blob|data):/.test(r.url())) foreign.push(r.url());
  });
  return page;
}

// Each part runs to its end or fails as one check, and the next part still runs.
async function runPart(part, ctx) {
  console.log(`---- ${part.name} at ${ctx.size === 390 ? '390x844, touch' : '1280x800'}`);
  try {
    await part.run(ctx);
  } catch (e) {
    check(
        false,
        `${part.name}: ran to its end (${String(e.stack || e).split('\n').slice(0, 3).join(' ')})`);
  }
}

const desktop = await launch({viewport: {width: 1280, height: 800}});
let mobile = null;
try {
  const ctx = {url, bin, outDir, listed8, size: 1280, page: watch(await desktop.newPage())};
  // (VIEWER_PARTS="Find Play" runs only those parts: for work on one tab)
  const only = (process.env.VIEWER_PARTS || '').split(' ').filter((x) => x);
  for (const part of [solutions, teach, play, find, sudoku, about, share, links, phone]) {
    if (only.length && !only.some((o) => part.name.startsWith(o))) continue;
    if (part === phone) {
      mobile = await launch({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});
      await runPart(part, {...ctx, size: 390, page: watch(await mobile.newPage())});
    } else {
      await runPart(part, ctx);
    }
  }
  check(errors.length === 0, `no errors in the page ${errors.join('; ')}`);
  check(foreign.length === 0, `no request leaves the server ${foreign.join(' ')}`);
  console.log(`screenshots in ${outDir}`);
} finally {
  await desktop.close();
  if (mobile) await mobile.close();
  server.kill();
  for (const p of profiles) rmSync(p, {recursive: true, force: true});
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
