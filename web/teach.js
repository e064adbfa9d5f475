// Teach backtracking: the search of the lecture notes one step at a time, forward and back,
// with the procedure beside the board (the line of the current step highlighted), its call
// stack (one frame a row: the queen's column and the columns still to try), a timeline, play /
// pause and the step log.
//
// The steps come from /api/trace in pages of PAGE steps; each page carries the board before its
// first step, so the page holds only a window of pages and still reaches any step up to the
// server's cap (max_trace_end). Everything drawn at step k follows from the board and the last
// step: in the row being tried the columns left of the last one tried are done, each either
// attacked by a queen above (x) or tried and taken back (o).
import {center, drawBoard, drawQueens, squareXY} from './board.js';
import {
  $,
  announce,
  api,
  attackLine,
  CELL,
  el,
  fmt,
  lineName,
  MAX_ANIMATION_N,
  plural,
  setDisabled,
  showError,
  sqName,
  state,
  updateURL
} from './core.js';

const PAGE = 5000;      // steps per trace request
const KEPT_PAGES = 40;  // pages kept (200,000 steps, about 20 MB); others are fetched again
const LOG_LINES = 60;
const URL_EVERY_MS = 500;  // while playing, the URL follows at most this often

// The procedure shown beside the board; LINE maps each kind of step to its line.
const CODE = [
  'solve(row):',
  '  if row > N: a solution; return',
  '  for col in a, b, c, …:',
  '    if attacked from above: skip',
  '    place a queen on (row, col)',
  '    solve(row + 1)',
  '    take that queen back',
  '  return to the row above',
];
const LINE = {
  start: 1,
  solution: 2,
  reject: 4,
  place: 5,
  undo: 7
};

export const speedText = () => `${speed()} ${speed() === 1 ? 'step' : 'steps'}/s`;
export function speed() {  // steps per second, 1 .. 500 on a log scale
  return Math.round(Math.pow(500, Number($('speed').value) / 100));
}
$('speed').addEventListener('input', () => {
  $('speed-text').textContent = speedText();
  if (state.trace && state.trace.timer) {
    stopPlay();
    startPlay();
  }
});

function newTrace() {
  return {
    n: state.n,
    pages: new Map(),    // page number -> {queens, steps} from /api/trace
    loading: new Map(),  // page number -> its request
    total: null,         // the number of steps, once the last page has come
    extent: 0,           // steps known to exist
    pos: 0,
    timer: null,
    until: null,
    view: null,
    urlAt: 0,
  };
}

const teachAvailable = () => state.n <= MAX_ANIMATION_N;
const cap = () => (state.limits ? state.limits.max_trace_end : 50000000);
const lastStep = (t) => (t.total !== null ? t.total : cap());  // the highest position
const atCap = (t) => t.total === null && t.pos >= cap();
const finished = (t) => t.total !== null && t.pos >= t.total;

function stepAt(t, i) {
  const page = t.pages.get(Math.floor(i / PAGE));
  return page ? page.steps[i - Math.floor(i / PAGE) * PAGE] : undefined;
}

function loadPage(t, p) {
  if (t.pages.has(p)) return Promise.resolve(t.pages.get(p));
  if (t.loading.has(p)) return t.loading.get(p);
  const from = p * PAGE;
  const req = api(`trace?n=${t.n}&from=${from}&limit=${Math.min(PAGE, cap() - from)}`)
                  .then(
                      (page) => {
                        t.loading.delete(p);
                        t.pages.set(p, page);
                        t.extent = Math.max(t.extent, from + page.steps.length);
                        if (page.done) t.total = from + page.steps.length;
                        forget(t);
                        return page;
                      },
                      (e) => {
                        t.loading.delete(p);
                        throw e;
                      });
  t.loading.set(p, req);
  return req;
}
// Keeps the KEPT_PAGES pages nearest to the position.
function forget(t) {
  if (t.pages.size <= KEPT_PAGES) return;
  const here = Math.floor(t.pos / PAGE);
  const far = [...t.pages.keys()].sort((a, b) => Math.abs(b - here) - Math.abs(a - here));
  for (const p of far.slice(0, t.pages.size - KEPT_PAGES)) t.pages.delete(p);
}
// The pages the view at `pos` needs: the one holding step pos - 1 (and its log).
async function ensure(t, pos) {
  if (pos <= 0) return;
  const p = Math.floor((pos - 1) / PAGE);
  await loadPage(t, p);
  if (p > 0 && (pos - 1) % PAGE < LOG_LINES) loadPage(t, p - 1).catch(() => {});
}

