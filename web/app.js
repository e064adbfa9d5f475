// N-Queens viewer: talks to the JSON API of `nqueens serve` (docs/WEB.md). No libraries, no
// network access beyond this server. Rows/columns from the API are 1-based; the page works
// 0-based. Row 0 is drawn at the top and labelled rank 1, files a, b, ... from the left (as in
// `nqueens list --format board|algebraic`); every text names squares the same way ("c3").
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 40;             // SVG units per square
const MAX_SVG_N = 64;        // larger boards (find) are drawn on a canvas, in O(N) per frame
const MAX_ANIMATION_N = 16;  // the search animation
const TRACE_PAGE = 5000;     // steps per trace request
const MAX_KEPT_STEPS = 500000;  // the timeline keeps this many steps (about 50 MB at most)
const LOG_LINES = 60;

const state = {
  mode: 'solutions',
  n: 8,
  counts: null,
  limits: null,
  target: 1,       // the solution asked for last; clicks and keys count from it
  shown: 0,        // the solution on the board (0: none yet)
  requests: 0,     // solution requests sent; only the answer to the latest one is drawn
  unique: false,
  solution: null,  // 0-based columns of the shown solution
  board: null,     // what the board shows now: 0-based column per row, -1 for none
  trace: null,
  play: { queens: new Set() },  // "r,c" keys
  find: null,
  sudoku: null,
  cursor: null,    // [r, c] of the keyboard cursor on the board
  styleText: '',
};

async function api(path) {
  const res = await fetch('/api/' + path);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || ('HTTP ' + res.status));
  return body;
}

function showError(e) {
  $('error').textContent = e ? (e.message || String(e)) : '';
  if (e) announce($('error').textContent);
}
const fmt = (x) => (x === null || x === undefined) ? '?' : Number(x).toLocaleString('en-US');
const fmtText = (s) => (s === null || s === undefined) ? '?' : String(s).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (k, one, many) => `${fmtText(k)} ${String(k) === '1' ? one : (many || one + 's')}`;
let liveTimer = null;
function announce(text) {  // the live region, at most every 300 ms (fast play would flood it)
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => { $('live').textContent = text; }, 300);
}

// ---- coordinates -------------------------------------------------------------------------

function fileLabel(c, n) { return n <= 26 ? String.fromCharCode(97 + c) : String(c + 1); }
function sqName(r, c, n = state.n) {
  return n <= 26 ? fileLabel(c, n) + (r + 1) : `col ${c + 1} row ${r + 1}`;
}
const lineName = { column: 'same column', diagonal: 'same diagonal', 'anti-diagonal': 'same anti-diagonal' };
function attackLine(r1, c1, r2, c2) {
  if (r1 === r2) return 'same row';
  if (c1 === c2) return 'same column';
  if (r1 - c1 === r2 - c2) return 'same diagonal';
  if (r1 + c1 === r2 + c2) return 'same anti-diagonal';
  return null;
}

// ---- URL state ---------------------------------------------------------------------------

function updateURL() {
  const p = new URLSearchParams();
  p.set('n', state.n);
  if (state.mode !== 'solutions') p.set('mode', state.mode);
  if (state.mode === 'solutions') { p.set('k', state.target); if (state.unique) p.set('unique', '1'); }
  if (state.mode === 'search' && state.trace) p.set('step', state.trace.pos);
  if (state.mode === 'play' && state.play.queens.size) p.set('queens', [...state.play.queens].map((k) => k.split(',').map((x) => Number(x) + 1).join(':')).join(','));
  if (state.mode === 'sudoku' && state.sudoku) { p.set('puzzle', state.sudoku.puzzleText); p.set('step', state.sudoku.pos); }
  history.replaceState(null, '', '?' + p.toString());
}

// ---- board drawing -----------------------------------------------------------------------

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function showSurface(which) {  // 'svg', 'canvas' or 'sudoku'
  // (style.display, not the hidden attribute: the stylesheet's display:block would win)
  $('board').style.display = which === 'svg' ? 'block' : 'none';
  $('board-canvas').style.display = which === 'canvas' ? 'block' : 'none';
  $('sudoku-board').hidden = which !== 'sudoku';
}

