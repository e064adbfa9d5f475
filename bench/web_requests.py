#!/usr/bin/env python3
"""Times every kind of request the web viewer's page makes, to the last byte of the answer.

    bench/web_requests.py NQUEENS_BINARY [--repeat R] [--results DIR] [--machine M] [--no-results]

Starts `nqueens serve --port 0`, then sends each request R times (default 5) on a fresh
connection, as a page's first request would, and prints the median and the worst time per
request with the target it is held to (docs/WEB.md):
  - under 0.1 s to the last byte for every request at N <= 17,
  - under 0.5 s for solution #k at N = 18..20.
Indices are spread over the whole list (first, last and seven in between), so a median is
not one lucky prefix. Not a test: nothing fails on time, the table is the result; the same
figures go to bench/results/<machine>/<date>-web-requests.tsv (bench/results/README.md).
"""
import argparse
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py, beside this script)

KNOWN_TOTAL = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712,
               14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624,
               19: 4968057848, 20: 39029188884}
KNOWN_UNIQUE = {8: 12, 12: 1787, 16: 1846955, 17: 11977939, 18: 83263591}
SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def fetch(port, path):
    """Seconds to the last byte of GET path, and the status."""
    start = time.perf_counter()
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", path, headers={"Connection": "close", "Accept-Encoding": "gzip, br"})
    r = c.getresponse()
    r.read()
    elapsed = time.perf_counter() - start
    c.close()
    return elapsed, r.status


def spread(size, count=9):
    rng = random.Random(1)
    ks = {1, size}
    while len(ks) < min(count, size):
        ks.add(rng.randint(1, size))
    return sorted(ks)


def requests():
    """(group, label, [paths], target seconds)."""
    out = [("page", "/ (index.html)", ["/"], 0.1), ("page", "/main.js", ["/main.js"], 0.1),
           ("page", "/api/limits", ["/api/limits"], 0.1), ("page", "/api/known", ["/api/known"], 0.1)]
    for n in (1, 8, 12, 16, 17):
        out.append(("counts", f"counts n={n}", [f"/api/counts?n={n}"], 0.1))
    for n in range(4, 18):
        out.append(("solution", f"solution n={n} (9 indices)",
                    [f"/api/solution?n={n}&index={k}" for k in spread(KNOWN_TOTAL[n])], 0.1))
    for n, size in KNOWN_UNIQUE.items():
        out.append(("solution", f"solution n={n} unique (9 indices)",
                    [f"/api/solution?n={n}&index={k}&unique=1" for k in spread(size)],
                    0.1 if n <= 17 else 0.5))
    out.append(("rank", "rank n=17 (last solution)",
                ["/api/rank?solution=17,15,13,11,9,7,5,3,1,16,14,12,10,8,6,4,2"], 0.1))
    for n in (8, 12, 16):
        out.append(("trace", f"trace n={n} first page (5000 steps)",
                    [f"/api/trace?n={n}&from=0&limit=5000"], 0.1))
    out.append(("trace", "trace n=12 page at step 2,000,000",
                ["/api/trace?n=12&from=2000000&limit=5000"], 0.1))
    out.append(("trace", "trace n=16 page at step 5,000,000 (the page reaches 50,000,000)",
                ["/api/trace?n=16&from=5000000&limit=5000"], None))
    for n in (8, 17, 32, 1000, 100000):
        out.append(("find", f"find n={n}", [f"/api/find?n={n}"], 0.1 if n <= 17 else None))
    out.append(("complete", "complete n=8 from a1", ["/api/complete?n=8&queens=1:1"], 0.1))
    out.append(("complete", "complete n=4 from a1 (none)", ["/api/complete?n=4&queens=1:1"], 0.1))
    out.append(("complete", "complete n=32 from a1,c2", ["/api/complete?n=32&queens=1:1,2:3"], None))
    out.append(("sudoku", "sudoku solve (17 clues, search + explain + rating)",
                [f"/api/sudoku?puzzle={SUDOKU}"], None))
    out.append(("sudoku", "sudoku generate medium", ["/api/sudoku?op=generate&level=medium&number=7"], None))
    # N = 18..20 have random access to every solution (four-queen tables from N = 19).
    for n in (18, 19, 20):
        out.append(("solution", f"solution n={n} (9 indices of {KNOWN_TOTAL[n]:,})",
                    [f"/api/solution?n={n}&index={k}" for k in spread(KNOWN_TOTAL[n])], 0.5))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--results", default=results.RESULTS_DIR, help="where the result file goes")
    ap.add_argument("--machine", help="the machine's folder (default: bench/results.py machine)")
    ap.add_argument("--no-results", action="store_true", help="write no result file")
    a = ap.parse_args()
    out = None
    if not a.no_results:
        try:
            out = open(results.new_file("web-requests", a.machine, a.results, sys.argv), "a",
                       encoding="utf-8")
        except (OSError, ValueError, RuntimeError) as e:
            print(f"web_requests: {e}", file=sys.stderr)
            return 2
    server = subprocess.Popen([a.binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r":(\d+)/", line).group(1))
        # One warm-up pass: the first use of each rank table copies it out of the binary.
        for _, _, paths, _ in requests():
            for p in paths:
                fetch(port, p)
        print(f"{'request':<62} {'median':>9} {'worst':>9} {'target':>7}  status")
        over = 0
        for group, label, paths, target in requests():
            times, statuses = [], set()
            for _ in range(a.repeat):
                for p in paths:
                    t, s = fetch(port, p)
                    times.append(t)
                    statuses.add(s)
            med, worst = statistics.median(times), max(times)
            tgt = f"{target:.1f} s" if target else "-"
            flag = "  OVER" if target and worst > target else ""
            over += bool(flag)
            print(f"{label:<62} {med * 1000:7.1f}ms {worst * 1000:7.1f}ms {tgt:>7}  "
                  f"{','.join(map(str, sorted(statuses)))}{flag}")
            if out:
                note = f"worst {worst * 1000:.1f} ms; target {tgt}; status {','.join(map(str, sorted(statuses)))}"
                out.write("\t".join(["web-requests", label, "nqueens serve", f"{med * 1000:.2f}", "",
                                      "", "wall-ms", "", str(a.repeat * len(paths)), "median",
                                      note]) + "\n")
        print(f"{over} request kinds over their target (worst of {a.repeat} rounds)")
    finally:
        server.terminate()
        server.wait()
        if out:
            out.close()
            print(f"web_requests: wrote {out.name}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
