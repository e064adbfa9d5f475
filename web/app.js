// N-Queens viewer: talks to the JSON API of `nqueens serve` (docs/WEB.md). No libraries,
// no network access beyond this server. Rows/columns from the API are 1-based; the board
// works 0-based (row 0 is drawn at the top and labelled rank 1, as in `nqueens list --format board`).
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 40;            // SVG units per square
const MAX_SVG_N = 64;       // larger boards (find) are drawn on a canvas
const MAX_ANIMATION_N = 16;
const TRACE_PAGE = 2000;

const state = {
  mode: 'solutions',
  n: 8,
  counts: null,
  limits: null,
  index: 1,
  requests: 0,              // solution requests sent; only the latest one is drawn
  unique: false,
  solution: null,           // 0-based columns of the shown board
  trace: { steps: [], from: 0, done: false, pos: 0, loading: null, timer: null },
};

async function api(path) {
  const res = await fetch('/api/' + path);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || ('HTTP ' + res.status));
  return body;
}

function showError(e) { $('error').textContent = e ? (e.message || String(e)) : ''; }
const fmt = (x) => (x === null || x === undefined) ? '?' : Number(x).toLocaleString('en-US');

// ---- board drawing -------------------------------------------------------------------

function fileLabel(c, n) { return n <= 26 ? String.fromCharCode(97 + c) : String(c + 1); }

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// Draws the squares and coordinates of an N x N board and empty layers for queens/marks.
function drawBoard(n) {
  const svg = $('board');
  const canvas = $('board-canvas');
  // (style.display, not the hidden attribute: the stylesheet's display:block would win)
  svg.style.display = n > MAX_SVG_N ? 'none' : 'block';
  canvas.style.display = n > MAX_SVG_N ? 'block' : 'none';
  if (n > MAX_SVG_N) return;
  const margin = n <= 40 ? 28 : 0;
  const size = n * CELL;
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${size + margin} ${size + margin}`);
  svg.dataset.n = n;
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
  if (margin) {
    const labels = el('g', {}, svg);
    for (let i = 0; i < n; i++) {
      el('text', { class: 'coord', x: margin / 2, y: i * CELL + CELL / 2 }, labels).textContent = i + 1;
      el('text', { class: 'coord', x: margin + i * CELL + CELL / 2, y: size + margin / 2 }, labels)
        .textContent = fileLabel(i, n);
    }
  }
  el('g', { id: 'marks' }, svg);
  el('g', { id: 'queens' }, svg);
  el('g', { id: 'lines' }, svg);
  svg.dataset.margin = margin;
}

function squareXY(r, c) {
  const m = Number($('board').dataset.margin || 0);
  return [m + c * CELL, r * CELL];
}

function queenGlyph(r, c, parent) {
  const [x, y] = squareXY(r, c);
  const g = el('g', { class: 'queen', 'data-row': r, 'data-col': c,
    transform: `translate(${x} ${y}) scale(${CELL / 100})` }, parent);
  el('path', { d: 'M18 78 L10 32 L32 55 L50 20 L68 55 L90 32 L82 78 Z' }, g);
  el('rect', { x: 18, y: 80, width: 64, height: 10, rx: 3 }, g);
  return g;
}

// queens: array of 0-based columns per row, -1 (or undefined) for an empty row.
function drawQueens(queens) {
  const n = queens.length;
  if (n > MAX_SVG_N) return drawCanvas(queens);
  const layer = $('queens');
  layer.innerHTML = '';
  queens.forEach((c, r) => { if (c >= 0) queenGlyph(r, c, layer); });
}

function drawCanvas(queens) {
  const n = queens.length;
  const canvas = $('board-canvas');
  const px = Math.max(1, Math.floor(1000 / n));
  canvas.width = canvas.height = px * n;
  canvas.dataset.n = n;
  const g = canvas.getContext('2d');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      g.fillStyle = (r + c) % 2 === 0 ? '#b58863' : '#f0d9b5';
      g.fillRect(c * px, r * px, px, px);
    }
  }
  g.fillStyle = '#c00';
  const rad = Math.max(1.5, px * 0.4);
  queens.forEach((c, r) => { g.beginPath(); g.arc(c * px + px / 2, r * px + px / 2, rad, 0, 2 * Math.PI); g.fill(); });
}

// Hover a queen: mark every square it attacks (its row, column and both diagonals).
function markAttacks(r, c, on) {
  for (const sq of document.querySelectorAll('#squares .sq')) {
    const rr = Number(sq.dataset.row), cc = Number(sq.dataset.col);
    const hit = (rr === r || cc === c || rr - cc === r - c || rr + cc === r + c) && !(rr === r && cc === c);
    sq.classList.toggle('attacked', on && hit);
  }
}
$('board').addEventListener('mouseover', (e) => {
  const q = e.target.closest && e.target.closest('.queen');
  if (q) markAttacks(Number(q.dataset.row), Number(q.dataset.col), true);
});
$('board').addEventListener('mouseout', (e) => {
  const q = e.target.closest && e.target.closest('.queen');
  if (q && !(e.relatedTarget && q.contains(e.relatedTarget))) markAttacks(0, 0, false);
});

// ---- solutions by index ----------------------------------------------------------------

function listSize() {
  const c = state.counts;
  if (!c) return 0;
  const size = state.unique ? c.unique : c.total;
  return size === null ? Infinity : size;
}

// Highest index the server answers for this N (the whole list when it has random access).
function reachable() {
  const c = state.counts;
  if (!c) return 0;
  return c.random_access ? listSize() : Math.min(listSize(), state.limits ? state.limits.max_walk_index : 1e6);
}

async function loadCounts() {
  state.counts = await api('counts?n=' + state.n);
  const c = state.counts;
  $('counts').textContent = c.total === null
    ? `N = ${state.n}: count not known (beyond N = 27)`
    : `N = ${state.n}: ${fmt(c.total_text)} solutions, ${fmt(c.unique_text)} unique`;
}

function updateIndexView() {
  const size = listSize();
  $('index').value = String(state.index);
  let text = size === Infinity ? 'of ?' : `of ${fmt(size)}` + (state.unique ? ' unique' : '');
  if (state.counts && !state.counts.random_access) text += ` (indices up to ${fmt(reachable())} reachable for N > ${state.counts.max_rank_n})`;
  $('of').textContent = text;
  $('last').disabled = !(state.counts && state.counts.random_access) || size === 0;
}

async function showSolution(index) {
  showError(null);
  const size = listSize();
  if (size === 0) {
    state.solution = null;
    drawBoard(state.n); drawQueens(new Array(state.n).fill(-1));
    $('perm').textContent = 'no solutions for this N';
    $('of').textContent = 'of 0';
    return;
  }
  index = Math.max(1, Math.min(index, reachable()));
  const ticket = ++state.requests;
  const s = await api(`solution?n=${state.n}&index=${index}&unique=${state.unique ? 1 : 0}`);
  // Only the latest request draws: answers can arrive out of order.
  if (ticket !== state.requests || s.n !== state.n || state.mode !== 'solutions') return;
  state.index = s.index;
  state.solution = s.solution.map((c) => c - 1);
  drawBoard(state.n);
  drawQueens(state.solution);
  $('perm').textContent = s.solution.join(' ');
  $('board').dataset.index = s.index;
  updateIndexView();
}

const go = (index) => showSolution(index).catch(showError);

$('first').onclick = () => go(1);
$('prev').onclick = () => go(state.index - 1);
$('next').onclick = () => go(state.index + 1);
$('last').onclick = () => go(reachable());
$('index').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    const k = Number($('index').value.trim());
    if (!Number.isInteger(k) || k < 1) { showError(new Error('the index is a whole number from 1')); return; }
    go(k);
  } else if (e.key === 'ArrowUp') { e.preventDefault(); go(state.index + 1); }
  else if (e.key === 'ArrowDown') { e.preventDefault(); go(state.index - 1); }
});
$('unique').addEventListener('change', async () => {
  // Keep the same board when possible: its class's representative, or the representative itself.
  const before = state.solution;
  state.unique = $('unique').checked;
  let index = 1;
  try {
    if (before && state.counts && state.counts.random_access) {
      const r = await api(`rank?solution=${before.map((c) => c + 1).join(',')}&unique=${state.unique ? 1 : 0}`);
      index = r.index;
    }
  } catch (e) { index = 1; }
  go(index);
});

document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' && e.target.type !== 'checkbox' && e.target.type !== 'range') return;
  if (state.mode === 'solutions') {
    const keys = { ArrowLeft: () => go(state.index - 1), ArrowRight: () => go(state.index + 1),
      Home: () => go(1), End: () => go(reachable()) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  } else if (state.mode === 'search') {
    if (e.key === ' ') { e.preventDefault(); togglePlay(); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); stepOnce(); }
  }
});

// ---- search animation -------------------------------------------------------------------

function speed() {  // steps per second, 1 .. 500 on a log scale
  return Math.round(Math.pow(500, Number($('speed').value) / 100));
}
$('speed').addEventListener('input', () => {
  $('speed-text').textContent = speed() + ' steps/s';
  if (state.trace.timer) { stopPlay(); startPlay(); }
});

function resetTrace() {
  stopPlay();
  state.trace = { steps: [], from: 0, done: false, pos: 0, loading: null, timer: null,
    queens: new Array(state.n).fill(-1) };
  drawBoard(state.n);
  drawQueens(state.trace.queens);
  $('stepno').textContent = '0'; $('nodes').textContent = '0'; $('found').textContent = '0';
  $('steptext').textContent = state.n > MAX_ANIMATION_N ? `the animation is for N up to ${MAX_ANIMATION_N}` : 'ready';
  $('play').textContent = 'Play';
}

async function fetchTrace() {
  const t = state.trace;
  if (t.done || t.loading) return t.loading;
  t.loading = api(`trace?n=${state.n}&from=${t.from + t.steps.length}&limit=${TRACE_PAGE}`).then((page) => {
    if (t !== state.trace) return;
    // Drop what has been shown already so memory stays bounded.
    const shown = t.pos - t.from;
    t.steps = t.steps.slice(shown).concat(page.steps);
    t.from += shown;
    t.done = page.done;
    t.loading = null;
  });
  return t.loading;
}

function describeStep(s) {
  const sq = `row ${s.row}, col ${s.col}`;
  switch (s.kind) {
    case 'place': return `place a queen on ${sq}`;
    case 'reject': return `${sq} is attacked along the ${s.line} of the queen on row ${s.by[0]}, col ${s.by[1]}`;
    case 'undo': return `take back the queen on ${sq}`;
    case 'solution': return `solution #${s.solutions} found`;
  }
  return s.kind;
}