// Squares and coordinates of an N x N board, and empty layers for marks, queens and lines.
// Labels grow with N so that they stay about 11 px or more on screen.
function drawBoard(n) {
  state.board = new Array(n).fill(-1);
  if (n > MAX_SVG_N) { showSurface('canvas'); return; }
  showSurface('svg');
  const svg = $('board');
  const font = Math.max(14, n * 0.75);
  const margin = Math.round(font * 2);
  const size = n * CELL;
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${size + margin} ${size + margin}`);
  svg.dataset.n = n;
  svg.dataset.margin = margin;
  svg.classList.remove('solved');
  const squares = el('g', { id: 'squares' }, svg);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      el('rect', {
        class: 'sq ' + ((r + c) % 2 === 0 ? 'dark' : 'light'), x: margin + c * CELL, y: r * CELL,
        width: CELL, height: CELL, 'data-row': r, 'data-col': c,
      }, squares);
    }
  }
  const labels = el('g', { 'aria-hidden': 'true' }, svg);
  for (let i = 0; i < n; i++) {
    el('text', { class: 'coord', x: margin / 2, y: i * CELL + CELL / 2, 'font-size': font }, labels).textContent = i + 1;
    el('text', { class: 'coord', x: margin + i * CELL + CELL / 2, y: size + margin / 2, 'font-size': font }, labels)
      .textContent = fileLabel(i, n);
  }
  el('g', { id: 'overlay' }, svg);
  el('g', { id: 'marks' }, svg);
  el('g', { id: 'queens' }, svg);
  el('g', { id: 'lines' }, svg);
  el('g', { id: 'hover' }, svg);
  setBoardText('');
}

function squareXY(r, c) {
  const m = Number($('board').dataset.margin || 0);
  return [m + c * CELL, r * CELL];
}
function center(r, c) { const [x, y] = squareXY(r, c); return [x + CELL / 2, y + CELL / 2]; }

function queenGlyph(r, c, parent) {
  const [x, y] = squareXY(r, c);
  const g = el('g', { class: 'queen', 'data-row': r, 'data-col': c,
    transform: `translate(${x} ${y}) scale(${CELL / 100})` }, parent);
  el('path', { d: 'M18 78 L10 32 L32 55 L50 20 L68 55 L90 32 L82 78 Z' }, g);
  el('rect', { x: 18, y: 80, width: 64, height: 10, rx: 3 }, g);
  return g;
}

function setBoardText(extra) {
  const n = state.n;
  const q = [];
  (state.board || []).forEach((c, r) => { if (c >= 0) q.push(sqName(r, c, state.board.length)); });
  let text;
  if (q.length === 0) text = `Empty ${n} by ${n} board.`;
  else if (q.length > 64) text = `${plural(q.length, 'queen')} on a ${fmt(state.board.length)} by ${fmt(state.board.length)} board, one in each row and column; first rows: ${q.slice(0, 8).join(', ')} …`;
  else text = `${plural(q.length, 'queen')}: ${q.join(', ')}.`;
  $('board-text').textContent = text + (extra ? ' ' + extra : '');
}

// queens: 0-based column per row, -1 for an empty row.
function drawQueens(queens) {
  state.board = queens.slice();
  if (queens.length > MAX_SVG_N) { drawCanvas(); setBoardText(''); return; }
  const layer = $('queens');
  layer.innerHTML = '';
  queens.forEach((c, r) => { if (c >= 0) queenGlyph(r, c, layer); });
  setBoardText('');
}

// Play mode draws any set of squares (several queens may share a row).
function drawQueenSet(squares) {
  const layer = $('queens');
  layer.innerHTML = '';
  for (const [r, c] of squares) queenGlyph(r, c, layer);
}

// ---- hover and keyboard cursor: who attacks a square -------------------------------------

function queensOnBoard() {
  if (state.mode === 'play') return [...state.play.queens].map((k) => k.split(',').map(Number));
  const q = [];
  (state.board || []).forEach((c, r) => { if (c >= 0) q.push([r, c]); });
  return q;
}

function clearHover() {
  for (const sq of document.querySelectorAll('#squares .sq.attacked')) sq.classList.remove('attacked');
  for (const q of document.querySelectorAll('#queens .queen.hot')) q.classList.remove('hot');
  if ($('hover')) $('hover').innerHTML = '';
}

// A queen: mark every square it attacks. An empty square: mark the queens attacking it.
function inspect(r, c, fromKeyboard) {
  clearHover();
  const n = Number($('board').dataset.n);
  const queens = queensOnBoard();
  const here = queens.some(([qr, qc]) => qr === r && qc === c);
  let text;
  if (here) {
    for (const sq of document.querySelectorAll('#squares .sq')) {
      const rr = Number(sq.dataset.row), cc = Number(sq.dataset.col);
      sq.classList.toggle('attacked', !(rr === r && cc === c) && attackLine(r, c, rr, cc) !== null);
    }
    const g = document.querySelector(`#queens .queen[data-row="${r}"][data-col="${c}"]`);
    if (g) g.classList.add('hot');
    text = `${sqName(r, c, n)}: a queen; the marked squares are the ones it attacks.`;
  } else {
    const by = queens.filter(([qr, qc]) => attackLine(qr, qc, r, c) !== null);
    for (const [qr, qc] of by) {
      const g = document.querySelector(`#queens .queen[data-row="${qr}"][data-col="${qc}"]`);
      if (g) g.classList.add('hot');
      const [x1, y1] = center(qr, qc), [x2, y2] = center(r, c);
      el('line', { class: 'attack-line', x1, y1, x2, y2 }, $('hover'));
    }
    text = by.length === 0 ? `${sqName(r, c, n)}: empty, no queen attacks it.`
      : `${sqName(r, c, n)}: empty, attacked by ${by.map(([qr, qc]) => `${sqName(qr, qc, n)} (${attackLine(qr, qc, r, c)})`).join(', ')}.`;
  }
  $('square-info').textContent = text;
  if (fromKeyboard) announce(text);
}

$('board').addEventListener('mouseover', (e) => {
  const t = e.target.closest && (e.target.closest('.queen') || e.target.closest('.sq'));
  if (t) inspect(Number(t.dataset.row), Number(t.dataset.col), false);
});
$('board').addEventListener('mouseleave', () => { clearHover(); $('square-info').textContent = '\u00a0'; });

function moveCursor(dr, dc) {
  const n = Number($('board').dataset.n);
  if (!n) return;
  const [r, c] = state.cursor || [0, 0];
  const nr = Math.max(0, Math.min(n - 1, r + dr)), nc = Math.max(0, Math.min(n - 1, c + dc));
  state.cursor = [nr, nc];
  for (const sq of document.querySelectorAll('#squares .sq.cursor')) sq.classList.remove('cursor');
  const sq = document.querySelector(`#squares .sq[data-row="${nr}"][data-col="${nc}"]`);
  if (sq) sq.classList.add('cursor');
  inspect(nr, nc, true);
}
$('board').addEventListener('focus', () => moveCursor(0, 0));
$('board').addEventListener('blur', () => {
  for (const sq of document.querySelectorAll('#squares .sq.cursor')) sq.classList.remove('cursor');
});
$('board').addEventListener('keydown', (e) => {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) { e.preventDefault(); e.stopPropagation(); moveCursor(...moves[e.key]); }
  else if ((e.key === 'Enter' || e.key === ' ') && state.mode === 'play' && state.cursor) {
    e.preventDefault(); e.stopPropagation(); togglePlayQueen(...state.cursor); inspect(...state.cursor, true);
  }
});

// ---- solutions by index ------------------------------------------------------------------

const uniqueList = () => state.unique;
function listSize() {  // Infinity when not known (N > 27)
  const c = state.counts;
  if (!c) return 0;
  const size = state.unique ? c.unique : c.total;
  return size === null ? Infinity : size;
}
function randomAccess() { const c = state.counts; return !!c && (uniqueList() ? c.random_access_unique : c.random_access); }
// Highest index the server answers for this N (the whole list when it has random access).
function reachable() {
  const c = state.counts;
  if (!c) return 0;
  const walk = uniqueList() ? c.walk_limit_unique : c.walk_limit;
  return Math.min(listSize(), walk === null || walk === undefined ? Infinity : walk);
}

async function loadCounts() {
  state.counts = await api('counts?n=' + state.n);
  const c = state.counts;
  $('counts').textContent = c.total === null
    ? `N = ${state.n}: number of solutions not known (counts are published up to N = 27)`
    : `N = ${state.n}: ${plural(c.total_text, 'solution')}, ${fmtText(c.unique_text)} unique`;
}

function updateIndexView() {
  const size = listSize();
  if (document.activeElement !== $('index')) $('index').value = size === 0 ? '' : String(state.target);
  $('index').disabled = size === 0;
  let text;
  if (size === 0) text = `N = ${state.n} has no solutions`;
  else text = (size === Infinity ? 'of ?' : `of ${fmt(size)}`) + (state.unique ? ' unique' : '');
  const c = state.counts;
  if (c && size !== 0 && !randomAccess()) {
    const max = state.unique ? c.max_rank_unique_n : c.max_rank_n;
    text += ` — solutions 1 to ${fmt(reachable())} are reachable (random access up to N = ${max}${state.unique ? ' for the unique list' : ''}; beyond, the list is walked from #1 within ${state.limits ? state.limits.max_seconds : 3} s)`;
  }
  $('of').textContent = text;
  const lastOk = reachable();
  $('first').disabled = $('prev').disabled = size === 0 || state.target <= 1;
  $('next').disabled = $('last').disabled = size === 0 || state.target >= lastOk;
}

