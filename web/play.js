// Play: place and remove queens yourself; conflicts drawn and counted; "finish it for me" asks
// the completion solver.
import {center, drawQueenSet, inspect, squareXY} from './board.js';
import {
  $,
  announce,
  api,
  attackLine,
  CELL,
  el,
  isAbort,
  MAX_SVG_N,
  plural,
  showError,
  sqName,
  state,
  updateURL
} from './core.js';

function togglePlayQueen(r, c) {
  const key = `${r},${c}`;
  if (state.play.queens.has(key))
    state.play.queens.delete(key);
  else
    state.play.queens.add(key);
  state.play.added = null;
  renderPlay();
  updateURL();
}

export function renderPlay() {
  const n = state.n;
  if (n > MAX_SVG_N) return;
  const squares = [...state.play.queens].map((k) => k.split(',').map(Number));
  drawQueenSet(squares);
  const lines = $('lines'), marks = $('marks');
  lines.innerHTML = '';
  marks.innerHTML = '';
  let pairs = 0;
  const bad = new Set();
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      const [r1, c1] = squares[i], [r2, c2] = squares[j];
      if (attackLine(r1, c1, r2, c2) === null) continue;
      pairs++;
      bad.add(i);
      bad.add(j);
      const [x1, y1] = center(r1, c1), [x2, y2] = center(r2, c2);
      el('line', {class: 'conflict', x1, y1, x2, y2}, lines);
    }
  }
  for (const i of bad) {
    const [r, c] = squares[i];
    const g = document.querySelector(`#queens .queen[data-row="${r}"][data-col="${c}"]`);
    if (g) g.classList.add('bad');
  }
  if (state.play.added)
    for (const [r, c] of state.play.added) {
      const [x, y] = squareXY(r, c);
      el('rect', {class: 'mark-place', x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6},
         marks);
    }
  const board = new Array(n).fill(-1);
  for (const [r, c] of squares) board[r] = c;
  state.board = board;
  const names = squares.map(([r, c]) => sqName(r, c, n));
  $('board-text').textContent = squares.length ?
      `${plural(squares.length, 'queen')}: ${names.join(', ')}.` :
      `Empty ${n} by ${n} board.`;
  let status;
  if (pairs > 0)
    status = `${plural(squares.length, 'queen')}; ${
        plural(pairs, 'pair')} attack each other (red lines).`;
  else if (squares.length === n)
    status = `Solved: ${plural(n, 'queen')} and none attacks another.`;
  else
    status = `${plural(squares.length, 'queen')} placed, no attacks so far; ${
        plural(n - squares.length, 'queen')} to go.`;
  $('play-status').textContent = status;
  $('board').classList.toggle('solved', pairs === 0 && squares.length === n);
  announce(status);
}

$('board').addEventListener('click', (e) => {
  if (state.mode !== 'play') return;
  const t = e.target.closest && (e.target.closest('.queen') || e.target.closest('.sq'));
  if (!t) return;
  const r = Number(t.dataset.row), c = Number(t.dataset.col);
  togglePlayQueen(r, c);
  inspect(r, c, true);  // the text speaks of the square clicked or tapped
});
$('clear').onclick = () => {
  state.play.queens.clear();
  state.play.added = null;
  renderPlay();
  updateURL();
};
$('finish').onclick = async () => {
  showError(null);
  const squares = [...state.play.queens].map((k) => k.split(',').map(Number));
  $('play-status').textContent = 'Asking the completion solver …';
  try {
    const q = squares.map(([r, c]) => `${r + 1}:${c + 1}`).join(',');
    const res = await api(`complete?n=${state.n}&queens=${q}`);
    if (!res.found) {
      $('play-status').textContent = res.reason === 'this N has no solution' ?
          `N = ${state.n} has no solution at all.` :
          'No solution keeps these queens: every way to add the rest leads to an attack. Remove a queen and try again.';
      announce($('play-status').textContent);
      return;
    }
    const had = new Set(state.play.queens);
    state.play.queens = new Set(res.solution.map((c, r) => `${r},${c - 1}`));
    state.play.added =
        res.solution.map((c, r) => [r, c - 1]).filter(([r, c]) => !had.has(`${r},${c}`));
    renderPlay();
    $('play-status').textContent =
        `Finished: ${plural(state.play.added.length, 'queen')} added (outlined in green), your ${
            plural(had.size, 'queen')} kept.`;
    announce($('play-status').textContent);
    updateURL();
  } catch (e) {
    if (isAbort(e)) return;
    $('play-status').textContent = '\u00a0';
    showError(e);
  }
};

// Enter or space on the board's cursor places or removes a queen.
$('board').addEventListener('keydown', (e) => {
  if ((e.key === 'Enter' || e.key === ' ') && state.mode === 'play' && state.cursor) {
    e.preventDefault();
    e.stopPropagation();
    togglePlayQueen(...state.cursor);
    inspect(...state.cursor, true);
  }
});