function applyStep(s) {
  const t = state.trace;
  const r = s.row - 1, c = s.col - 1;
  const marks = $('marks'), lines = $('lines');
  marks.innerHTML = ''; lines.innerHTML = '';
  $('board').classList.toggle('solved', s.kind === 'solution');
  const [x, y] = squareXY(r, c);
  if (s.kind === 'place') {
    t.queens[r] = c;
    el('rect', { class: 'mark-place', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4 }, marks);
  } else if (s.kind === 'undo') {
    t.queens[r] = -1;
    el('rect', { class: 'mark-undo', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4 }, marks);
  } else if (s.kind === 'reject') {
    el('rect', { class: 'mark-reject', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4 }, marks);
    const [bx, by] = squareXY(s.by[0] - 1, s.by[1] - 1);
    el('line', { class: 'conflict', x1: bx + CELL / 2, y1: by + CELL / 2, x2: x + CELL / 2, y2: y + CELL / 2 }, lines);
  }
  drawQueens(t.queens);
  $('stepno').textContent = fmt(s.i + 1);
  $('nodes').textContent = fmt(s.nodes);
  $('found').textContent = fmt(s.solutions);
  $('steptext').textContent = describeStep(s);
}

async function stepOnce() {
  const t = state.trace;
  if (state.n > MAX_ANIMATION_N) return false;
  if (t.pos - t.from >= t.steps.length) {
    if (t.done) { finish(); return false; }
    await fetchTrace();
    if (t !== state.trace) return false;
    if (t.pos - t.from >= t.steps.length) { finish(); return false; }
  }
  applyStep(t.steps[t.pos - t.from]);
  t.pos++;
  if (!t.done && t.steps.length - (t.pos - t.from) < TRACE_PAGE / 2) fetchTrace().catch(showError);
  return true;
}

