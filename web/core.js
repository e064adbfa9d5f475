// What every mode of the page shares: the state, the API call, messages, number formats, board
// coordinates and the URL. Rows/columns from the API are 1-based; the page works 0-based. Row
// 0 is drawn at the top and labelled rank 1, files a, b, ... from the left (as in `nqueens list
// --format board|algebraic`); every text names squares the same way ("c3").

export const $ = (id) => document.getElementById(id);
export const SVG_NS = 'http://www.w3.org/2000/svg';
export const CELL = 40;             // SVG units per square
export const MAX_SVG_N = 64;        // larger boards (find) are drawn on a canvas, in O(N) per frame
export const MAX_ANIMATION_N = 16;  // the search animation
const BUSY_AFTER_MS = 400;          // a request slower than this shows "Working …"

export const state = {
  mode: 'solutions',
  n: 8,
  counts: null,
  limits: null,
  target: 1n,   // the solution asked for last (BigInt); clicks and keys count from it
  shown: 0n,    // the solution on the board (0n: none yet)
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

// ---- requests --------------------------------------------------------------------------

// Every request belongs to the view (mode and N) it was made for: a new view aborts the
// requests of the old one, so a slow answer can never draw or report on another N or tab.
let viewController = new AbortController();
export function newView() {
  viewController.abort();
  viewController = new AbortController();
}
export const isAbort = (e) => !!e && e.name === 'AbortError';

let busy = 0;
let busyTimer = null;
function setBusy(delta) {
  busy += delta;
  clearTimeout(busyTimer);
  const show = (on) => {
    $('busy').hidden = !on;
    $('board-wrap').setAttribute('aria-busy', String(on));
  };
  if (busy === 0)
    show(false);
  else if ($('busy').hidden)
    busyTimer = setTimeout(() => show(busy > 0), BUSY_AFTER_MS);
}

export async function api(path) {
  const signal = viewController.signal;
  setBusy(1);
  try {
    const res = await fetch('/api/' + path, {signal});
    const body = await res.json();
    if (signal.aborted) throw new DOMException('a newer view replaced this one', 'AbortError');
    if (!res.ok) throw new Error(body.error || ('HTTP ' + res.status));
    return body;
  } finally {
    setBusy(-1);
  }
}

// ---- messages ------------------------------------------------------------------------------

export function showError(e) {
  if (isAbort(e)) return;  // the view it belonged to is gone
  $('error').textContent = e ? (e.message || String(e)) : '';
  if (e) announce($('error').textContent);
}
let liveTimer = null;
export function announce(
    text) {  // the live region, at most every 300 ms (fast play would flood it)
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => {
    $('live').textContent = text;
  }, 300);
}

// Disables (or enables) a control; when it has the focus, the focus moves to `fallback` first
// (a disabled button drops it to the page body, where a keyboard user is lost).
export function setDisabled(id, off, fallback) {
  const e = $(id);
  if (off && document.activeElement === e && fallback) {
    const to =
        (Array.isArray(fallback) ? fallback : [fallback]).map($).find((f) => f && !f.disabled);
    if (to) to.focus();
  }
  e.disabled = off;
}

// ---- numbers -------------------------------------------------------------------------------

// Counts and solution numbers are BigInt (N = 27 has more solutions than 2^53): the server
// sends them as decimal strings (the *_text fields) and the page never turns them into doubles.
export const fmt = (x) => (x === null || x === undefined) ? '?' : fmtText(String(x));
export const fmtText = (s) =>
    (s === null || s === undefined) ? '?' : String(s).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const plural = (k, one, many) =>
    `${fmtText(k)} ${String(k) === '1' ? one : (many || one + 's')}`;

// A typed or linked number, checked here so that the message says what was wrong. Returns a
// BigInt (exact for any length).
export function parseWhole(text, what) {
  const t = String(text).trim();
  if (/^-\d+$/.test(t)) throw new Error(`${what} must be at least 1, got ${t}`);
  if (!/^\d+$/.test(t)) throw new Error(`${what} must be a whole number, got "${t.slice(0, 20)}"`);
  return BigInt(t);
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

// The URL always restores the view (replaced as the view changes).
export function updateURL() {
  const p = new URLSearchParams();
  p.set('n', state.n);
  if (state.mode !== 'solutions') p.set('mode', state.mode);
  if (state.mode === 'solutions') {
    p.set('k', String(state.target));
    if (state.unique) p.set('unique', '1');
  }
  if (state.mode === 'search' && state.trace) p.set('step', state.trace.pos);
  if (state.mode === 'play' && state.play.queens.size) {
    const pairs =
        [...state.play.queens].map((k) => k.split(',').map((x) => Number(x) + 1).join(':'));
    p.set('queens', pairs.join(','));
  }
  if (state.mode === 'sudoku' && state.sudoku) {
    p.set('puzzle', state.sudoku.puzzleText);
    p.set('step', state.sudoku.pos);
    if (state.sudoku.view !== 'search') p.set('view', state.sudoku.view);
  }
  const url = '?' + p.toString();
  if (url !== location.search) history.replaceState(null, '', url);
}
// A new history entry for a new view (a tab or N the user chose), made before the view changes
// the URL, so that the browser's Back button returns to the view before instead of leaving.
export function newHistoryEntry() { history.pushState(null, '', location.search); }

// An SVG element with its attributes, appended to parent when given.
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
