// About: the known counts for N = 1..27, which this tool computed and which are published.
import {$, api, fmtText} from './core.js';

export async function loadKnown() {
  const body = $('known').querySelector('tbody');
  if (body.children.length) return;
  const k = await api('known');
  for (const row of k.counts) {
    const tr = document.createElement('tr');
    const src = row.computed ? 'computed by this tool' : 'literature';
    tr.innerHTML = `<th scope="row">${row.n}</th><td>${fmtText(row.total_text)}</td><td>${
        fmtText(row.unique_text)}</td><td class="${row.computed ? 'ours' : 'lit'}">${src}</td>`;
    body.appendChild(tr);
  }
}