function finish() {
  stopPlay();
  $('steptext').textContent = `search finished: ${$('found').textContent} solutions, ${$('nodes').textContent} nodes`;
}

function startPlay() {
  const t = state.trace;
  let busy = false;
  const interval = 1000 / speed();
  const perTick = Math.max(1, Math.round(16 / interval));  // above ~60 steps/s, several per frame
  t.timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      for (let i = 0; i < perTick; i++) if (!(await stepOnce())) break;
    } catch (e) { showError(e); stopPlay(); }
    busy = false;
  }, Math.max(interval, 16));
  $('play').textContent = 'Pause';
}

function stopPlay() {
  if (state.trace.timer) clearInterval(state.trace.timer);
  state.trace.timer = null;
  $('play').textContent = 'Play';
}

function togglePlay() {
  if (state.trace.timer) stopPlay(); else if (state.n <= MAX_ANIMATION_N) startPlay();
}

$('play').onclick = togglePlay;
$('step').onclick = () => { stopPlay(); stepOnce().catch(showError); };
$('reset').onclick = resetTrace;

// ---- find -----------------------------------------------------------------------------------

async function find() {
  showError(null);
  const n = Number($('find-n').value);
  const r = await api('find?n=' + n);
  drawBoard(r.n);
  drawQueens(r.solution.map((c) => c - 1));
  $('find-result').textContent = `${r.n} queens by ${r.method}, verified: ${r.verified ? 'yes' : 'NO'}`;
}
$('find-go').onclick = () => find().catch(showError);
$('find-n').addEventListener('keydown', (e) => { if (e.key === 'Enter') find().catch(showError); });