// ---- the state after `pos` steps --------------------------------------------------------

// queens: 0-based column per row; row: the row being tried (N after a full board); tried: the
// last column tried in that row (-1: none yet); last: the step that led here.
function viewAt(t, pos) {
  const n = t.n;
  const v = {pos, queens: new Array(n).fill(-1), row: 0, tried: -1, last: null};
  if (pos === 0) return v;
  const p = Math.floor((pos - 1) / PAGE), page = t.pages.get(p);
  page.queens.forEach((c, r) => {
    v.queens[r] = c - 1;
  });
  for (let i = p * PAGE; i < pos; i++) apply(v, page.steps[i - p * PAGE]);
  return v;
}
function apply(v, s) {
  const r = s.row - 1, c = s.col - 1;
  v.last = s;
  v.pos++;
  if (s.kind === 'place') {
    v.queens[r] = c;
    v.row = r + 1;
    v.tried = -1;
  } else if (s.kind === 'reject') {
    v.row = r;
    v.tried = c;
  } else if (s.kind === 'undo') {
    v.queens[r] = -1;
    v.row = r;
    v.tried = c;
  } else if (s.kind === 'solution') {
    v.row = v.queens.length;
    v.tried = -1;
  }
}
const attackedFromAbove = (v, r, c) =>
    v.queens.some((qc, qr) => qr < r && qc >= 0 && attackLine(qr, qc, r, c));

// The call stack: one frame per row from the first to the one being tried.
function stackFrames(v, n) {
  const file = (c) => sqName(0, c, n).replace(/\d+$/, '');
  const rest = (from) => {
    const cols = [];
    for (let c = from; c < n; c++) cols.push(file(c));
    return cols.length ? cols.join(' ') : 'none';
  };
  const frames = [];
  for (let r = 0; r < Math.min(v.row, n); r++)
    frames.push(`row ${r + 1}: queen on ${sqName(r, v.queens[r], n)}; still to try: ${
        rest(v.queens[r] + 1)}`);
  if (v.row < n) {
    let now = 'nothing tried yet';
    const s = v.last;
    if (v.tried >= 0 && s && s.kind === 'reject')
      now = `${sqName(v.row, v.tried, n)} is attacked`;
    else if (v.tried >= 0 && s && s.kind === 'undo')
      now = `${sqName(v.row, v.tried, n)} taken back`;
    else if (v.tried >= 0)
      now = `tried up to ${sqName(v.row, v.tried, n)}`;
    frames.push(`row ${v.row + 1}: ${now}; still to try: ${rest(v.tried + 1)}`);
  } else {
    frames.push(`row ${n + 1}: all ${n} queens placed: a solution`);
  }
  return frames;
}