function drawEmptySolution() {
  state.solution = null;
  state.shown = 0;
  drawBoard(state.n);
  drawQueens(new Array(state.n).fill(-1));
  $('perm').textContent = '\u00a0';
  $('board').dataset.index = '';
}

// Asks for solution #k; the board changes when (and only when) the latest answer arrives.
async function showSolution(k) {
  showError(null);
  const size = listSize();
  if (size === 0) { drawEmptySolution(); updateIndexView(); return; }
  const max = reachable();
  if (k < 1 || k > max) {
    updateIndexView();
    $('index').value = String(state.target);  // the box keeps showing the board's number
    throw new Error(k < 1 ? 'the solution number must be at least 1'
      : (max < size ? `only solutions 1 to ${fmt(max)} can be reached for N = ${state.n}`
        : `N = ${state.n} has ${plural(size, state.unique ? 'unique solution' : 'solution')}: choose 1 to ${fmt(size)}`));
  }
  state.target = k;
  updateIndexView();
  updateURL();
  const ticket = ++state.requests;
  const n = state.n;
  const s = await api(`solution?n=${n}&index=${k}&unique=${state.unique ? 1 : 0}`);
  if (ticket !== state.requests || state.n !== n || state.mode !== 'solutions') return;
  state.shown = s.index;
  state.solution = s.solution.map((c) => c - 1);
  drawBoard(n);
  drawQueens(state.solution);
  $('perm').textContent = s.solution.join(' ');
  $('board').dataset.index = s.index;
  updateIndexView();
  announce(`solution ${fmt(s.index)} of ${fmt(listSize())}: ${$('board-text').textContent}`);
}

const go = (k) => showSolution(k).catch((e) => { showError(e); updateIndexView(); });
const step = (d) => go(state.target + d);

$('first').onclick = () => go(1);
$('prev').onclick = () => step(-1);
$('next').onclick = () => step(1);
$('last').onclick = () => go(reachable());

// A typed number, checked here so that the message says what was wrong.
function parseWhole(text, what) {
  const t = text.trim();
  if (/^-\d+$/.test(t)) throw new Error(`${what} must be at least 1, got ${t}`);
  if (!/^\d+$/.test(t)) throw new Error(`${what} must be a whole number, got "${t.slice(0, 20)}"`);
  return Number(t);
}
function commitIndex() {
  const text = $('index').value;
  if (text.trim() === String(state.target)) return;
  let k;
  try { k = parseWhole(text, 'the solution number'); } catch (e) { showError(e); $('index').value = String(state.target); return; }
  go(k);
}
$('index').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') { e.preventDefault(); commitIndex(); }
  else if (e.key === 'ArrowUp') { e.preventDefault(); step(1); }
  else if (e.key === 'ArrowDown') { e.preventDefault(); step(-1); }
});
$('index').addEventListener('change', commitIndex);  // Tab or a click elsewhere
$('unique').addEventListener('change', async () => {
  // Keep the same board when possible: its class's representative, or the board itself.
  const before = state.solution;
  state.unique = $('unique').checked;
  let k = 1;
  try {
    const max = state.unique ? state.counts.max_rank_unique_n : state.counts.max_rank_n;
    if (before && state.n <= max) {
      const r = await api(`rank?solution=${before.map((c) => c + 1).join(',')}&unique=${state.unique ? 1 : 0}`);
      k = r.index;
    }
  } catch (e) { k = 1; }
  go(k);
});

// Shortcuts act only where keys have no meaning of their own (text fields, sliders, tabs,
// the board's cursor keep theirs).
function ownsKeys(t) {
  if (!t || !t.closest) return false;
  return !!t.closest('input, textarea, select, [role="tab"], #board, #board-canvas');
}
document.addEventListener('keydown', (e) => {
  if (ownsKeys(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
  if (state.mode === 'solutions') {
    const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => go(1), End: () => go(reachable()) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  } else if (state.mode === 'search') {
    if (e.key === ' ' && e.target.tagName !== 'BUTTON') { e.preventDefault(); togglePlay(); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); stopPlay(); stepForward(); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); stopPlay(); stepBack(); }
  }
});

// ---- teach backtracking: the search animation --------------------------------------------

function speed() {  // steps per second, 1 .. 500 on a log scale
  return Math.round(Math.pow(500, Number($('speed').value) / 100));
}
$('speed').addEventListener('input', () => {
  $('speed-text').textContent = speed() + ' steps/s';
  if (state.trace && state.trace.timer) { stopPlay(); startPlay(); }
});

function newTrace() {
  return { n: state.n, steps: [], done: false, loading: null, pos: 0, timer: null, until: null,
    view: null };
}

function teachAvailable() { return state.n <= MAX_ANIMATION_N; }

function resetTrace(pos = 0) {
  stopPlay();
  state.trace = newTrace();
  drawBoard(state.n);
  const ok = teachAvailable();
  for (const id of ['back', 'play', 'step', 'to-solution', 'reset', 'timeline']) $(id).disabled = !ok;
  $('steplog').innerHTML = '';
  if (!ok) {
    $('steptext').textContent = `The animation is for N up to ${MAX_ANIMATION_N} (N = ${state.n} would take years to watch).`;
    render();
    return Promise.resolve();
  }
  $('steptext').textContent = 'Ready: press Play or Step.';
  render();
  return pos > 0 ? seek(pos) : fetchTrace();
}

async function fetchTrace() {
  const t = state.trace;
  if (t.done || t.loading || t.steps.length >= MAX_KEPT_STEPS) return t.loading;
  t.loading = api(`trace?n=${t.n}&from=${t.steps.length}&limit=${TRACE_PAGE}`).then((page) => {
    if (t !== state.trace) return;
    for (const s of page.steps) t.steps.push(s);
    t.done = page.done;
    t.loading = null;
    $('timeline').max = t.steps.length;
  }, (e) => { t.loading = null; throw e; });
  return t.loading;
}

// The board after the first `pos` steps: queens, the row being tried and its rejected squares.
function replay(t, pos) {
  const n = t.n;
  const v = { queens: new Array(n).fill(-1), rejects: Array.from({ length: n }, () => []), placed: 0 };
  for (let i = 0; i < pos; i++) applyTo(v, t.steps[i]);
  return v;
}
function applyTo(v, s) {
  const r = s.row - 1, c = s.col - 1;
  if (s.kind === 'place') {
    v.queens[r] = c; v.placed = r + 1;
    if (r + 1 < v.queens.length) v.rejects[r + 1] = [];  // a new visit of the next row
  } else if (s.kind === 'reject') v.rejects[r].push(c);
  else if (s.kind === 'undo') { v.queens[r] = -1; v.placed = r; v.rejects[r].push(c); }
}

