// About: the known counts for N = 1..27, which this tool computed and which are published.
import {$, api, fmtText} from './core.js';

// A count with a line-break opportunity after each comma, so that the table fits a phone.
function countCell(text) {
  const td = document.createElement('td');
  fmtText(text).split(',').forEach((group, i) => {
    if (i > 0) {
      td.append(',');
      td.appendChild(document.createElement('wbr'));
    }
    td.append(group);
  });
  return td;
}

export async function loadKnown() {
  const body = $('known').querySelector('tbody');
  if (body.children.length) return;
  const k = await api('known');
  for (const row of k.counts) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = row.n;
    const src = document.createElement('td');
    src.className = row.computed ? 'ours' : 'lit';
    src.textContent = row.computed ? 'computed by this tool' : 'literature';
    tr.append(th, countCell(row.total_text), countCell(row.unique_text), src);
    body.appendChild(tr);
  }
}
