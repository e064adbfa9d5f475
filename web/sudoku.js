// Sudoku: a 9x9 puzzle solved two ways, stepped through: the backtracking search and the
// human-style path of `sudoku explain`, with candidates and the rating.
import {
  $,
  announce,
  api,
  fmt,
  isAbort,
  plural,
  setDisabled,
  showError,
  state,
  updateURL
} from './core.js';

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
    used.add(grid[r * 9 + k]);
    used.add(grid[k * 9 + c]);
    used.add(
        grid[(Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3)]);
  }
  const out = [];
  for (let d = 1; d <= 9; d++)
    if (!used.has(d)) out.push(d);
  return out;
}

function sudokuSteps() {
  const s = state.sudoku;
  return s.view === 'search' ? s.data.search.steps : s.data.explain;
}

export function renderSudoku() {
  const s = state.sudoku;
  const cells = sudokuCells();
  if (!s || !s.data) {  // nothing solved: the givens, if any, and no steps
    const givens = s ? s.puzzle : [];
    for (let i = 0; i < 81; i++) {
      const d = cells[i];
      d.className = d.className.replace(/\b(given|filled|guess|now|undone)\b/g, '').trim();
      d.textContent = givens[i] ? String(givens[i]) : '';
      if (givens[i]) d.classList.add('given');
    }
    $('sudoku-timeline').max = 0;
    $('sudoku-timeline').value = 0;
    $('sudoku-steptext').textContent = '\u00a0';
    for (const id of ['sudoku-first', 'sudoku-back', 'sudoku-step', 'sudoku-end', 'sudoku-show'])
      setDisabled(id, true, ['sudoku-solve']);
    setDisabled('sudoku-timeline', true, ['sudoku-solve']);
    $('board-text').textContent = s ?
        `Sudoku grid with ${givens.filter((x) => x).length} givens, no solution.` :
        'No Sudoku grid.';
    return;
  }
  setDisabled('sudoku-show', false);
  setDisabled('sudoku-timeline', false);
  const steps = sudokuSteps();
  const grid = s.puzzle.slice();
  const removed = Array.from({length: 81}, () => new Set());  // eliminations (explain)
  const guessed = new Set();
  let now = -1, undone = -1, text = 'The puzzle as given.';
  for (let i = 0; i < s.pos; i++) {
    const st = steps[i];
    if (s.view === 'search') {
      if (st.k === 'place' || st.k === 'guess') {
        grid[st.c] = st.d;
        if (st.k === 'guess') guessed.add(st.c);
      } else if (st.k === 'undo') {
        grid[st.c] = 0;
        guessed.delete(st.c);
      }
      if (i === s.pos - 1) {
        now = st.c;
        if (st.k === 'undo') undone = st.c;
        text = st.k === 'place' ? `${cellName(st.c)} = ${st.d}: its only candidate (forced)` :
            st.k === 'guess' ? `${cellName(st.c)} = ${st.d}: a guess, one of ${st.of} candidates` :
            st.k === 'undo' ? `${cellName(st.c)}: take back ${st.d}, it led to a dead end` :
                              `${cellName(st.c)} has no candidate left: dead end, back up`;
      }
    } else {
      for (const [c, d] of st.place) grid[c] = d;
      for (const [c, d] of st.eliminate) removed[c].add(d);
      if (i === s.pos - 1) {
        now = st.place.length ? st.place[0][0] : (st.eliminate.length ? st.eliminate[0][0] : -1);
        text = st.text;
      }
    }
  }
  if (s.showSolution) {
    for (let i = 0; i < 81; i++) grid[i] = Number(s.data.solution[i]);
    text = 'The solution.';
  }
  for (let i = 0; i < 81; i++) {
    const d = cells[i];
    d.className = d.className.replace(/\b(given|filled|guess|now|undone)\b/g, '').trim();
    d.innerHTML = '';
    if (s.puzzle[i]) {
      d.classList.add('given');
      d.textContent = s.puzzle[i];
    } else if (grid[i]) {
      d.classList.add('filled');
      d.textContent = grid[i];
    } else {
      const cands = candidatesAt(grid, i).filter((x) => !removed[i].has(x));
      const box = document.createElement('div');
      box.className = 'cands';
      for (let k = 1; k <= 9; k++) {
        const sp = document.createElement('span');
        sp.textContent = cands.includes(k) ? k : '';
        box.appendChild(sp);
      }
      d.appendChild(box);
    }
    if (guessed.has(i)) d.classList.add('guess');
    if (i === now) d.classList.add('now');
    if (i === undone) d.classList.add('undone');
  }
  $('sudoku-timeline').max = steps.length;
  $('sudoku-timeline').value = s.pos;
  $('sudoku-steptext').textContent = `Step ${fmt(s.pos)} of ${fmt(steps.length)}${
      s.view === 'search' && s.data.search.truncated ? '+' : ''}: ${text}`;
  setDisabled('sudoku-first', s.pos === 0, ['sudoku-step', 'sudoku-timeline']);
  setDisabled('sudoku-back', s.pos === 0, ['sudoku-step', 'sudoku-timeline']);
  setDisabled('sudoku-step', s.pos >= steps.length, ['sudoku-back', 'sudoku-timeline']);
  setDisabled('sudoku-end', s.pos >= steps.length, ['sudoku-back', 'sudoku-timeline']);
  const rows = [];
  for (let r = 0; r < 9; r++)
    rows.push(`row ${r + 1}: ${grid.slice(r * 9, r * 9 + 9).map((x) => x || 'empty').join(' ')}`);
  $('board-text').textContent =
      `Sudoku grid, ${grid.filter((x) => x).length} of 81 cells filled; ${rows.join('; ')}.`;
}

