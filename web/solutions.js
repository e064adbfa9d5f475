// Solutions: solution #k of `nqueens list N` (or of `list N --unique`), typed or stepped.
// Counts and indices are BigInt end to end (N = 27 has 234,907,967,154,122,528 solutions, more
// than a double holds exactly).
import {drawBoard, drawQueens} from './board.js';
import {
  $,
  announce,
  api,
  fmt,
  parseWhole,
  plural,
  setDisabled,
  showError,
  state,
  updateURL
} from './core.js';

const big = (text) => (text === null || text === undefined) ? null : BigInt(text);

// The size of the list shown (all or unique), or null when not known (N > 27).
export function listSize() {
  const c = state.counts;
  if (!c) return 0n;
  return big(state.unique ? c.unique_text : c.total_text);
}
function randomAccess() {
  const c = state.counts;
  return !!c && (state.unique ? c.random_access_unique : c.random_access);
}
// The highest index the server answers for this list: all of it with random access, else what
// it measured it can walk to within its time cap (/api/counts).
export function reachable() {
  const c = state.counts;
  if (!c) return 0n;
  return big(state.unique ? c.walk_limit_unique_text : c.walk_limit_text);
}

export async function loadCounts() {
  state.counts = await api('counts?n=' + state.n);
  const c = state.counts;
  $('counts').textContent = c.total_text === null ?
      `N = ${state.n}: number of solutions not known (counts are published up to N = 27)` :
      `N = ${state.n}: ${plural(fmt(c.total_text), 'solution')}, ${fmt(c.unique_text)} unique`;
}

export function updateIndexView() {
  const size = listSize();
  const none = size === 0n;
  if (document.activeElement !== $('index')) $('index').value = none ? '' : String(state.target);
  $('index').disabled = none;
  let text;
  if (none)
    text = `N = ${state.n} has no solutions`;
  else
    text = (size === null ? 'of ?' : `of ${fmt(size)}`) + (state.unique ? ' unique' : '');
  const c = state.counts;
  const last = reachable();
  if (c && !none && !randomAccess()) {
    const max = state.unique ? c.max_rank_unique_n : c.max_rank_n;
    const list = state.unique ? ' for the unique list' : '';
    text += last === 0n ?
        ` — none can be reached here: beyond N = ${max}${list} the list is walked from #1, and ` +
            `this server reaches no solution within its time cap` :
        ` — solutions 1 to ${fmt(last)} are reachable (random access up to N = ${max}${list}; ` +
            `beyond, this server walks the list from #1, as far as it measured it can within ` +
            `${c.walk_seconds} s)`;
  }
  $('of').textContent = text;
  setDisabled('first', none || state.target <= 1n, ['next', 'index']);
  setDisabled('prev', none || state.target <= 1n, ['next', 'index']);
  setDisabled('next', none || state.target >= last, ['prev', 'index']);
  setDisabled('last', none || state.target >= last, ['prev', 'index']);
}

function drawEmptySolution() {
  state.solution = null;
  state.shown = 0n;
  drawBoard(state.n);
  drawQueens(new Array(state.n).fill(-1));
  $('perm').textContent = '\u00a0';
  $('board').dataset.index = '';
}

// Why k cannot be shown, or null when it can.
export function refusal(k) {
  const size = listSize(), max = reachable();
  if (k < 1n) return 'the solution number must be at least 1';
  if (k <= max) return null;
  if (size !== null && k > size) {
    const what = state.unique ? 'unique solution' : 'solution';
    return `N = ${state.n} has ${plural(fmt(size), what)}: choose 1 to ${fmt(size)}`;
  }
  return max === 0n ? `no solution of N = ${state.n} can be reached on this server` :
                      `only solutions 1 to ${fmt(max)} can be reached for N = ${state.n}`;
}

// Asks for solution #k; the board changes when (and only when) the latest answer arrives. On
// a refusal the box, the board and the buttons keep showing the board's number.
export async function showSolution(k) {
  showError(null);
  if (listSize() === 0n) {
    drawEmptySolution();
    updateIndexView();
    return;
  }
  const why = refusal(k);
  if (why) {
    if (state.shown > 0n) state.target = state.shown;
    updateIndexView();
    $('index').value = String(state.target);
    throw new Error(why);
  }
  state.target = k;
  updateIndexView();
  updateURL();
  const ticket = ++state.requests;
  const n = state.n;
  let s;
  try {
    s = await api(`solution?n=${n}&index=${k}&unique=${state.unique ? 1 : 0}`);
  } catch (e) {
    if (ticket === state.requests && state.shown > 0n) {  // back to the board's number
      state.target = state.shown;
      updateIndexView();
      updateURL();
    }
    throw e;
  }
  if (ticket !== state.requests || state.n !== n || state.mode !== 'solutions') return;
  state.shown = k;
  state.solution = s.solution.map((c) => c - 1);
  drawBoard(n);
  drawQueens(state.solution);
  $('perm').textContent = s.solution.join(' ');
  $('board').dataset.index = String(k);
  updateIndexView();
  const size = listSize();
  announce(
      `solution ${fmt(k)} of ${size === null ? '?' : fmt(size)}: ${$('board-text').textContent}`);
}

export const go = (k) => showSolution(BigInt(k)).catch((e) => {
  showError(e);
  updateIndexView();
});
export const step = (d) => go(state.target + BigInt(d));

$('first').onclick = () => go(1n);
$('prev').onclick = () => step(-1);
$('next').onclick = () => step(1);
$('last').onclick = () => go(reachable());

function commitIndex() {
  const text = $('index').value;
  if (text.trim() === String(state.target)) return;
  let k;
  try {
    k = parseWhole(text, 'the solution number');
  } catch (e) {
    showError(e);
    $('index').value = String(state.target);
    return;
  }
  go(k);
}
$('index').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    commitIndex();
  } else if (e.key === 'ArrowUp') {
    e.preventDefault();
    step(1);
  } else if (e.key === 'ArrowDown') {
    e.preventDefault();
    step(-1);
  }
});
$('index').addEventListener('change', commitIndex);  // Tab or a click elsewhere
$('unique').addEventListener('change', async () => {
  // Keep the same board when possible: its class's representative, or the board itself.
  const before = state.solution;
  state.unique = $('unique').checked;
  let k = 1n;
  try {
    const max = state.unique ? state.counts.max_rank_unique_n : state.counts.max_rank_n;
    if (before && state.n <= max) {
      const r = await api(
          `rank?solution=${before.map((c) => c + 1).join(',')}&unique=${state.unique ? 1 : 0}`);
      k = BigInt(r.index);
    }
  } catch (e) {
    k = 1n;
  }
  updateURL();
  go(k);
});