function describeStep(t, i) {
  const s = t.steps[i];
  const n = t.n;
  const sq = sqName(s.row - 1, s.col - 1, n);
  switch (s.kind) {
    case 'place': return `row ${s.row}: ${sq} is safe, place a queen there`;
    case 'reject': return `row ${s.row}: ${sq} is attacked by the queen on ${sqName(s.by[0] - 1, s.by[1] - 1, n)} (${lineName[s.line] || s.line})`;
    case 'solution': return `solution ${fmt(s.solutions)} found`;
    case 'undo': {
      const prev = i > 0 ? t.steps[i - 1] : null;
      if (prev && prev.kind === 'solution') return `take back the queen on ${sq} to look for the next solution`;
      return `${undoReason(t, i, s)} → back to row ${s.row}: take back the queen on ${sq}`;
    }
  }
  return s.kind;
}

// Why row R's queen goes back: row R+1 ran out of squares. "Every square is attacked" when no
// queen was even placed there during this visit (looked up at most 400 steps back).
function undoReason(t, i, s) {
  let tried = false;
  for (let j = i - 1, k = 0; j >= 0 && k < 400; j--, k++) {
    const p = t.steps[j];
    if (p.kind === 'place' && p.row === s.row) break;
    if (p.kind === 'undo' && p.row === s.row + 1) { tried = true; break; }
    if (k === 399) tried = true;
  }
  return tried ? `row ${s.row + 1}: no square left to try (the rest are attacked or led to dead ends)`
    : `row ${s.row + 1}: every square is attacked`;
}

function render() {
  const t = state.trace;
  if (!t || state.mode !== 'search') return;
  if (!t.view || t.view.pos !== t.pos) {
    // Forward by one step is incremental; anything else replays from the start (O(pos)).
    if (t.view && t.view.pos === t.pos - 1) { applyTo(t.view, t.steps[t.pos - 1]); t.view.pos = t.pos; }
    else { t.view = replay(t, t.pos); t.view.pos = t.pos; }
  }
  const v = t.view;
  const n = t.n;
  drawQueens(v.queens);
  if (n > MAX_SVG_N) return;
  const overlay = $('overlay'), marks = $('marks'), lines = $('lines');
  overlay.innerHTML = ''; marks.innerHTML = ''; lines.innerHTML = '';
  const last = t.pos > 0 ? t.steps[t.pos - 1] : null;
  const solved = !!last && last.kind === 'solution';
  $('board').classList.toggle('solved', solved);
  const m = Number($('board').dataset.margin);
  if (!solved && v.placed < n && teachAvailable()) {
    el('rect', { class: 'row-try', x: m + 2, y: v.placed * CELL + 2, width: n * CELL - 4, height: CELL - 4 }, overlay);
    for (const c of v.rejects[v.placed]) {
      const [x, y] = squareXY(v.placed, c);
      el('path', { class: 'mark-reject', d: `M${x + 10} ${y + 10} L${x + 30} ${y + 30} M${x + 30} ${y + 10} L${x + 10} ${y + 30}` }, marks);
    }
  }
  if (last) {
    const [x, y] = squareXY(last.row - 1, last.col - 1);
    const box = { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6 };
    if (last.kind === 'place') el('rect', { class: 'mark-place', ...box }, marks);
    else if (last.kind === 'undo') el('rect', { class: 'mark-undo', ...box }, marks);
    else if (last.kind === 'reject') {
      el('rect', { class: 'mark-reject mark-current', ...box }, marks);
      const [bx, by] = center(last.by[0] - 1, last.by[1] - 1);
      el('line', { class: 'conflict', x1: bx, y1: by, x2: x + CELL / 2, y2: y + CELL / 2 }, lines);
    }
  }
  $('stepno').textContent = fmt(t.pos);
  $('nodes').textContent = fmt(last ? last.nodes : 0);
  $('found').textContent = fmt(last ? last.solutions : 0);
  $('timeline').max = Math.max(t.steps.length, t.pos);
  $('timeline').value = t.pos;
  $('back').disabled = t.pos === 0 || !teachAvailable();
  const finished = t.done && t.pos >= t.steps.length;
  if (last) $('steptext').textContent = finished ? `Search finished: ${plural(last.solutions, 'solution')}, ${plural(last.nodes, 'node')} visited.` : describeStep(t, t.pos - 1);
  $('play').textContent = t.timer ? 'Pause' : (finished ? 'Play again' : 'Play');
  $('play').setAttribute('aria-label', t.timer ? 'pause' : (finished ? 'play again from the start' : 'play'));
  $('step').disabled = finished || !teachAvailable();
  if (!t.timer || t.pos % 10 === 0) renderLog(t);
  $('board').dataset.step = t.pos;
}

function renderLog(t) {
  const log = $('steplog');
  log.innerHTML = '';
  const from = Math.max(0, t.pos - LOG_LINES);
  log.start = from + 1;
  for (let i = from; i < t.pos; i++) {
    const li = document.createElement('li');
    li.textContent = describeStep(t, i);
    if (i === t.pos - 1) li.className = 'current';
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

// One step forward; false at the end of the search (or of what the page keeps).
async function stepForward() {
  const t = state.trace;
  if (!t || !teachAvailable()) return false;
  if (t.pos >= t.steps.length) {
    if (t.done || t.steps.length >= MAX_KEPT_STEPS) { finish(); return false; }
    await fetchTrace();
    if (t !== state.trace || t.pos >= t.steps.length) { finish(); return false; }
  }
  t.pos++;
  render();
  if (!t.done && t.steps.length - t.pos < TRACE_PAGE / 2) fetchTrace().catch(showError);
  if (!t.timer) announce($('steptext').textContent);
  return true;
}

function stepBack() {
  const t = state.trace;
  if (!t || t.pos === 0) return;
  t.pos--;
  render();
  announce(t.pos === 0 ? 'back at the start' : $('steptext').textContent);
  updateURL();
}

async function seek(pos) {
  const t = state.trace;
  while (t === state.trace && t.steps.length < pos && !t.done && t.steps.length < MAX_KEPT_STEPS) await fetchTrace();
  t.pos = Math.min(pos, t.steps.length);
  render();
  updateURL();
}

function finish() {
  stopPlay();
  const t = state.trace;
  if (t && t.steps.length >= MAX_KEPT_STEPS && !t.done)
    $('steptext').textContent = `The page keeps the first ${fmt(MAX_KEPT_STEPS)} steps; \`nqueens trace ${t.n} --from ${MAX_KEPT_STEPS}\` prints the rest.`;
  render();
  announce($('steptext').textContent);
}

function startPlay(until) {
  const t = state.trace;
  if (!t || !teachAvailable()) return;
  if (t.done && t.pos >= t.steps.length) { t.pos = 0; t.view = null; }  // play again
  t.until = until || null;
  let busy = false;
  const sps = until === 'solution' ? 2000 : speed();
  const interval = 1000 / sps;
  const perTick = Math.max(1, Math.round(16 / interval));  // above ~60 steps/s, several per frame
  t.timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      for (let i = 0; i < perTick; i++) {
        if (!(await stepForward())) break;
        const s = t.steps[t.pos - 1];
        if (s.kind === 'solution' && (t.until === 'solution' || $('pause-solutions').checked)) {
          stopPlay(); render(); announce($('steptext').textContent); break;
        }
      }
    } catch (e) { showError(e); stopPlay(); }
    busy = false;
  }, Math.max(interval, 16));
  render();
}