// Solves a puzzle and shows it from step `pos` in `view` ('search' or 'explain'). A puzzle
// that cannot be read or solved replaces the old grid too: its givens (if any), no steps, the
// reason in words.
export async function sudokuSolve(puzzleText, pos = 0, view = null) {
  showError(null);
  const line = puzzleText.replace(/\s+/g, '');
  if (view) document.querySelector(`input[name="sudoku-view"][value="${view}"]`).checked = true;
  view = document.querySelector('input[name="sudoku-view"]:checked').value;
  let data;
  try {
    data = await api('sudoku?puzzle=' + encodeURIComponent(line));
  } catch (e) {
    if (isAbort(e)) throw e;
    state.sudoku = {data: null, puzzleText: line, puzzle: [], pos: 0, view};
    $('sudoku-rating').textContent = '\u00a0';
    renderSudoku();
    updateURL();
    throw e;
  }
  const puzzle = [...data.puzzle].map((ch) => (ch === '.' ? 0 : Number(ch)));
  if (data.error) {
    state.sudoku = {data: null, puzzleText: data.puzzle, puzzle, pos: 0, view};
    $('sudoku-rating').textContent = `No solution: ${data.error}.`;
    renderSudoku();
    updateURL();
    throw new Error(data.error);
  }
  state.sudoku = {data, puzzleText: data.puzzle, puzzle, pos: 0, view};
  state.sudoku.pos = Math.min(pos, sudokuSteps().length);
  const r = data.rating;
  $('sudoku-rating').textContent =
      `${data.solutions > 1 ? 'More than one solution' : 'One solution'}; rated ${r.level} (score ${
          r.score.toFixed(1)}, hardest step: ${r.hardest}${
          r.guesses ? `, ${plural(r.guesses, 'guess', 'guesses')}` :
                      ''}); the search takes ${plural(data.search.steps.length, 'step')}${
          data.search.truncated ? ' (first 20,000 shown)' : ''}.`;
  announce($('sudoku-rating').textContent);
  renderSudoku();
  updateURL();
}
const sudokuMove = (to) => {
  const s = state.sudoku;
  if (!s || !s.data) return;
  s.showSolution = false;
  s.pos = Math.max(0, Math.min(sudokuSteps().length, to));
  renderSudoku();
  updateURL();
  announce($('sudoku-steptext').textContent);
};
$('sudoku-solve').onclick = () => sudokuSolve($('sudoku-input').value).catch(showError);
$('sudoku-generate').onclick = async () => {
  try {
    showError(null);
    const number = Math.floor(Math.random() * 1e9) + 1;
    const data = await api(`sudoku?op=generate&level=${$('sudoku-level').value}&number=${number}`);
    $('sudoku-input').value = data.puzzle;
    await sudokuSolve(data.puzzle);
  } catch (e) {
    showError(e);
  }
};
$('sudoku-first').onclick = () => sudokuMove(0);
$('sudoku-back').onclick = () => sudokuMove(state.sudoku.pos - 1);
$('sudoku-step').onclick = () => sudokuMove(state.sudoku.pos + 1);
$('sudoku-end').onclick = () => sudokuMove(Infinity);
$('sudoku-show').onclick = () => {
  if (state.sudoku && state.sudoku.data) {
    state.sudoku.showSolution = true;
    renderSudoku();
  }
};
$('sudoku-timeline')
    .addEventListener('input', () => sudokuMove(Number($('sudoku-timeline').value)));
for (const r of document.querySelectorAll('input[name="sudoku-view"]'))
  r.addEventListener('change', () => {
    if (!state.sudoku) return;
    state.sudoku.view = r.value;
    state.sudoku.pos = 0;
    renderSudoku();
    updateURL();
  });
