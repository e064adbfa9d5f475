// N-Queens viewer: talks to the JSON API of `nqueens serve` (docs/WEB.md). No libraries, no
// network access beyond this server. This module starts the page, switches modes and N, and
// owns the shortcuts; each mode lives in its own module.
import './share.js';

import {loadKnown} from './about.js';
import {clearHover, drawBoard, showSurface} from './board.js';
import {
  $,
  api,
  fmt,
  MAX_SVG_N,
  newHistoryEntry,
  newView,
  parseWhole,
  showError,
  state,
  updateURL
} from './core.js';
import {find} from './find.js';
import {renderPlay} from './play.js';
import {go, loadCounts, reachable, refusal, showSolution, step} from './solutions.js';
import {renderSudoku, sudokuSolve} from './sudoku.js';
import {resetTrace, speedText, stepBack, stepForward, stopPlay, togglePlay} from './teach.js';

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

// ---- modes and N -------------------------------------------------------------------------

const MODES = ['solutions', 'search', 'play', 'find', 'sudoku', 'about'];
function maxN(mode = state.mode) {
  const l = state.limits;
  if (mode === 'find') return l ? l.max_find_n : 100000;
  if (mode === 'play') return Math.min(l ? l.max_n : 32, MAX_SVG_N);
  return l ? l.max_n : 32;
}

// Shows a tab. opts: k (solution), step (teach or Sudoku), puzzle and view (Sudoku), push (a new
// history entry: a tab chosen by the user, so that Back returns to the one before).
async function setMode(mode, opts = {}) {
  newView();
  if (opts.push) newHistoryEntry();
  if (state.trace) stopPlay();
  state.mode = mode;
  for (const b of document.querySelectorAll('#modes [role="tab"]')) {
    const on = b.dataset.mode === mode;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
  }
  for (const m of MODES) $('panel-' + m).hidden = m !== mode;
  // A control of the tab just hidden keeps no focus (Back or Forward can hide it): its tab
  // takes it.
  if (document.activeElement && document.activeElement.closest('.panel[hidden]'))
    $('mode-' + mode).focus();
  document.body.dataset.mode = mode;
  showError(null);
  clearHover();
  $('square-info').textContent = '\u00a0';
  $('share-status').textContent = '\u00a0';
  // The Sudoku grid's text alternative is long: read, not shown.
  $('board-text').classList.toggle('visually-hidden', mode === 'sudoku');
  for (const id of ['download-svg', 'download-png'])
    $(id).disabled = mode === 'sudoku' || mode === 'about';
  $('copy-link').disabled = mode === 'about';
  try {
    if (state.n > maxN(mode)) {  // e.g. back from Find with N = 1000
      state.n = Math.min(8, maxN(mode));
      $('n').value = state.n;
      await loadCounts();
    }
    $('n').disabled = mode === 'sudoku' || mode === 'about';
    if (mode === 'solutions') {
      showSurface('svg');
      await showSolution(opts.k || state.target || 1n);
    } else if (mode === 'search')
      await resetTrace(opts.step || 0);
    else if (mode === 'play') {
      drawBoard(state.n);
      renderPlay();
    } else if (mode === 'find')
      await find();
    else if (mode === 'sudoku') {
      showSurface('sudoku');
      if (!state.sudoku || opts.puzzle)
        await sudokuSolve(opts.puzzle || $('sudoku-input').value, opts.step || 0, opts.view);
      else
        renderSudoku();
    } else if (mode === 'about') {
      showSurface('none');  // (no board: the tab is text)
      $('board-text').textContent = '';
      await loadKnown();
    }
  } finally {
    updateURL();
  }
}
for (const b of document.querySelectorAll('#modes [role="tab"]')) {
  b.onclick = () => setMode(b.dataset.mode, {push: true}).catch(showError);
  // Arrow keys move between tabs (and select them), as in the ARIA tabs pattern.
  b.addEventListener('keydown', (e) => {
    const tabs = [...document.querySelectorAll('#modes [role="tab"]')];
    const i = tabs.indexOf(b);
    const to = {ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const t = tabs[(to + tabs.length) % tabs.length];
    t.focus();
    setMode(t.dataset.mode, {push: true}).catch(showError);
  });
}

async function setN(n) {
  newView();
  newHistoryEntry();
  showError(null);
  state.n = n;
  $('n').value = n;
  state.target = 1n;
  state.shown = 0n;
  state.play.queens = new Set();
  state.play.added = null;
  try {
    if (n <= state.limits.max_n)
      await loadCounts();
    else {
      state.counts = null;
      $('counts').textContent = `N = ${fmt(n)}`;
    }
    if (state.mode === 'solutions')
      await showSolution(state.target);
    else if (state.mode === 'search')
      await resetTrace(0);
    else if (state.mode === 'play') {
      drawBoard(n);
      renderPlay();
    } else if (state.mode === 'find')
      await find();
  } finally {
    updateURL();
  }
}

function commitN() {
  const text = $('n').value;
  if (text.trim() === String(state.n)) return;  // (Enter, then the change event on leaving)
  let n;
  try {
    n = parseWhole(text, 'N');
    const max = maxN();
    if (n < 1n || n > BigInt(max))
      throw new Error(`N must be between 1 and ${fmt(max)}${
          state.mode === 'find' ?
              '' :
              ` here (Find draws up to ${fmt(maxN('find'))})`}, got ${text.trim()}`);
  } catch (e) {
    showError(e);
    $('n').value = state.n;
    return;
  }
  setN(Number(n)).catch(showError);
}
$('n').addEventListener('change', commitN);
$('n').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    commitN();
  }
});

