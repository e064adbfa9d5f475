// Teach backtracking: the search of the lecture notes one step at a time, forward and back,
// with a timeline, play / pause and the step log.
import {center, drawBoard, drawQueens, squareXY} from './board.js';
import {
  $,
  announce,
  api,
  CELL,
  el,
  fmt,
  lineName,
  MAX_ANIMATION_N,
  MAX_SVG_N,
  plural,
  showError,
  sqName,
  state,
  updateURL
} from './core.js';

const TRACE_PAGE = 5000;        // steps per trace request
const MAX_KEPT_STEPS = 500000;  // the timeline keeps this many steps (about 50 MB at most)
const LOG_LINES = 60;

export function speed() {  // steps per second, 1 .. 500 on a log scale
  return Math.round(Math.pow(500, Number($('speed').value) / 100));
}
$('speed').addEventListener('input', () => {
  $('speed-text').textContent = speed() + ' steps/s';
  if (state.trace && state.trace.timer) {
    stopPlay();
    startPlay();
  }
});

function newTrace() {
  return {
    n: state.n,
    steps: [],
    done: false,
    loading: null,
    pos: 0,
    timer: null,
    until: null,
    view: null
  };
}

function teachAvailable() { return state.n <= MAX_ANIMATION_N; }

export function resetTrace(pos = 0) {
  stopPlay();
  state.trace = newTrace();
  drawBoard(state.n);
  const ok = teachAvailable();
  for (const id of ['back', 'play', 'step', 'to-solution', 'reset', 'timeline'])
    $(id).disabled = !ok;
  $('steplog').innerHTML = '';
  if (!ok) {
    $('steptext').textContent = `The animation is for N up to ${MAX_ANIMATION_N} (N = ${
        state.n} would take years to watch).`;
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
  t.loading = api(`trace?n=${t.n}&from=${t.steps.length}&limit=${TRACE_PAGE}`)
                  .then(
                      (page) => {
                        if (t !== state.trace) return;
                        for (const s of page.steps) t.steps.push(s);
                        t.done = page.done;
                        t.loading = null;
                        $('timeline').max = t.steps.length;
                      },
                      (e) => {
                        t.loading = null;
                        throw e;
                      });
  return t.loading;
}

// The board after the first `pos` steps: queens, the row being tried and its rejected squares.
function replay(t, pos) {
  const n = t.n;
  const v = {queens: new Array(n).fill(-1), rejects: Array.from({length: n}, () => []), placed: 0};
  for (let i = 0; i < pos; i++) applyTo(v, t.steps[i]);
  return v;
}
function applyTo(v, s) {
  const r = s.row - 1, c = s.col - 1;
  if (s.kind === 'place') {
    v.queens[r] = c;
    v.placed = r + 1;
    if (r + 1 < v.queens.length) v.rejects[r + 1] = [];  // a new visit of the next row
  } else if (s.kind === 'reject')
    v.rejects[r].push(c);
  else if (s.kind === 'undo') {
    v.queens[r] = -1;
    v.placed = r;
    v.rejects[r].push(c);
  }
}

function describeStep(t, i) {
  const s = t.steps[i];
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
      const prev = i > 0 ? t.steps[i - 1] : null;
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
    const p = t.steps[j];
    if (p.kind === 'place' && p.row === s.row) break;
    if (p.kind === 'undo' && p.row === s.row + 1) {
      tried = true;
      break;
    }
    if (k === 399) tried = true;
  }
  return tried ?
      `row ${s.row + 1}: no square left to try (the rest are attacked or led to dead ends)` :
      `row ${s.row + 1}: every square is attacked`;
}

