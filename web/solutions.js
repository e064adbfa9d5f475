// Solutions: solution #k of `nqueens list N` (or of `list N --unique`), typed or stepped.
import {drawBoard, drawQueens} from './board.js';
import {
  $,
  announce,
  api,
  fmt,
  fmtText,
  parseWhole,
  plural,
  showError,
  state,
  updateURL
} from './core.js';

const uniqueList = () => state.unique;
export function listSize() {  // Infinity when not known (N > 27)
  const c = state.counts;
  if (!c) return 0;
  const size = state.unique ? c.unique : c.total;
  return size === null ? Infinity : size;
}
function randomAccess() {
  const c = state.counts;
  return !!c && (uniqueList() ? c.random_access_unique : c.random_access);
}
// Highest index the server answers for this N (the whole list when it has random access).
export function reachable() {
  const c = state.counts;
  if (!c) return 0;
  const walk = uniqueList() ? c.walk_limit_unique : c.walk_limit;
  return Math.min(listSize(), walk === null || walk === undefined ? Infinity : walk);
}

export async function loadCounts() {
  state.counts = await api('counts?n=' + state.n);
  const c = state.counts;
  $('counts').textContent = c.total === null ?
      `N = ${state.n}: number of solutions not known (counts are published up to N = 27)` :
      `N = ${state.n}: ${plural(c.total_text, 'solution')}, ${fmtText(c.unique_text)} unique`;
}

export function updateIndexView() {
  const size = listSize();
  if (document.activeElement !== $('index'))
    $('index').value = size === 0 ? '' : String(state.target);
  $('index').disabled = size === 0;
  let text;
  if (size === 0)
    text = `N = ${state.n} has no solutions`;
  else
    text = (size === Infinity ? 'of ?' : `of ${fmt(size)}`) + (state.unique ? ' unique' : '');
  const c = state.counts;
  if (c && size !== 0 && !randomAccess()) {
    const max = state.unique ? c.max_rank_unique_n : c.max_rank_n;
    text += ` — solutions 1 to ${fmt(reachable())} are reachable (random access up to N = ${max}${
        state.unique ? ' for the unique list' : ''}; beyond, the list is walked from #1 within ${
        state.limits ? state.limits.max_seconds : 3} s)`;
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
export async function showSolution(k) {
  showError(null);
  const size = listSize();
  if (size === 0) {
    drawEmptySolution();
    updateIndexView();
    return;
  }
  const max = reachable();
  if (k < 1 || k > max) {
    updateIndexView();
    $('index').value = String(state.target);  // the box keeps showing the board's number
    throw new Error(
        k < 1 ?
            'the solution number must be at least 1' :
            (max < size ?
                 `only solutions 1 to ${fmt(max)} can be reached for N = ${state.n}` :
                 `N = ${state.n} has ${
                     plural(size, state.unique ? 'unique solution' : 'solution')}: choose 1 to ${
                     fmt(size)}`));
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

export const go = (k) => showSolution(k).catch((e) => {
  showError(e);
  updateIndexView();
});
export const step = (d) => go(state.target + d);

$('first').onclick = () => go(1);
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
  let k = 1;
  try {
    const max = state.unique ? state.counts.max_rank_unique_n : state.counts.max_rank_n;
    if (before && state.n <= max) {
      const r = await api(
          `rank?solution=${before.map((c) => c + 1).join(',')}&unique=${state.unique ? 1 : 0}`);
      k = r.index;
    }
  } catch (e) {
    k = 1;
  }
  go(k);
});
