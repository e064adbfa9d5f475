// N-Queens viewer: talks to the JSON API of `nqueens serve` (docs/WEB.md). No libraries, no
// network access beyond this server. This module starts the page, switches modes and N, and
// owns the shortcuts; each mode lives in its own module.
import './share.js';

import {loadKnown} from './about.js';
import {clearHover, drawBoard, showSurface} from './board.js';
import {$, api, fmt, MAX_SVG_N, parseWhole, showError, state, updateURL} from './core.js';
import {find} from './find.js';
import {renderPlay} from './play.js';
import {go, loadCounts, reachable, showSolution, step} from './solutions.js';
import {renderSudoku, sudokuSolve} from './sudoku.js';
import {resetTrace, speed, stepBack, stepForward, stopPlay, togglePlay} from './teach.js';

// Shortcuts act only where keys have no meaning of their own (text fields, sliders, tabs,
// the board's cursor keep theirs).
function ownsKeys(t) {
  if (!t || !t.closest) return false;
  return !!t.closest('input, textarea, select, [role="tab"], #board, #board-canvas');
}
document.addEventListener('keydown', (e) => {
  if (ownsKeys(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
  if (state.mode === 'solutions') {
    const keys = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => go(1),
      End: () => go(reachable())
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  } else if (state.mode === 'search') {
    if (e.key === ' ' && e.target.tagName !== 'BUTTON') {
      e.preventDefault();
      togglePlay();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      stopPlay();
      stepForward();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      stopPlay();
      stepBack();
    }
  }
});

// ---- teach backtracking: the search animation --------------------------------------------

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
  for (const id of ['download-svg', 'download-png'])
    $(id).disabled = mode === 'sudoku' || mode === 'about';
  $('copy-link').disabled = !share;
  if (state.n > maxN(mode)) {  // e.g. back from Find with N = 1000
    state.n = Math.min(8, maxN(mode));
    $('n').value = state.n;
    await loadCounts();
  }
  $('n').disabled = mode === 'sudoku' || mode === 'about';
  if (mode === 'solutions') {
    showSurface('svg');
    await showSolution(opts.k || state.target || 1).catch(showError);
  } else if (mode === 'search')
    await resetTrace(opts.step || 0);
  else if (mode === 'play') {
    drawBoard(state.n);
    renderPlay();
  } else if (mode === 'find')
    await find();
  else if (mode === 'sudoku') {
    showSurface('sudoku');
    if (!state.sudoku)
      await sudokuSolve(opts.puzzle || $('sudoku-input').value, opts.step || 0);
    else
      renderSudoku();
  } else if (mode === 'about') {
    showSurface('svg');
    await loadKnown();
  }
  updateURL();
}
for (const b of document.querySelectorAll('#modes [role="tab"]')) {
  b.onclick = () => setMode(b.dataset.mode).catch(showError);
  // Arrow keys move between tabs (and select them), as in the ARIA tabs pattern.
  b.addEventListener('keydown', (e) => {
    const tabs = [...document.querySelectorAll('#modes [role="tab"]')];
    const i = tabs.indexOf(b);
    const to = {ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1}[e.key];
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
  if (n <= 32)
    await loadCounts();
  else {
    state.counts = null;
    $('counts').textContent = `N = ${fmt(n)}`;
  }
  if (state.mode === 'solutions')
    await showSolution(state.target).catch(showError);
  else if (state.mode === 'search')
    await resetTrace(opts.step || 0);
  else if (state.mode === 'play') {
    drawBoard(n);
    renderPlay();
  } else if (state.mode === 'find')
    await find();
  updateURL();
}

function commitN() {
  const text = $('n').value;
  if (text.trim() === String(state.n) && state.counts && state.counts.n === state.n) return;
  let n;
  try {
    n = parseWhole(text, 'N');
    const max = maxN();
    if (n < 1 || n > max)
      throw new Error(`N must be between 1 and ${fmt(max)}${
          state.mode === 'find' ?
              '' :
              ` here (Find draws up to ${fmt(maxN('find'))})`}, got ${text.trim()}`);
  } catch (e) {
    showError(e);
    $('n').value = state.n;
    return;
  }
  setN(n).catch(showError);
}
$('n').addEventListener('change', commitN);
$('n').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    commitN();
  }
});

async function start() {
  $('speed-text').textContent = speed() + ' steps/s';
  state.limits = await api('limits');
  $('about-max-find').textContent = fmt(state.limits.max_find_n);
  fetch('/style.css')
      .then((r) => r.text())
      .then((t) => {
        state.styleText = t;
      })
      .catch(() => {});
  const p = new URLSearchParams(location.search);
  const mode = MODES.includes(p.get('mode')) ? p.get('mode') : 'solutions';
  state.mode = mode;
  let n = Number(p.get('n') || 8);
  if (!Number.isInteger(n) || n < 1 || n > maxN(mode)) n = 8;
  state.unique = p.get('unique') === '1';
  $('unique').checked = state.unique;
  const k = Math.max(1, Number(p.get('k')) || 1);
  const stepNo = Math.max(0, Number(p.get('step')) || 0);
  const queens = new Set();
  for (const part of (p.get('queens') || '').split(',')) {
    const m = /^(\d+):(\d+)$/.exec(part);
    if (m && Number(m[1]) <= n && Number(m[2]) <= n)
      queens.add(`${Number(m[1]) - 1},${Number(m[2]) - 1}`);
  }
  if (p.get('puzzle')) $('sudoku-input').value = p.get('puzzle');
  state.n = n;
  $('n').value = n;
  state.target = k;
  state.play.queens = queens;
  if (n <= 32) await loadCounts();
  await setMode(mode, {k, step: stepNo, puzzle: p.get('puzzle')});
  document.body.dataset.ready = '1';
}
start().catch((e) => {
  showError(e);
  document.body.dataset.ready = '1';
});