function render() {
  const t = state.trace;
  if (!t || state.mode !== 'search') return;
  if (!t.view || t.view.pos !== t.pos) {
    // Forward by one step is incremental; anything else replays from the start (O(pos)).
    if (t.view && t.view.pos === t.pos - 1) {
      applyTo(t.view, t.steps[t.pos - 1]);
      t.view.pos = t.pos;
    } else {
      t.view = replay(t, t.pos);
      t.view.pos = t.pos;
    }
  }
  const v = t.view;
  const n = t.n;
  drawQueens(v.queens);
  if (n > MAX_SVG_N) return;
  const overlay = $('overlay'), marks = $('marks'), lines = $('lines');
  overlay.innerHTML = '';
  marks.innerHTML = '';
  lines.innerHTML = '';
  const last = t.pos > 0 ? t.steps[t.pos - 1] : null;
  const solved = !!last && last.kind === 'solution';
  $('board').classList.toggle('solved', solved);
  const m = Number($('board').dataset.margin);
  if (!solved && v.placed < n && teachAvailable()) {
    el('rect',
       {class: 'row-try', x: m + 2, y: v.placed * CELL + 2, width: n * CELL - 4, height: CELL - 4},
       overlay);
    for (const c of v.rejects[v.placed]) {
      const [x, y] = squareXY(v.placed, c);
      el('path', {
        class: 'mark-reject',
        d: `M${x + 10} ${y + 10} L${x + 30} ${y + 30} M${x + 30} ${y + 10} L${x + 10} ${y + 30}`
      },
         marks);
    }
  }
  if (last) {
    const [x, y] = squareXY(last.row - 1, last.col - 1);
    const box = {x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6};
    if (last.kind === 'place')
      el('rect', {class: 'mark-place', ...box}, marks);
    else if (last.kind === 'undo')
      el('rect', {class: 'mark-undo', ...box}, marks);
    else if (last.kind === 'reject') {
      el('rect', {class: 'mark-reject mark-current', ...box}, marks);
      const [bx, by] = center(last.by[0] - 1, last.by[1] - 1);
      el('line', {class: 'conflict', x1: bx, y1: by, x2: x + CELL / 2, y2: y + CELL / 2}, lines);
    }
  }
  $('stepno').textContent = fmt(t.pos);
  $('nodes').textContent = fmt(last ? last.nodes : 0);
  $('found').textContent = fmt(last ? last.solutions : 0);
  $('timeline').max = Math.max(t.steps.length, t.pos);
  $('timeline').value = t.pos;
  $('back').disabled = t.pos === 0 || !teachAvailable();
  const finished = t.done && t.pos >= t.steps.length;
  if (last)
    $('steptext').textContent = finished ?
        `Search finished: ${plural(last.solutions, 'solution')}, ${
            plural(last.nodes, 'node')} visited.` :
        describeStep(t, t.pos - 1);
  $('play').textContent = t.timer ? 'Pause' : (finished ? 'Play again' : 'Play');
  $('play').setAttribute(
      'aria-label', t.timer ? 'pause' : (finished ? 'play again from the start' : 'play'));
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
export async function stepForward() {
  const t = state.trace;
  if (!t || !teachAvailable()) return false;
  if (t.pos >= t.steps.length) {
    if (t.done || t.steps.length >= MAX_KEPT_STEPS) {
      finish();
      return false;
    }
    await fetchTrace();
    if (t !== state.trace || t.pos >= t.steps.length) {
      finish();
      return false;
    }
  }
  t.pos++;
  render();
  if (!t.done && t.steps.length - t.pos < TRACE_PAGE / 2) fetchTrace().catch(showError);
  if (!t.timer) announce($('steptext').textContent);
  return true;
}

export function stepBack() {
  const t = state.trace;
  if (!t || t.pos === 0) return;
  t.pos--;
  render();
  announce(t.pos === 0 ? 'back at the start' : $('steptext').textContent);
  updateURL();
}

async function seek(pos) {
  const t = state.trace;
  while (t === state.trace && t.steps.length < pos && !t.done && t.steps.length < MAX_KEPT_STEPS)
    await fetchTrace();
  t.pos = Math.min(pos, t.steps.length);
  render();
  updateURL();
}

function finish() {
  stopPlay();
  const t = state.trace;
  if (t && t.steps.length >= MAX_KEPT_STEPS && !t.done)
    $('steptext').textContent =
        `The page keeps the first ${fmt(MAX_KEPT_STEPS)} steps; \`nqueens trace ${t.n} --from ${
            MAX_KEPT_STEPS}\` prints the rest.`;
  render();
  announce($('steptext').textContent);
}

function startPlay(until) {
  const t = state.trace;
  if (!t || !teachAvailable()) return;
  if (t.done && t.pos >= t.steps.length) {
    t.pos = 0;
    t.view = null;
  }  // play again
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
          stopPlay();
          render();
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
    updateURL();
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
  stepBack();
};
$('to-solution').onclick = () => {
  stopPlay();
  startPlay('solution');
};
$('reset').onclick = () => {
  resetTrace().catch(showError);
  updateURL();
};
$('timeline').addEventListener('input', () => {
  stopPlay();
  seek(Number($('timeline').value)).catch(showError);
});