function describeStep(t, i) {
  const s = stepAt(t, i);
  if (!s) return `step ${fmt(i + 1)}`;
  const n = t.n;
  const sq = sqName(s.row - 1, s.col - 1, n);
  switch (s.kind) {
    case 'place':
      return `row ${s.row}: ${sq} is safe, place a queen there`;
    case 'reject':
      return `row ${s.row}: ${sq} is attacked by the queen on ${
          sqName(s.by[0] - 1, s.by[1] - 1, n)} (${lineName[s.line] || s.line})`;
    case 'solution':
      return `solution ${fmt(s.solutions)} found`;
    case 'undo': {
      const prev = i > 0 ? stepAt(t, i - 1) : null;
      if (prev && prev.kind === 'solution')
        return `take back the queen on ${sq} to look for the next solution`;
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
    const p = stepAt(t, j);
    if (!p || k === 399) {
      tried = true;
      break;
    }
    if (p.kind === 'place' && p.row === s.row) break;
    if (p.kind === 'undo' && p.row === s.row + 1) {
      tried = true;
      break;
    }
  }
  return tried ? `row ${s.row + 1}: no square left to try (the rest are attacked or led nowhere)` :
                 `row ${s.row + 1}: every square is attacked`;
}

// ---- drawing ---------------------------------------------------------------------------

function mark(kind, r, c, parent, current) {
  const [x, y] = squareXY(r, c);
  if (kind === 'attacked')
    el('path', {
      class: 'mark-reject' + (current ? ' mark-current' : ''),
      d: `M${x + 10} ${y + 10} L${x + 30} ${y + 30} M${x + 30} ${y + 10} L${x + 10} ${y + 30}`
    },
       parent);
  else
    el('circle', {
      class: 'mark-tried' + (current ? ' mark-current' : ''),
      cx: x + CELL / 2,
      cy: y + CELL / 2,
      r: 11
    },
       parent);
}

function render() {
  const t = state.trace;
  if (!t || state.mode !== 'search') return;
  if (!t.view || t.view.pos !== t.pos) {
    // Forward by one step is incremental; anything else replays from the page's start.
    if (t.view && t.view.pos === t.pos - 1 && stepAt(t, t.pos - 1))
      apply(t.view, stepAt(t, t.pos - 1));
    else if (t.pos === 0 || t.pages.has(Math.floor((t.pos - 1) / PAGE)))
      t.view = viewAt(t, t.pos);
    else
      return;  // (its page is on the way)
  }
  const v = t.view;
  const n = t.n;
  drawQueens(v.queens);
  const overlay = $('overlay'), marks = $('marks'), lines = $('lines');
  overlay.innerHTML = '';
  marks.innerHTML = '';
  lines.innerHTML = '';
  const last = v.last;
  const solved = !!last && last.kind === 'solution';
  $('board').classList.toggle('solved', solved);
  const m = Number($('board').dataset.margin);
  if (v.row < n && teachAvailable()) {
    el('rect',
       {class: 'row-try', x: m + 2, y: v.row * CELL + 2, width: n * CELL - 4, height: CELL - 4},
       overlay);
    for (let c = 0; c <= v.tried; c++)
      mark(
          attackedFromAbove(v, v.row, c) ? 'attacked' : 'tried', v.row, c, marks,
          c === v.tried && last.kind !== 'place');
  }
  if (last && last.kind === 'place') {
    const [x, y] = squareXY(last.row - 1, last.col - 1);
    el('rect', {class: 'mark-place', x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6}, marks);
  } else if (last && last.kind === 'reject') {
    const [x, y] = center(last.row - 1, last.col - 1);
    const [bx, by] = center(last.by[0] - 1, last.by[1] - 1);
    el('line', {class: 'conflict', x1: bx, y1: by, x2: x, y2: y}, lines);
  }
  $('stepno').textContent = fmt(t.pos);
  $('nodes').textContent = fmt(last ? last.nodes : 0);
  $('found').textContent = fmt(last ? last.solutions : 0);
  const max = t.total !== null ? t.total : Math.max(t.extent, t.pos);
  $('timeline').max = max;
  $('timeline').value = t.pos;
  $('timeline')
      .setAttribute(
          'aria-valuetext',
          `step ${fmt(t.pos)} of ${t.total !== null ? fmt(t.total) : 'at least ' + fmt(max)}`);
  renderCode(v, n);
  const done = finished(t), capped = atCap(t);
  if (done)
    $('steptext').textContent = `Search finished: ${plural(fmt(last.solutions), 'solution')}, ${
        plural(fmt(last.nodes), 'node')} visited.`;
  else if (capped)
    $('steptext').textContent =
        `This page goes up to step ${fmt(cap())}, the server's limit for a trace; \`nqueens trace ${
            n} --from ${cap()}\` prints the rest.`;
  else if (!teachAvailable())
    $('steptext').textContent =
        `The animation is for N up to ${MAX_ANIMATION_N} (N = ${n} would take years to watch).`;
  else if (last)
    $('steptext').textContent = describeStep(t, t.pos - 1);
  else
    $('steptext').textContent = 'Ready: press Play or Step.';
  $('play').textContent = t.timer ? 'Pause' : (done ? 'Play again' : 'Play');
  $('play').setAttribute(
      'aria-label', t.timer ? 'pause' : (done ? 'play again from the start' : 'play'));
  const off = !teachAvailable();
  setDisabled('back', off || t.pos === 0, ['step', 'timeline']);
  setDisabled('step', off || done || capped, ['back', 'timeline']);
  setDisabled('play', off || capped, ['back', 'timeline']);
  setDisabled('to-solution', off || done || capped, ['back', 'timeline']);
  if (!t.timer || t.pos % 10 === 0) renderLog(t);
  $('board').dataset.step = t.pos;
  if (!t.timer || Date.now() - t.urlAt > URL_EVERY_MS) {
    t.urlAt = Date.now();
    updateURL();
  }
}

// The procedure with the current line marked, and the call stack.
function renderCode(v, n) {
  const line = v.last ? LINE[v.last.kind] : LINE.start;
  const code = $('code');
  if (code.children.length !== CODE.length) {
    code.innerHTML = '';
    for (const text of CODE) {
      const li = document.createElement('li');
      li.textContent = text;
      code.appendChild(li);
    }
  }
  [...code.children].forEach((li, i) => {
    const on = i + 1 === line;
    li.classList.toggle('current', on);
    if (on)
      li.setAttribute('aria-current', 'step');
    else
      li.removeAttribute('aria-current');
  });
  code.dataset.line = line;
  const stack = $('stack');
  stack.innerHTML = '';
  const frames = stackFrames(v, n);
  frames.forEach((text, i) => {
    const li = document.createElement('li');
    li.textContent = text;
    if (i === frames.length - 1) li.className = 'current';
    stack.appendChild(li);
  });
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

// ---- moving ----------------------------------------------------------------------------

export function resetTrace(pos = 0) {
  stopPlay();
  state.trace = newTrace();
  drawBoard(state.n);
  $('steplog').innerHTML = '';
  if (!teachAvailable()) {
    for (const id of ['back', 'play', 'step', 'to-solution', 'reset', 'timeline'])
      setDisabled(id, true, 'n');
    state.trace.view = viewAt(state.trace, 0);
    render();
    $('steptext').textContent = `The animation is for N up to ${MAX_ANIMATION_N} (N = ${
        state.n} would take years to watch).`;
    return Promise.resolve();
  }
  for (const id of ['reset', 'timeline']) setDisabled(id, false);
  render();
  return seek(pos);
}

// One step forward; false at the end of the search (or at the server's cap).
export async function stepForward() {
  const t = state.trace;
  if (!t || !teachAvailable()) return false;
  if (t.pos >= lastStep(t)) {
    finish();
    return false;
  }
  await ensure(t, t.pos + 1);
  if (t !== state.trace) return false;
  if (t.pos >= lastStep(t)) {  // the page that came says the search ended here
    finish();
    return false;
  }
  t.pos++;
  if (finished(t) && t.timer) stopPlay();  // (the last step: Play again, not Pause)
  render();
  if (t.total === null && t.pos % PAGE > PAGE / 2)
    loadPage(t, Math.floor(t.pos / PAGE) + 1).catch(showError);
  if (!t.timer) announce($('steptext').textContent);
  return true;
}

export async function stepBack() {
  const t = state.trace;
  if (!t || t.pos === 0) return;
  await ensure(t, t.pos - 1);
  if (t !== state.trace || t.pos === 0) return;
  t.pos--;
  render();
  announce(t.pos === 0 ? 'back at the start' : $('steptext').textContent);
}

async function seek(pos) {
  const t = state.trace;
  const to = Math.max(0, Math.min(pos, lastStep(t)));
  await ensure(t, to);
  if (t !== state.trace) return;
  t.pos = Math.min(to, lastStep(t));
  render();
}

function finish() {
  stopPlay();
  render();
  announce($('steptext').textContent);
}

function startPlay(until) {
  const t = state.trace;
  if (!t || !teachAvailable() || atCap(t)) return;
  if (finished(t)) {  // play again
    t.pos = 0;
    t.view = null;
  }
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
        const s = stepAt(t, t.pos - 1);
        if (s && s.kind === 'solution' &&
            (t.until === 'solution' || $('pause-solutions').checked)) {
          stopPlay();
          announce($('steptext').textContent);
          break;
        }
      }
    } catch (e) {
      showError(e);
      stopPlay();
    }
    busy = false;
  }, Math.max(interval, 16));
  render();
}

export function stopPlay() {
  const t = state.trace;
  if (t && t.timer) {
    clearInterval(t.timer);
    t.timer = null;
    render();
  }
}

export function togglePlay() {
  if (!state.trace) return;
  if (state.trace.timer)
    stopPlay();
  else
    startPlay();
}

$('play').onclick = togglePlay;
$('step').onclick = () => {
  stopPlay();
  stepForward().catch(showError);
};
$('back').onclick = () => {
  stopPlay();
  stepBack().catch(showError);
};
$('to-solution').onclick = () => {
  stopPlay();
  startPlay('solution');
};
$('reset').onclick = () => resetTrace().catch(showError);
// Scrubbing seeks and keeps playing if it was playing.
$('timeline').addEventListener('input', () => seek(Number($('timeline').value)).catch(showError));