// ---- modes and N ------------------------------------------------------------------------------

function setMode(mode) {
  state.mode = mode;
  stopPlay();
  for (const b of document.querySelectorAll('#modes button')) b.classList.toggle('active', b.dataset.mode === mode);
  for (const m of ['solutions', 'search', 'find']) $('panel-' + m).hidden = m !== mode;
  showError(null);
  if (mode === 'solutions') go(state.index);
  else if (mode === 'search') resetTrace();
  else find().catch(showError);
}
for (const b of document.querySelectorAll('#modes button')) b.onclick = () => setMode(b.dataset.mode);

async function setN(n) {
  const max = state.limits ? state.limits.max_n : 32;
  if (!Number.isInteger(n) || n < 1 || n > max) { showError(new Error(`N must be between 1 and ${max}`)); return; }
  if (n === state.n && state.counts && state.counts.n === n) return;  // Enter, then change on blur
  showError(null);
  state.n = n;
  state.index = 1;
  await loadCounts();
  if (state.mode === 'solutions') await showSolution(1);
  else if (state.mode === 'search') resetTrace();
}
$('n').addEventListener('change', () => setN(Number($('n').value)).catch(showError));
$('n').addEventListener('keydown', (e) => { if (e.key === 'Enter') setN(Number($('n').value)).catch(showError); });

async function start() {
  $('speed-text').textContent = speed() + ' steps/s';
  state.limits = await api('limits');
  await setN(Number($('n').value) || 8);
  document.body.dataset.ready = '1';
}
start().catch(showError);
