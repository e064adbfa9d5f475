// What every mode of the page shares: the state, the API call, messages, number formats, board
// coordinates and the URL. Rows/columns from the API are 1-based; the page works 0-based. Row
// 0 is drawn at the top and labelled rank 1, files a, b, ... from the left (as in `nqueens list
// --format board|algebraic`); every text names squares the same way ("c3").

export const $ = (id) => document.getElementById(id);
export const SVG_NS = 'http://www.w3.org/2000/svg';
export const CELL = 40;             // SVG units per square
export const MAX_SVG_N = 64;        // larger boards (find) are drawn on a canvas, in O(N) per frame
export const MAX_ANIMATION_N = 16;  // the search animation

export const state = {
  mode: 'solutions',
  n: 8,
  counts: null,
  limits: null,
  target: 1,    // the solution asked for last; clicks and keys count from it
  shown: 0,     // the solution on the board (0: none yet)
  requests: 0,  // solution requests sent; only the answer to the latest one is drawn
  unique: false,
  solution: null,  // 0-based columns of the shown solution
  board: null,     // what the board shows now: 0-based column per row, -1 for none
  trace: null,
  play: {queens: new Set()},  // "r,c" keys
  find: null,
  sudoku: null,
  cursor: null,  // [r, c] of the keyboard cursor on the board
  styleText: '',
};

export async function api(path) {
  const res = await fetch('/api/' + path);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || ('HTTP ' + res.status));
  return body;
}

export function showError(e) {
  $('error').textContent = e ? (e.message || String(e)) : '';
  if (e) announce($('error').textContent);
}
export const fmt = (x) => (x === null || x === undefined) ? '?' : Number(x).toLocaleString('en-US');
export const fmtText = (s) =>
    (s === null || s === undefined) ? '?' : String(s).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const plural = (k, one, many) =>
    `${fmtText(k)} ${String(k) === '1' ? one : (many || one + 's')}`;
let liveTimer = null;
export function announce(
    text) {  // the live region, at most every 300 ms (fast play would flood it)
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => {
    $('live').textContent = text;
  }, 300);
}

// A typed number, checked here so that the message says what was wrong.
export function parseWhole(text, what) {
  const t = text.trim();
  if (/^-\d+$/.test(t)) throw new Error(`${what} must be at least 1, got ${t}`);
  if (!/^\d+$/.test(t)) throw new Error(`${what} must be a whole number, got "${t.slice(0, 20)}"`);
  return Number(t);
}

// ---- coordinates -------------------------------------------------------------------------

export function fileLabel(c, n) { return n <= 26 ? String.fromCharCode(97 + c) : String(c + 1); }
export function sqName(r, c, n = state.n) {
  return n <= 26 ? fileLabel(c, n) + (r + 1) : `col ${c + 1} row ${r + 1}`;
}
export const lineName = {
  column: 'same column',
  diagonal: 'same diagonal',
  'anti-diagonal': 'same anti-diagonal'
};
export function attackLine(r1, c1, r2, c2) {
  if (r1 === r2) return 'same row';
  if (c1 === c2) return 'same column';
  if (r1 - c1 === r2 - c2) return 'same diagonal';
  if (r1 + c1 === r2 + c2) return 'same anti-diagonal';
  return null;
}

// ---- URL state ---------------------------------------------------------------------------

export function updateURL() {
  const p = new URLSearchParams();
  p.set('n', state.n);
  if (state.mode !== 'solutions') p.set('mode', state.mode);
  if (state.mode === 'solutions') {
    p.set('k', state.target);
    if (state.unique) p.set('unique', '1');
  }
  if (state.mode === 'search' && state.trace) p.set('step', state.trace.pos);
  if (state.mode === 'play' && state.play.queens.size)
    p.set(
        'queens',
        [...state.play.queens]
            .map((k) => k.split(',').map((x) => Number(x) + 1).join(':'))
            .join(','));
  if (state.mode === 'sudoku' && state.sudoku) {
    p.set('puzzle', state.sudoku.puzzleText);
    p.set('step', state.sudoku.pos);
  }
  history.replaceState(null, '', '?' + p.toString());
}

// An SVG element with its attributes, appended to parent when given.
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