function stopPlay() {
  const t = state.trace;
  if (t && t.timer) { clearInterval(t.timer); t.timer = null; render(); updateURL(); }
}

function togglePlay() {
  if (!state.trace) return;
  if (state.trace.timer) stopPlay(); else startPlay();
}

$('play').onclick = togglePlay;
$('step').onclick = () => { stopPlay(); stepForward().catch(showError); };
$('back').onclick = () => { stopPlay(); stepBack(); };
$('to-solution').onclick = () => { stopPlay(); startPlay('solution'); };
$('reset').onclick = () => { resetTrace().catch(showError); updateURL(); };
$('timeline').addEventListener('input', () => { stopPlay(); seek(Number($('timeline').value)).catch(showError); });

// ---- play: place queens yourself ---------------------------------------------------------

function togglePlayQueen(r, c) {
  const key = `${r},${c}`;
  if (state.play.queens.has(key)) state.play.queens.delete(key); else state.play.queens.add(key);
  state.play.added = null;
  renderPlay();
  updateURL();
}

function renderPlay() {
  const n = state.n;
  if (n > MAX_SVG_N) return;
  const squares = [...state.play.queens].map((k) => k.split(',').map(Number));
  drawQueenSet(squares);
  const lines = $('lines'), marks = $('marks');
  lines.innerHTML = ''; marks.innerHTML = '';
  let pairs = 0;
  const bad = new Set();
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      const [r1, c1] = squares[i], [r2, c2] = squares[j];
      if (attackLine(r1, c1, r2, c2) === null) continue;
      pairs++;
      bad.add(i); bad.add(j);
      const [x1, y1] = center(r1, c1), [x2, y2] = center(r2, c2);
      el('line', { class: 'conflict', x1, y1, x2, y2 }, lines);
    }
  }
  for (const i of bad) {
    const [r, c] = squares[i];
    const g = document.querySelector(`#queens .queen[data-row="${r}"][data-col="${c}"]`);
    if (g) g.classList.add('bad');
  }
  if (state.play.added) for (const [r, c] of state.play.added) {
    const [x, y] = squareXY(r, c);
    el('rect', { class: 'mark-place', x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6 }, marks);
  }
  const board = new Array(n).fill(-1);
  for (const [r, c] of squares) board[r] = c;
  state.board = board;
  const names = squares.map(([r, c]) => sqName(r, c, n));
  $('board-text').textContent = squares.length ? `${plural(squares.length, 'queen')}: ${names.join(', ')}.` : `Empty ${n} by ${n} board.`;
  let status;
  if (pairs > 0) status = `${plural(squares.length, 'queen')}; ${plural(pairs, 'pair')} attack each other (red lines).`;
  else if (squares.length === n) status = `Solved: ${plural(n, 'queen')} and none attacks another.`;
  else status = `${plural(squares.length, 'queen')} placed, no attacks so far; ${plural(n - squares.length, 'queen')} to go.`;
  $('play-status').textContent = status;
  $('board').classList.toggle('solved', pairs === 0 && squares.length === n);
  announce(status);
}

$('board').addEventListener('click', (e) => {
  if (state.mode !== 'play') return;
  const t = e.target.closest && (e.target.closest('.queen') || e.target.closest('.sq'));
  if (t) togglePlayQueen(Number(t.dataset.row), Number(t.dataset.col));
});
$('clear').onclick = () => { state.play.queens.clear(); state.play.added = null; renderPlay(); updateURL(); };
$('finish').onclick = async () => {
  showError(null);
  const squares = [...state.play.queens].map((k) => k.split(',').map(Number));
  $('play-status').textContent = 'Asking the completion solver …';
  try {
    const q = squares.map(([r, c]) => `${r + 1}:${c + 1}`).join(',');
    const res = await api(`complete?n=${state.n}&queens=${q}`);
    if (!res.found) {
      $('play-status').textContent = res.reason === 'this N has no solution'
        ? `N = ${state.n} has no solution at all.`
        : 'No solution keeps these queens: every way to add the rest leads to an attack. Remove a queen and try again.';
      announce($('play-status').textContent);
      return;
    }
    const had = new Set(state.play.queens);
    state.play.queens = new Set(res.solution.map((c, r) => `${r},${c - 1}`));
    state.play.added = res.solution.map((c, r) => [r, c - 1]).filter(([r, c]) => !had.has(`${r},${c}`));
    renderPlay();
    $('play-status').textContent = `Finished: ${plural(state.play.added.length, 'queen')} added (outlined in green), your ${plural(had.size, 'queen')} kept.`;
    announce($('play-status').textContent);
    updateURL();
  } catch (e) {
    $('play-status').textContent = '\u00a0';
    showError(e);
  }
};

// ---- find: one solution for large N, drawn in O(N) with zoom and pan ----------------------

function drawCanvas() {
  const f = state.find;
  const canvas = $('board-canvas');
  if (!f) return;
  const n = f.n;
  const w = canvas.clientWidth || 600;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr); canvas.height = Math.round(w * dpr);
  canvas.dataset.n = n;
  const g = canvas.getContext('2d');
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.fillStyle = '#f0d9b5';
  g.fillRect(0, 0, canvas.width, canvas.height);
  const s = f.scale * dpr;  // pixels per square
  const ox = f.ox * dpr, oy = f.oy * dpr;
  // Squares: one pattern fill (a 2 x 2 checker tile), so the cost does not grow with N^2.
  if (s >= 3) {
    const tile = document.createElement('canvas');
    tile.width = tile.height = 2;
    const tg = tile.getContext('2d');
    tg.fillStyle = '#f0d9b5'; tg.fillRect(0, 0, 2, 2);
    tg.fillStyle = '#b58863'; tg.fillRect(0, 0, 1, 1); tg.fillRect(1, 1, 1, 1);
    const pattern = g.createPattern(tile, 'repeat');
    pattern.setTransform(new DOMMatrix([s, 0, 0, s, -ox, -oy]));
    g.imageSmoothingEnabled = false;
    g.fillStyle = pattern;
    g.fillRect(Math.max(0, -ox), Math.max(0, -oy), Math.min(canvas.width, n * s - ox), Math.min(canvas.height, n * s - oy));
  }
  // Queens: only the rows in view, one queen each.
  g.fillStyle = '#a3000f';
  const r0 = Math.max(0, Math.floor(oy / s)), r1 = Math.min(n - 1, Math.ceil((oy + canvas.height) / s));
  const rad = Math.max(1, s * 0.38);
  for (let r = r0; r <= r1; r++) {
    const x = f.queens[r] * s - ox + s / 2, y = r * s - oy + s / 2;
    if (x < -s || x > canvas.width + s) continue;
    if (s >= 4) { g.beginPath(); g.arc(x, y, rad, 0, 2 * Math.PI); g.fill(); }
    else g.fillRect(x - rad, y - rad, 2 * rad, 2 * rad);
  }
  canvas.dataset.drawn = String(r1 - r0 + 1);
}

