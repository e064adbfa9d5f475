// A bad value of every URL parameter: the page says which and why, in words, and shows a
// sensible view instead (never a blank board, an off-board queen or a JavaScript error).
import {check, open, text} from './lib.mjs';

export const name = 'Links with bad values';

// [query, words the error must hold, what must be on the page then]
const CASES = [
  ['?n=0', 'n=0', 'solution 1 of N = 8', {n: 8, index: '1'}],
  ['?n=33', 'n=33', 'solution 1 of N = 8', {n: 8, index: '1'}],
  ['?n=abc', 'n=abc', 'N = 8', {n: 8, index: '1'}],
  ['?n=8.5', 'whole number', 'N = 8', {n: 8, index: '1'}],
  ['?n=8&k=93', 'choose 1 to 92', 'solution 1', {n: 8, index: '1'}],
  ['?n=8&k=92.5', 'k=92.5', 'solution 1', {n: 8, index: '1'}],
  ['?n=8&k=13&unique=1', 'choose 1 to 12', 'unique solution 1', {n: 8, index: '1'}],
  ['?n=8&k=0', 'at least 1', 'solution 1', {n: 8, index: '1'}],
  ['?n=8&k=-4', 'at least 1', 'solution 1', {n: 8, index: '1'}],
  ['?n=21&k=1000000', 'can be reached', 'solution 1 of N = 21', {n: 21, index: '1'}],
  ['?n=8&unique=yes', 'unique=yes', 'the whole list', {n: 8, index: '1'}],
  ['?n=8&mode=nothing', 'mode=nothing', 'Solutions', {n: 8, index: '1'}],
  ['?n=8&mode=search&step=abc', 'step=abc', 'step 0', {n: 8, step: '0'}],
  ['?n=8&mode=search&step=-1', 'step=-1', 'step 0', {n: 8, step: '0'}],
  ['?n=4&mode=search&step=999', null, 'the last step', {n: 4, stepAtLeast: 30}],
  ['?n=8&mode=play&queens=0:3', '0:3 is off the 8 x 8 board', 'no queen', {n: 8, queens: 0}],
  ['?n=8&mode=play&queens=1:1,x', '"x" is not row:column', 'queen a1', {n: 8, queens: 1}],
  ['?n=8&mode=play&queens=9:1', 'off the 8 x 8 board', 'no queen', {n: 8, queens: 0}],
  ['?mode=sudoku&puzzle=12', '', 'no grid', {sudokuCells: 0}],
  ['?mode=sudoku&view=sideways', 'view=sideways', 'the search', {sudokuView: 'search'}],
  ['?mode=find&n=100001', 'n=100001', 'N = 8 found', {n: 8}],
];

export async function run({page, url}) {
  for (const [query, words, shown, want] of CASES) {
    await open(page, url + query);
    await page.waitForFunction(
        () => !document.querySelector('#busy') || document.querySelector('#busy').hidden);
    const error = await text(page, '#error');
    const got = await page.evaluate(
        () => ({
          n: Number(document.querySelector('#n').value),
          index: document.querySelector('#board').dataset.index,
          step: document.querySelector('#stepno').textContent,
          queens: document.querySelectorAll('#board .queen').length,
          offBoard: [...document.querySelectorAll('#board .queen')]
                        .filter((q) => {
                          const n = Number(document.querySelector('#board').dataset.n);
                          const r = Number(q.dataset.row), c = Number(q.dataset.col);
                          return !(r >= 0 && r < n && c >= 0 && c < n);
                        })
                        .length,
          sudokuCells: [...document.querySelectorAll('#sudoku-board > div')]
                           .filter((d) => d.textContent !== '')
                           .length,
          sudokuView: (document.querySelector('input[name="sudoku-view"]:checked') || {}).value,
        }));
    let ok = words === null ? error === '' : (words === '' ? error !== '' : error.includes(words));
    for (const [key, value] of Object.entries(want)) {
      if (key === 'stepAtLeast')
        ok = ok && Number(got.step.replace(/,/g, '')) >= value;
      else if (key === 'sudokuCells')
        ok = ok && got.sudokuCells === value;
      else
        ok = ok && String(got[key]) === String(value);
    }
    ok = ok && got.offBoard === 0;
    check(ok, `defect: the link ${query} shows ${shown} and says "${error}"`);
  }
}
