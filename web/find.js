// Find (large N): one solution by an explicit construction, drawn on a canvas in O(N) with
// zoom and pan.
import {drawBoard, drawQueens, setBoardText, showSurface} from './board.js';
import {$, announce, api, MAX_SVG_N, plural, showError, state} from './core.js';

const QUEEN = '#5e000b';  // 3:1 or more against both square colours (WCAG 1.4.11)

export function drawCanvas() {
  const f = state.find;
  const canvas = $('board-canvas');
  if (!f) return;
  const n = f.n;
  const w = canvas.clientWidth || 600;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(w * dpr);
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
    tg.fillStyle = '#f0d9b5';
    tg.fillRect(0, 0, 2, 2);
    tg.fillStyle = '#b58863';
    tg.fillRect(0, 0, 1, 1);
    tg.fillRect(1, 1, 1, 1);
    const pattern = g.createPattern(tile, 'repeat');
    pattern.setTransform(new DOMMatrix([s, 0, 0, s, -ox, -oy]));
    g.imageSmoothingEnabled = false;
    g.fillStyle = pattern;
    g.fillRect(
        Math.max(0, -ox), Math.max(0, -oy), Math.min(canvas.width, n * s - ox),
        Math.min(canvas.height, n * s - oy));
  }
  // Queens: only the rows in view, one queen each.
  g.fillStyle = QUEEN;
  const r0 = Math.max(0, Math.floor(oy / s)),
        r1 = Math.min(n - 1, Math.ceil((oy + canvas.height) / s));
  const rad = Math.max(1, s * 0.38);
  for (let r = r0; r <= r1; r++) {
    const x = f.queens[r] * s - ox + s / 2, y = r * s - oy + s / 2;
    if (x < -s || x > canvas.width + s) continue;
    if (s >= 4) {
      g.beginPath();
      g.arc(x, y, rad, 0, 2 * Math.PI);
      g.fill();
    } else
      g.fillRect(x - rad, y - rad, 2 * rad, 2 * rad);
  }
  canvas.dataset.drawn = String(r1 - r0 + 1);
  canvas.dataset.scale = String(f.scale);
}

function fitFind() {
  const f = state.find;
  if (!f) return;
  const w = $('board-canvas').clientWidth || 600;
  f.scale = w / f.n;
  f.ox = 0;
  f.oy = 0;
}
function zoom(factor, cx, cy) {
  const f = state.find;
  if (!f) return;
  const w = $('board-canvas').clientWidth || 600;
  cx = cx === undefined ? w / 2 : cx;
  cy = cy === undefined ? w / 2 : cy;
  const next = Math.max(w / f.n, Math.min(80, f.scale * factor));
  f.ox = (f.ox + cx) * next / f.scale - cx;
  f.oy = (f.oy + cy) * next / f.scale - cy;
  f.scale = next;
  clampFind();
  drawCanvas();
}
function clampFind() {
  const f = state.find, w = $('board-canvas').clientWidth || 600;
  const max = Math.max(0, f.n * f.scale - w);
  f.ox = Math.max(0, Math.min(max, f.ox));
  f.oy = Math.max(0, Math.min(max, f.oy));
}

export async function find() {
  showError(null);
  $('find-result').textContent = '\u00a0';
  const n = state.n;
  let r;
  try {
    r = await api('find?n=' + n);
  } catch (e) {
    // No old board stays next to the error: the board of this N, empty.
    if (state.mode === 'find' && state.n === n) {
      state.find = null;
      $('board-canvas').dataset.n = '';
      drawBoard(Math.min(n, MAX_SVG_N));
      drawQueens(new Array(Math.min(n, MAX_SVG_N)).fill(-1));
      setBoardText(`N = ${n}: no board to show.`);
    }
    throw e;
  }
  if (state.mode !== 'find' || state.n !== n) return;
  const queens = r.solution.map((c) => c - 1);
  if (n > MAX_SVG_N) {
    state.find = {n, queens, scale: 1, ox: 0, oy: 0};
    showSurface('canvas');
    fitFind();
    state.board = queens;
    drawCanvas();
    setBoardText('Zoom (buttons, wheel, pinch) and pan (drag, arrow keys) to see single squares.');
  } else {
    state.find = null;
    drawBoard(n);
    drawQueens(queens);
  }
  $('find-result').textContent =
      `${plural(r.n, 'queen')} placed by ${r.method}; verified: ${r.verified ? 'yes' : 'NO'}.`;
  announce($('find-result').textContent);
}
$('find-go').onclick = () => find().catch(showError);
$('zoom-in').onclick = () => zoom(2);
$('zoom-out').onclick = () => zoom(0.5);
$('zoom-fit').onclick = () => {
  fitFind();
  drawCanvas();
};
$('board-canvas').addEventListener('wheel', (e) => {
  e.preventDefault();
  const b = $('board-canvas').getBoundingClientRect();
  zoom(e.deltaY < 0 ? 1.25 : 0.8, e.clientX - b.left, e.clientY - b.top);
}, {passive: false});
// One pointer pans; two (a pinch on a touch screen) zoom around their midpoint.
const pointers = new Map();  // pointerId -> [x, y] in canvas pixels
function canvasXY(e) {
  const b = $('board-canvas').getBoundingClientRect();
  return [e.clientX - b.left, e.clientY - b.top];
}
const spread = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
$('board-canvas').addEventListener('pointerdown', (e) => {
  pointers.set(e.pointerId, canvasXY(e));
  $('board-canvas').setPointerCapture(e.pointerId);
});
$('board-canvas').addEventListener('pointermove', (e) => {
  if (!pointers.has(e.pointerId) || !state.find) return;
  const before = [...pointers.values()];
  pointers.set(e.pointerId, canvasXY(e));
  const after = [...pointers.values()];
  if (after.length >= 2) {
    const d0 = spread(before[0], before[1]), d1 = spread(after[0], after[1]);
    if (d0 > 0) zoom(d1 / d0, (after[0][0] + after[1][0]) / 2, (after[0][1] + after[1][1]) / 2);
    return;
  }
  const [x0, y0] = before[0], [x1, y1] = after[0];
  state.find.ox -= x1 - x0;
  state.find.oy -= y1 - y0;
  clampFind();
  drawCanvas();
});
for (const type of ['pointerup', 'pointercancel'])
  $('board-canvas').addEventListener(type, (e) => pointers.delete(e.pointerId));
$('board-canvas').addEventListener('keydown', (e) => {
  const d = 60,
        moves = {ArrowUp: [0, -d], ArrowDown: [0, d], ArrowLeft: [-d, 0], ArrowRight: [d, 0]};
  if (moves[e.key] && state.find) {
    e.preventDefault();
    state.find.ox += moves[e.key][0];
    state.find.oy += moves[e.key][1];
    clampFind();
    drawCanvas();
  } else if (e.key === '+' || e.key === '=')
    zoom(2);
  else if (e.key === '-')
    zoom(0.5);
});
window.addEventListener('resize', () => {
  if (state.mode === 'find' && state.find) {
    clampFind();
    drawCanvas();
  }
});