function fitFind() {
  const f = state.find;
  if (!f) return;
  const w = $('board-canvas').clientWidth || 600;
  f.scale = w / f.n; f.ox = 0; f.oy = 0;
}
function zoom(factor, cx, cy) {
  const f = state.find;
  if (!f) return;
  const w = $('board-canvas').clientWidth || 600;
  cx = cx === undefined ? w / 2 : cx; cy = cy === undefined ? w / 2 : cy;
  const next = Math.max(w / f.n, Math.min(80, f.scale * factor));
  f.ox = (f.ox + cx) * next / f.scale - cx;
  f.oy = (f.oy + cy) * next / f.scale - cy;
  f.scale = next;
  clampFind(); drawCanvas();
}
function clampFind() {
  const f = state.find, w = $('board-canvas').clientWidth || 600;
  const max = Math.max(0, f.n * f.scale - w);
  f.ox = Math.max(0, Math.min(max, f.ox)); f.oy = Math.max(0, Math.min(max, f.oy));
}

async function find() {
  showError(null);
  $('find-result').textContent = '\u00a0';
  const n = state.n;
  const r = await api('find?n=' + n);
  if (state.mode !== 'find' || state.n !== n) return;
  const queens = r.solution.map((c) => c - 1);
  if (n > MAX_SVG_N) {
    state.find = { n, queens, scale: 1, ox: 0, oy: 0 };
    showSurface('canvas');
    fitFind();
    state.board = queens;
    drawCanvas();
    setBoardText('Zoom and pan to see single squares.');
  } else {
    state.find = null;
    drawBoard(n);
    drawQueens(queens);
  }
  $('find-result').textContent = `${plural(r.n, 'queen')} placed by ${r.method}; verified: ${r.verified ? 'yes' : 'NO'}.`;
  announce($('find-result').textContent);
}
$('find-go').onclick = () => find().catch(showError);
$('zoom-in').onclick = () => zoom(2);
$('zoom-out').onclick = () => zoom(0.5);
$('zoom-fit').onclick = () => { fitFind(); drawCanvas(); };
$('board-canvas').addEventListener('wheel', (e) => {
  e.preventDefault();
  const b = $('board-canvas').getBoundingClientRect();
  zoom(e.deltaY < 0 ? 1.25 : 0.8, e.clientX - b.left, e.clientY - b.top);
}, { passive: false });
let drag = null;
$('board-canvas').addEventListener('pointerdown', (e) => { drag = [e.clientX, e.clientY]; $('board-canvas').setPointerCapture(e.pointerId); });
$('board-canvas').addEventListener('pointermove', (e) => {
  if (!drag || !state.find) return;
  state.find.ox -= e.clientX - drag[0]; state.find.oy -= e.clientY - drag[1];
  drag = [e.clientX, e.clientY];
  clampFind(); drawCanvas();
});
$('board-canvas').addEventListener('pointerup', () => { drag = null; });
$('board-canvas').addEventListener('keydown', (e) => {
  const d = 60, moves = { ArrowUp: [0, -d], ArrowDown: [0, d], ArrowLeft: [-d, 0], ArrowRight: [d, 0] };
  if (moves[e.key] && state.find) {
    e.preventDefault(); state.find.ox += moves[e.key][0]; state.find.oy += moves[e.key][1]; clampFind(); drawCanvas();
  } else if (e.key === '+' || e.key === '=') zoom(2);
  else if (e.key === '-') zoom(0.5);
});
window.addEventListener('resize', () => { if (state.mode === 'find' && state.find) { clampFind(); drawCanvas(); } });

// ---- Sudoku ------------------------------------------------------------------------------

function sudokuCells() {
  const board = $('sudoku-board');
  if (board.children.length === 81) return board.children;
  board.innerHTML = '';
  board.setAttribute('aria-hidden', 'true');  // read as text from #board-text instead
  for (let i = 0; i < 81; i++) {
    const d = document.createElement('div');
    if (i % 9 === 2 || i % 9 === 5) d.classList.add('bx');
    if (Math.floor(i / 9) === 2 || Math.floor(i / 9) === 5) d.classList.add('by');
    board.appendChild(d);
  }
  return board.children;
}
const cellName = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
function candidatesAt(grid, i) {
  const r = Math.floor(i / 9), c = i % 9;
  const used = new Set();
  for (let k = 0; k < 9; k++) {
    used.add(grid[r * 9 + k]); used.add(grid[k * 9 + c]);
    used.add(grid[(Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3)]);
  }
  const out = [];
  for (let d = 1; d <= 9; d++) if (!used.has(d)) out.push(d);
  return out;
}

function sudokuSteps() {
  const s = state.sudoku;
  return s.view === 'search' ? s.data.search.steps : s.data.explain;
}

