// The chessboard as SVG: squares and coordinates, queens, the text alternative, and what
// pointing at a square (or moving the keyboard cursor onto it) tells about it.
import {
  $,
  announce,
  attackLine,
  CELL,
  el,
  fileLabel,
  fmt,
  MAX_SVG_N,
  plural,
  sqName,
  state
} from './core.js';

export function showSurface(which) {  // 'svg', 'canvas', 'sudoku' or 'none'
  // (style.display, not the hidden attribute: the stylesheet's display:block would win)
  $('board').style.display = which === 'svg' ? 'block' : 'none';
  $('board-canvas').style.display = which === 'canvas' ? 'block' : 'none';
  $('sudoku-board').hidden = which !== 'sudoku';
}

// Squares and coordinates of an N x N board, and empty layers for marks, queens and lines.
// Labels grow with N so that they stay about 11 px or more on screen.
export function drawBoard(n) {
  state.board = new Array(n).fill(-1);
  if (n > MAX_SVG_N) {
    showSurface('canvas');
    return;
  }
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
  const squares = el('g', {id: 'squares'}, svg);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      el('rect', {
        class: 'sq ' + ((r + c) % 2 === 0 ? 'dark' : 'light'),
        x: margin + c * CELL,
        y: r * CELL,
        width: CELL,
        height: CELL,
        'data-row': r,
        'data-col': c,
      },
         squares);
    }
  }
  const labels = el('g', {'aria-hidden': 'true'}, svg);
  for (let i = 0; i < n; i++) {
    el('text', {class: 'coord', x: margin / 2, y: i * CELL + CELL / 2, 'font-size': font}, labels)
        .textContent = i + 1;
    el('text',
       {class: 'coord', x: margin + i * CELL + CELL / 2, y: size + margin / 2, 'font-size': font},
       labels)
        .textContent = fileLabel(i, n);
  }
  el('g', {id: 'overlay'}, svg);
  el('g', {id: 'marks'}, svg);
  el('g', {id: 'queens'}, svg);
  el('g', {id: 'lines'}, svg);
  el('g', {id: 'hover'}, svg);
  setBoardText('');
}

export function squareXY(r, c) {
  const m = Number($('board').dataset.margin || 0);
  return [m + c * CELL, r * CELL];
}
export function center(r, c) {
  const [x, y] = squareXY(r, c);
  return [x + CELL / 2, y + CELL / 2];
}

function queenGlyph(r, c, parent) {
  const [x, y] = squareXY(r, c);
  const g =
      el('g', {
        class: 'queen',
        'data-row': r,
        'data-col': c,
        transform: `translate(${x} ${y}) scale(${CELL / 100})`
      },
         parent);
  el('path', {d: 'M18 78 L10 32 L32 55 L50 20 L68 55 L90 32 L82 78 Z'}, g);
  el('rect', {x: 18, y: 80, width: 64, height: 10, rx: 3}, g);
  return g;
}

export function setBoardText(extra) {
  const n = state.n;
  const q = [];
  (state.board || []).forEach((c, r) => {
    if (c >= 0) q.push(sqName(r, c, state.board.length));
  });
  let text;
  if (q.length === 0)
    text = `Empty ${n} by ${n} board.`;
  else if (q.length > 64)
    text = `${plural(q.length, 'queen')} on a ${fmt(state.board.length)} by ${
        fmt(state.board.length)} board, one in each row and column; first rows: ${
        q.slice(0, 8).join(', ')} …`;
  else
    text = `${plural(q.length, 'queen')}: ${q.join(', ')}.`;
  $('board-text').textContent = text + (extra ? ' ' + extra : '');
}

// queens: 0-based column per row, -1 for an empty row.
export function drawQueens(queens) {
  state.board = queens.slice();
  if (queens.length > MAX_SVG_N) {
    setBoardText('');
    return;
  }  // (find draws those on its canvas)
  const layer = $('queens');
  layer.innerHTML = '';
  queens.forEach((c, r) => {
    if (c >= 0) queenGlyph(r, c, layer);
  });
  setBoardText('');
}

// Play mode draws any set of squares (several queens may share a row).
export function drawQueenSet(squares) {
  const layer = $('queens');
  layer.innerHTML = '';
  for (const [r, c] of squares) queenGlyph(r, c, layer);
}

