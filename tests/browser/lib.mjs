// Helpers shared by the browser test's parts: checks, page navigation, axe-core, contrast and
// layout measurements. No helper waits on a clock: every wait is for a state of the page.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const axeSource = readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');

export const results = {
  passed: 0,
  failed: 0
};
export function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (ok)
    results.passed++;
  else
    results.failed++;
}

export const text = (page, sel) => page.textContent(sel);
export const num = (s) => Number(String(s).replace(/,/g, ''));

export async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', {timeout: 20000});
}
export async function setN(page, n) {
  await page.fill('#n', String(n));
  await page.press('#n', 'Enter');
}
export const boardIndex = (page, k, timeout = 30000) => page.waitForFunction(
    (k) => document.querySelector('#board').dataset.index === String(k), String(k), {timeout});
export const waitText = (page, sel, part, timeout = 30000) => page.waitForFunction(
    ([sel, part]) => (document.querySelector(sel).textContent || '').includes(part), [sel, part],
    {timeout});
export const queensOf = (page) => page.$$eval(
    '#board .queen', (qs) => qs.map((q) => [Number(q.dataset.row), Number(q.dataset.col)]));

// axe-core with the WCAG 2.1 A and AA rules: every finding, of any impact, fails.
export async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({content: axeSource});
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
      resultTypes: ['violations'],
    });
    return r.violations.map(
        (v) => `${v.id} (${v.impact}): ${
            v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  check(found.length === 0, `axe-core, WCAG 2.1 AA: no violation in ${what} ${found.join('; ')}`);
}

// The page never scrolls sideways.
export async function noSideScroll(page, what) {
  const [sw, w] =
      await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(sw <= w, `${what}: no horizontal scroll (content ${sw} px, window ${w} px)`);
}

// Whether an element lies wholly inside the first screen (without scrolling).
export async function onFirstScreen(page, sel) {
  return page.$eval(sel, (e) => {
    const b = e.getBoundingClientRect();
    return b.width > 0 && b.top >= 0 && b.bottom <= window.innerHeight && b.left >= 0 &&
        b.right <= window.innerWidth;
  });
}

// The contrast of each mark the board can show against both square colours (WCAG 1.4.11):
// each mark is made on the board with its class, its colour read from the computed style.
export async function markContrasts(page) {
  return page.evaluate(() => {
    const lum = (rgb) => {
      const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((x) => {
        const c = Number(x) / 255;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const svg = document.querySelector('#board');
    const ns = 'http://www.w3.org/2000/svg';
    const colourOf = (tag, cls, prop, parentCls) => {
      let parent = svg;
      if (parentCls) {
        parent = document.createElementNS(ns, 'g');
        parent.setAttribute('class', parentCls);
        svg.appendChild(parent);
      }
      const e = document.createElementNS(ns, tag);
      e.setAttribute('class', cls);
      parent.appendChild(e);
      const c = getComputedStyle(e)[prop];
      (parentCls ? parent : e).remove();
      return c;
    };
    const light = colourOf('rect', 'sq light', 'fill'), dark = colourOf('rect', 'sq dark', 'fill');
    const marks = [
      ['path', 'mark-reject', 'stroke'],
      ['circle', 'mark-tried', 'stroke'],
      ['rect', 'mark-place', 'stroke'],
      ['rect', 'row-try', 'stroke'],
      ['line', 'conflict', 'stroke'],
      ['line', 'attack-line', 'stroke'],
      ['circle', 'attack-mark', 'fill'],
      ['rect', 'sq cursor', 'stroke'],
      ['path', '', 'fill', 'queen'],
      ['path', '', 'fill', 'queen hot'],
      ['path', '', 'fill', 'queen bad'],
    ];
    return marks.map(([tag, cls, prop, parentCls]) => {
      const c = colourOf(tag, cls, prop, parentCls);
      return {
        mark: (parentCls || cls).replace(' ', '.'),
        colour: c,
        light: ratio(c, light),
        dark: ratio(c, dark)
      };
    });
  });
}

// Delays the answers to API requests whose path matches `pattern` by `ms` (a slow server, as
// seen by the page: the request itself is real). Returns settled(): a promise for the moment
// every delayed answer has been handed to the page (or dropped, when the page gave it up), and
// the page has had a moment to handle it.
export async function slowDown(page, pattern, ms) {
  const pending = [];
  await page.route(pattern, (route) => {
    const done = (async () => {
      await new Promise((r) => setTimeout(r, ms));
      await route.continue().catch(() => {});  // (the page may have given it up by then)
    })();
    pending.push(done);
    return done;
  });
  return async () => {
    await Promise.all(pending);
    await page.unroute(pattern);
    for (let i = 0; i < 3; i++)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  };
}