function renderSudoku() {
  const s = state.sudoku;
  const cells = sudokuCells();
  if (!s) { for (const d of cells) d.textContent = ''; return; }
  const steps = sudokuSteps();
  const grid = s.puzzle.slice();
  const removed = Array.from({ length: 81 }, () => new Set());  // eliminations (explain)
  const guessed = new Set();
  let now = -1, undone = -1, text = 'The puzzle as given.';
  for (let i = 0; i < s.pos; i++) {
    const st = steps[i];
    if (s.view === 'search') {
      if (st.k === 'place' || st.k === 'guess') { grid[st.c] = st.d; if (st.k === 'guess') guessed.add(st.c); }
      else if (st.k === 'undo') { grid[st.c] = 0; guessed.delete(st.c); }
      if (i === s.pos - 1) {
        now = st.c;
        if (st.k === 'undo') undone = st.c;
        text = st.k === 'place' ? `${cellName(st.c)} = ${st.d}: its only candidate (forced)`
          : st.k === 'guess' ? `${cellName(st.c)} = ${st.d}: a guess, one of ${st.of} candidates`
            : st.k === 'undo' ? `${cellName(st.c)}: take back ${st.d}, it led to a dead end`
              : `${cellName(st.c)} has no candidate left: dead end, back up`;
      }
    } else {
      for (const [c, d] of st.place) grid[c] = d;
      for (const [c, d] of st.eliminate) removed[c].add(d);
      if (i === s.pos - 1) { now = st.place.length ? st.place[0][0] : (st.eliminate.length ? st.eliminate[0][0] : -1); text = st.text; }
    }
  }
  if (s.showSolution) { for (let i = 0; i < 81; i++) grid[i] = Number(s.data.solution[i]); text = 'The solution.'; }
  for (let i = 0; i < 81; i++) {
    const d = cells[i];
    d.className = d.className.replace(/\b(given|filled|guess|now|undone)\b/g, '').trim();
    d.innerHTML = '';
    if (s.puzzle[i]) { d.classList.add('given'); d.textContent = s.puzzle[i]; }
    else if (grid[i]) { d.classList.add('filled'); d.textContent = grid[i]; }
    else {
      const cands = candidatesAt(grid, i).filter((x) => !removed[i].has(x));
      const box = document.createElement('div');
      box.className = 'cands';
      for (let k = 1; k <= 9; k++) { const sp = document.createElement('span'); sp.textContent = cands.includes(k) ? k : ''; box.appendChild(sp); }
      d.appendChild(box);
    }
    if (guessed.has(i)) d.classList.add('guess');
    if (i === now) d.classList.add('now');
    if (i === undone) d.classList.add('undone');
  }
  $('sudoku-timeline').max = steps.length;
  $('sudoku-timeline').value = s.pos;
  $('sudoku-steptext').textContent = `Step ${fmt(s.pos)} of ${fmt(steps.length)}${s.view === 'search' && s.data.search.truncated ? '+' : ''}: ${text}`;
  $('sudoku-back').disabled = $('sudoku-first').disabled = s.pos === 0;
  $('sudoku-step').disabled = $('sudoku-end').disabled = s.pos >= steps.length;
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(`row ${r + 1}: ${grid.slice(r * 9, r * 9 + 9).map((x) => x || 'empty').join(' ')}`);
  $('board-text').textContent = `Sudoku grid, ${grid.filter((x) => x).length} of 81 cells filled; ${rows.join('; ')}.`;
}

async function sudokuSolve(puzzleText, pos = 0) {
  showError(null);
  const data = await api('sudoku?puzzle=' + encodeURIComponent(puzzleText.replace(/\s+/g, '')));
  if (data.error) throw new Error(data.error);
  const view = document.querySelector('input[name="sudoku-view"]:checked').value;
  state.sudoku = { data, puzzleText: data.puzzle, puzzle: [...data.puzzle].map((ch) => (ch === '.' ? 0 : Number(ch))), pos: 0, view };
  state.sudoku.pos = Math.min(pos, sudokuSteps().length);
  const r = data.rating;
  $('sudoku-rating').textContent = `${data.solutions > 1 ? 'More than one solution' : 'One solution'}; rated ${r.level} (score ${r.score.toFixed(1)}, hardest step: ${r.hardest}${r.guesses ? `, ${plural(r.guesses, 'guess', 'guesses')}` : ''}); the search takes ${plural(data.search.steps.length, 'step')}${data.search.truncated ? ' (first 20,000 shown)' : ''}.`;
  announce($('sudoku-rating').textContent);
  renderSudoku();
  updateURL();
}
const sudokuMove = (to) => { const s = state.sudoku; if (!s) return; s.showSolution = false; s.pos = Math.max(0, Math.min(sudokuSteps().length, to)); renderSudoku(); updateURL(); announce($('sudoku-steptext').textContent); };
$('sudoku-solve').onclick = () => sudokuSolve($('sudoku-input').value).catch(showError);
$('sudoku-generate').onclick = async () => {
  try {
    showError(null);
    const number = Math.floor(Math.random() * 1e9) + 1;
    const data = await api(`sudoku?op=generate&level=${$('sudoku-level').value}&number=${number}`);
    $('sudoku-input').value = data.puzzle;
    await sudokuSolve(data.puzzle);
  } catch (e) { showError(e); }
};
$('sudoku-first').onclick = () => sudokuMove(0);
$('sudoku-back').onclick = () => sudokuMove(state.sudoku.pos - 1);
$('sudoku-step').onclick = () => sudokuMove(state.sudoku.pos + 1);
$('sudoku-end').onclick = () => sudokuMove(Infinity);
$('sudoku-show').onclick = () => { if (state.sudoku) { state.sudoku.showSolution = true; renderSudoku(); } };
$('sudoku-timeline').addEventListener('input', () => sudokuMove(Number($('sudoku-timeline').value)));
for (const r of document.querySelectorAll('input[name="sudoku-view"]')) r.addEventListener('change', () => {
  if (!state.sudoku) return;
  state.sudoku.view = r.value; state.sudoku.pos = 0; renderSudoku();
});

// ---- about: the known counts -------------------------------------------------------------

async function loadKnown() {
  const body = $('known').querySelector('tbody');
  if (body.children.length) return;
  const k = await api('known');
  for (const row of k.counts) {
    const tr = document.createElement('tr');
    const src = row.computed ? 'computed by this tool' : 'literature';
    tr.innerHTML = `<th scope="row">${row.n}</th><td>${fmtText(row.total_text)}</td><td>${fmtText(row.unique_text)}</td><td class="${row.computed ? 'ours' : 'lit'}">${src}</td>`;
    body.appendChild(tr);
  }
}

// ---- share: link, SVG and PNG ------------------------------------------------------------

function boardSVGText() {
  if (state.mode === 'sudoku') throw new Error('the download is for the chessboard; copy the puzzle line instead');
  if (state.find && state.mode === 'find' && state.find.n > MAX_SVG_N) {
    // The large board as squares-free SVG: a background and one mark per queen (O(N)).
    const f = state.find, n = f.n;
    const parts = [`<svg xmlns="${SVG_NS}" viewBox="0 0 ${n} ${n}" width="1000" height="1000"><rect width="${n}" height="${n}" fill="#f0d9b5"/>`];
    f.queens.forEach((c, r) => parts.push(`<rect x="${c}" y="${r}" width="1" height="1" fill="#a3000f"/>`));
    parts.push('</svg>');
    return parts.join('');
  }
  const clone = $('board').cloneNode(true);
  clone.removeAttribute('style');
  clone.querySelector('#hover') && clone.querySelector('#hover').remove();
  const style = document.createElementNS(SVG_NS, 'style');
  style.textContent = state.styleText;
  clone.insertBefore(style, clone.firstChild);
  const vb = clone.getAttribute('viewBox').split(' ').map(Number);
  clone.setAttribute('width', vb[2]); clone.setAttribute('height', vb[3]);
  return new XMLSerializer().serializeToString(clone);
}
function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
}
const fileBase = () => `queens-${state.n}` + (state.mode === 'solutions' && state.shown ? `-${state.unique ? 'unique-' : ''}${state.shown}` : `-${state.mode}`);
$('download-svg').onclick = () => {
  try { download(new Blob([boardSVGText()], { type: 'image/svg+xml' }), fileBase() + '.svg'); $('share-status').textContent = 'SVG saved.'; }
  catch (e) { showError(e); }
};
$('download-png').onclick = async () => {
  try {
    if (state.mode === 'find' && state.find && state.find.n > MAX_SVG_N) {
      $('board-canvas').toBlob((b) => download(b, fileBase() + '.png'));
      return;
    }
    const url = URL.createObjectURL(new Blob([boardSVGText()], { type: 'image/svg+xml' }));
    const img = new Image();
    await new Promise((ok, bad) => { img.onload = ok; img.onerror = () => bad(new Error('the board could not be drawn as an image')); img.src = url; });
    const c = document.createElement('canvas');
    c.width = 1000; c.height = Math.round(1000 * img.height / img.width);
    const g = c.getContext('2d');
    g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height);
    g.drawImage(img, 0, 0, c.width, c.height);
    URL.revokeObjectURL(url);
    c.toBlob((b) => { download(b, fileBase() + '.png'); $('share-status').textContent = 'PNG saved.'; });
  } catch (e) { showError(e); }
};
$('copy-link').onclick = async () => {
  updateURL();
  const link = location.href;
  try { await navigator.clipboard.writeText(link); $('share-status').textContent = 'Link copied: ' + link; }
  catch (e) { $('share-status').textContent = 'Link: ' + link; }
};

