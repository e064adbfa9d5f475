// Sharing a view: the link, and the board as SVG (with its style) or PNG.
import {$, MAX_SVG_N, showError, state, SVG_NS, updateURL} from './core.js';

function boardSVGText() {
  if (state.mode === 'sudoku')
    throw new Error('the download is for the chessboard; copy the puzzle line instead');
  if (state.find && state.mode === 'find' && state.find.n > MAX_SVG_N) {
    // The large board as squares-free SVG: a background and one mark per queen (O(N)).
    const f = state.find, n = f.n;
    const parts = [`<svg xmlns="${SVG_NS}" viewBox="0 0 ${n} ${
        n}" width="1000" height="1000"><rect width="${n}" height="${n}" fill="#f0d9b5"/>`];
    f.queens.forEach(
        (c, r) => parts.push(`<rect x="${c}" y="${r}" width="1" height="1" fill="#5e000b"/>`));
    parts.push('</svg>');
    return parts.join('');
  }
  if (!$('board').getAttribute('viewBox') || $('board').style.display === 'none')
    throw new Error('there is no board to download in this view yet');
  const clone = $('board').cloneNode(true);
  clone.removeAttribute('style');
  clone.querySelector('#hover') && clone.querySelector('#hover').remove();
  const style = document.createElementNS(SVG_NS, 'style');
  style.textContent = state.styleText;
  clone.insertBefore(style, clone.firstChild);
  const vb = clone.getAttribute('viewBox').split(' ').map(Number);
  clone.setAttribute('width', vb[2]);
  clone.setAttribute('height', vb[3]);
  return new XMLSerializer().serializeToString(clone);
}
function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
}
const fileBase = () => `queens-${state.n}` +
    (state.mode === 'solutions' && state.shown > 0n ?
         `-${state.unique ? 'unique-' : ''}${state.shown}` :
         `-${state.mode}`);
$('download-svg').onclick = () => {
  try {
    download(new Blob([boardSVGText()], {type: 'image/svg+xml'}), fileBase() + '.svg');
    $('share-status').textContent = 'SVG saved.';
  } catch (e) {
    showError(e);
  }
};
$('download-png').onclick = async () => {
  try {
    if (state.mode === 'find' && state.find && state.find.n > MAX_SVG_N) {
      $('board-canvas').toBlob((b) => download(b, fileBase() + '.png'));
      return;
    }
    const url = URL.createObjectURL(new Blob([boardSVGText()], {type: 'image/svg+xml'}));
    const img = new Image();
    await new Promise((ok, bad) => {
      img.onload = ok;
      img.onerror = () => bad(new Error('the board could not be drawn as an image'));
      img.src = url;
    });
    const c = document.createElement('canvas');
    c.width = 1000;
    c.height = Math.round(1000 * img.height / img.width);
    const g = c.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.width, c.height);
    g.drawImage(img, 0, 0, c.width, c.height);
    URL.revokeObjectURL(url);
    c.toBlob((b) => {
      download(b, fileBase() + '.png');
      $('share-status').textContent = 'PNG saved.';
    });
  } catch (e) {
    showError(e);
  }
};
$('copy-link').onclick = async () => {
  updateURL();
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    $('share-status').textContent = 'Link copied: ' + link;
  } catch (e) {
    $('share-status').textContent = 'Link: ' + link;
  }
};