// ---- hover and keyboard cursor: who attacks a square -------------------------------------

function queensOnBoard() {
  if (state.mode === 'play') return [...state.play.queens].map((k) => k.split(',').map(Number));
  const q = [];
  (state.board || []).forEach((c, r) => {
    if (c >= 0) q.push([r, c]);
  });
  return q;
}

export function clearHover() {
  for (const sq of document.querySelectorAll('#squares .sq.attacked'))
    sq.classList.remove('attacked');
  for (const q of document.querySelectorAll('#queens .queen.hot')) q.classList.remove('hot');
  if ($('hover')) $('hover').innerHTML = '';
}

// A queen: mark every square it attacks. An empty square: mark the queens attacking it.
export function inspect(r, c, fromKeyboard) {
  clearHover();
  const n = Number($('board').dataset.n);
  const queens = queensOnBoard();
  const here = queens.some(([qr, qc]) => qr === r && qc === c);
  let text;
  if (here) {
    // (a dot on each attacked square: a mark with 3:1 contrast on both square colours, where a
    // tinted square would not have it)
    for (const sq of document.querySelectorAll('#squares .sq')) {
      const rr = Number(sq.dataset.row), cc = Number(sq.dataset.col);
      const hit = !(rr === r && cc === c) && attackLine(r, c, rr, cc) !== null;
      sq.classList.toggle('attacked', hit);
      if (hit) {
        const [x, y] = center(rr, cc);
        el('circle', {class: 'attack-mark', cx: x, cy: y, r: 6}, $('hover'));
      }
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
      el('line', {class: 'attack-line', x1, y1, x2, y2}, $('hover'));
    }
    text = by.length === 0 ?
        `${sqName(r, c, n)}: empty, no queen attacks it.` :
        `${sqName(r, c, n)}: empty, attacked by ${
            by.map(([qr, qc]) => `${sqName(qr, qc, n)} (${attackLine(qr, qc, r, c)})`)
                .join(', ')}.`;
  }
  $('square-info').textContent = text;
  if (fromKeyboard) announce(text);
}

function squareOf(target) {
  const t = target.closest && (target.closest('.queen') || target.closest('.sq'));
  return t ? [Number(t.dataset.row), Number(t.dataset.col)] : null;
}

$('board').addEventListener('mouseover', (e) => {
  const sq = squareOf(e.target);
  if (sq) inspect(...sq, false);
});
$('board').addEventListener('mouseleave', () => {
  clearHover();
  $('square-info').textContent = '\u00a0';
});

function setCursor(r, c, speak) {
  state.cursor = [r, c];
  for (const sq of document.querySelectorAll('#squares .sq.cursor')) sq.classList.remove('cursor');
  const sq = document.querySelector(`#squares .sq[data-row="${r}"][data-col="${c}"]`);
  if (sq) sq.classList.add('cursor');
  inspect(r, c, speak);
}
function moveCursor(dr, dc) {
  const n = Number($('board').dataset.n);
  if (!n) return;
  const [r, c] = state.cursor || [0, 0];
  setCursor(Math.max(0, Math.min(n - 1, r + dr)), Math.max(0, Math.min(n - 1, c + dc)), true);
}

// A click or a tap puts the cursor on the square under it. Focus that comes with a pointer
// keeps that square; only focus from the keyboard (Tab) shows the cursor where it was (a1 at
// first).
let pointerFocus = false;
$('board').addEventListener('pointerdown', (e) => {
  pointerFocus = true;
  const sq = squareOf(e.target);
  if (sq) setCursor(...sq, false);
});
$('board').addEventListener('pointerup', () => setTimeout(() => {
                                           pointerFocus = false;
                                         }));
$('board').addEventListener('focus', () => {
  if (!pointerFocus) moveCursor(0, 0);
});
$('board').addEventListener('blur', () => {
  for (const sq of document.querySelectorAll('#squares .sq.cursor')) sq.classList.remove('cursor');
});
$('board').addEventListener('keydown', (e) => {
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[e.key]) {
    e.preventDefault();
    e.stopPropagation();
    moveCursor(...moves[e.key]);
  }
});