// ---- modes and N -------------------------------------------------------------------------

const MODES = ['solutions', 'search', 'play', 'find', 'sudoku', 'about'];
function maxN(mode = state.mode) {
  const l = state.limits;
  if (mode === 'find') return l ? l.max_find_n : 100000;
  if (mode === 'play') return Math.min(l ? l.max_n : 32, MAX_SVG_N);
  return l ? l.max_n : 32;
}

async function setMode(mode, opts = {}) {
  if (state.trace) stopPlay();
  state.mode = mode;
  for (const b of document.querySelectorAll('#modes [role="tab"]')) {
    const on = b.dataset.mode === mode;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
  }
  for (const m of MODES) $('panel-' + m).hidden = m !== mode;
  showError(null);
  clearHover();
  $('square-info').textContent = '\u00a0';
  $('share-status').textContent = '\u00a0';
  // The Sudoku grid's text alternative is long: read, not shown.
  $('board-text').classList.toggle('visually-hidden', mode === 'sudoku');
  const share = mode !== 'about';
  for (const id of ['download-svg', 'download-png']) $(id).disabled = mode === 'sudoku' || mode === 'about';
  $('copy-link').disabled = !share;
  if (state.n > maxN(mode)) {  // e.g. back from Find with N = 1000
    state.n = Math.min(8, maxN(mode));
    $('n').value = state.n;
    await loadCounts();
  }
  $('n').disabled = mode === 'sudoku' || mode === 'about';
  if (mode === 'solutions') { showSurface('svg'); await showSolution(opts.k || state.target || 1).catch(showError); }
  else if (mode === 'search') await resetTrace(opts.step || 0);
  else if (mode === 'play') { drawBoard(state.n); renderPlay(); }
  else if (mode === 'find') await find();
  else if (mode === 'sudoku') {
    showSurface('sudoku');
    if (!state.sudoku) await sudokuSolve(opts.puzzle || $('sudoku-input').value, opts.step || 0);
    else renderSudoku();
  } else if (mode === 'about') { showSurface('svg'); await loadKnown(); }
  updateURL();
}
for (const b of document.querySelectorAll('#modes [role="tab"]')) {
  b.onclick = () => setMode(b.dataset.mode).catch(showError);
  // Arrow keys move between tabs (and select them), as in the ARIA tabs pattern.
  b.addEventListener('keydown', (e) => {
    const tabs = [...document.querySelectorAll('#modes [role="tab"]')];
    const i = tabs.indexOf(b);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const t = tabs[(to + tabs.length) % tabs.length];
    t.focus();
    setMode(t.dataset.mode).catch(showError);
  });
}

async function setN(n, opts = {}) {
  showError(null);
  state.n = n;
  $('n').value = n;
  state.target = opts.k || 1;
  state.play.queens = opts.queens || new Set();
  state.play.added = null;
  if (n <= 32) await loadCounts(); else { state.counts = null; $('counts').textContent = `N = ${fmt(n)}`; }
  if (state.mode === 'solutions') await showSolution(state.target).catch(showError);
  else if (state.mode === 'search') await resetTrace(opts.step || 0);
  else if (state.mode === 'play') { drawBoard(n); renderPlay(); }
  else if (state.mode === 'find') await find();
  updateURL();
}

function commitN() {
  const text = $('n').value;
  if (text.trim() === String(state.n) && state.counts && state.counts.n === state.n) return;
  let n;
  try {
    n = parseWhole(text, 'N');
    const max = maxN();
    if (n < 1 || n > max) throw new Error(`N must be between 1 and ${fmt(max)}${state.mode === 'find' ? '' : ` here (Find draws up to ${fmt(maxN('find'))})`}, got ${text.trim()}`);
  } catch (e) { showError(e); $('n').value = state.n; return; }
  setN(n).catch(showError);
}
$('n').addEventListener('change', commitN);
$('n').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); commitN(); } });

async function start() {
  $('speed-text').textContent = speed() + ' steps/s';
  state.limits = await api('limits');
  $('about-max-find').textContent = fmt(state.limits.max_find_n);
  fetch('/style.css').then((r) => r.text()).then((t) => { state.styleText = t; }).catch(() => {});
  const p = new URLSearchParams(location.search);
  const mode = MODES.includes(p.get('mode')) ? p.get('mode') : 'solutions';
  state.mode = mode;
  let n = Number(p.get('n') || 8);
  if (!Number.isInteger(n) || n < 1 || n > maxN(mode)) n = 8;
  state.unique = p.get('unique') === '1';
  $('unique').checked = state.unique;
  const k = Math.max(1, Number(p.get('k')) || 1);
  const step = Math.max(0, Number(p.get('step')) || 0);
  const queens = new Set();
  for (const part of (p.get('queens') || '').split(',')) {
    const m = /^(\d+):(\d+)$/.exec(part);
    if (m && Number(m[1]) <= n && Number(m[2]) <= n) queens.add(`${Number(m[1]) - 1},${Number(m[2]) - 1}`);
  }
  if (p.get('puzzle')) $('sudoku-input').value = p.get('puzzle');
  state.n = n; $('n').value = n;
  state.target = k;
  state.play.queens = queens;
  if (n <= 32) await loadCounts();
  await setMode(mode, { k, step, puzzle: p.get('puzzle') });
  document.body.dataset.ready = '1';
}
start().catch((e) => { showError(e); document.body.dataset.ready = '1'; });