// ---- the view in the URL -------------------------------------------------------------------

// Reads the URL strictly: a bad value is named in words and replaced by a sensible default
// (never a blank board or an off-board queen).
function readURL() {
  const p = new URLSearchParams(location.search);
  const problems = [];
  const bad = (key, why) =>
      problems.push(`The link's ${key}=${String(p.get(key)).slice(0, 30)}: ${why}.`);
  const whole = (key, min, max, fallback) => {
    if (!p.has(key)) return fallback;
    try {
      const v = parseWhole(p.get(key), key);
      if (v < BigInt(min) || v > BigInt(max))
        throw new Error(`${key} must be between ${fmt(min)} and ${fmt(max)}`);
      return Number(v);
    } catch (e) {
      bad(key, `${e.message}; using ${fallback}`);
      return fallback;
    }
  };
  let mode = 'solutions';
  if (p.has('mode')) {
    if (MODES.includes(p.get('mode')))
      mode = p.get('mode');
    else
      bad('mode', `not a tab (${MODES.join(', ')}); showing Solutions`);
  }
  const n = whole('n', 1, maxN(mode), 8);
  let unique = false;
  if (p.has('unique')) {
    const u = p.get('unique');
    if (['1', 'true'].includes(u))
      unique = true;
    else if (!['0', 'false'].includes(u))
      bad('unique', 'must be 1 or 0');
  }
  let k = 1n;
  if (p.has('k')) {
    try {
      k = parseWhole(p.get('k'), 'k');
      if (k < 1n) throw new Error('k must be at least 1');
    } catch (e) {
      bad('k', `${e.message}; showing solution 1`);
      k = 1n;
    }
  }
  const stepNo = whole('step', 0, state.limits.max_trace_end, 0);
  const queens = new Set();
  if (p.has('queens') && p.get('queens') !== '') {
    for (const part of p.get('queens').split(',')) {
      const m = /^(\d+):(\d+)$/.exec(part);
      const r = m ? Number(m[1]) : 0, c = m ? Number(m[2]) : 0;
      if (!m)
        bad('queens', `"${part.slice(0, 12)}" is not row:column (1-based, e.g. 1:5); left out`);
      else if (r < 1 || r > n || c < 1 || c > n)
        bad('queens', `${part} is off the ${n} x ${n} board; left out`);
      else
        queens.add(`${r - 1},${c - 1}`);
    }
  }
  let view = null;
  if (p.has('view')) {
    if (['search', 'explain'].includes(p.get('view')))
      view = p.get('view');
    else
      bad('view', 'must be search or explain; showing the search');
  }
  return {mode, n, unique, k, step: stepNo, queens, view, puzzle: p.get('puzzle'), problems};
}

// Shows the view the URL names (at the start, and when Back or Forward changes the URL).
async function applyURL() {
  const u = readURL();
  newView();
  if (state.trace) stopPlay();
  state.n = u.n;
  $('n').value = u.n;
  state.unique = u.unique;
  $('unique').checked = u.unique;
  state.play.queens = u.queens;
  state.play.added = null;
  state.shown = 0n;
  if (u.puzzle) $('sudoku-input').value = u.puzzle;
  let k = u.k;
  try {
    if (u.n <= state.limits.max_n)
      await loadCounts();
    else {
      state.counts = null;
      $('counts').textContent = `N = ${fmt(u.n)}`;
    }
    if (u.mode === 'solutions' && refusal(k)) {
      u.problems.push(`The link's k=${k}: ${refusal(k)}; showing solution 1.`);
      k = 1n;
    }
    state.target = k;
    await setMode(u.mode, {k, step: u.step, puzzle: u.puzzle, view: u.view});
  } finally {
    if (u.problems.length) {
      const now = $('error').textContent;
      showError(new Error([...u.problems, now].filter((x) => x).join(' ')));
    }
  }
}
window.addEventListener('popstate', () => applyURL().catch(showError));

async function start() {
  $('speed-text').textContent = speedText();
  state.limits = await api('limits');
  $('about-max-find').textContent = fmt(state.limits.max_find_n);
  fetch('/style.css')
      .then((r) => r.text())
      .then((t) => {
        state.styleText = t;
      })
      .catch(() => {});
  await applyURL().catch(showError);
  document.body.dataset.ready = '1';
}
start().catch((e) => {
  showError(e);
  document.body.dataset.ready = '1';
});
