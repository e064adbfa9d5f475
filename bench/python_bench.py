#!/usr/bin/env python3
"""The Python module's two speed targets, measured:

  1. nqueens.count(16) from Python against `nqueens count 16` (the CLI): within 5%.
  2. the generator, nqueens.solutions(12), at least 2 million solutions a second.

    PYTHONPATH=build/release/python python3 bench/python_bench.py build/release/nqueens [--runs 7]
    PYTHONPATH=build/release/python python3 bench/python_bench.py --generator-only  # no CLI needed

The count is timed both ways on the same job list and threads (both go through run_count):
the CLI's own "seconds" (from --json) and the wall time of the whole process, against
CountResult.seconds and the wall time of the Python call. Runs alternate CLI / Python so that
a change in machine load hits both alike; medians are reported. The generator is timed by wall
clock and by process CPU time (which a busy shared machine inflates less), draining the
iterator with collections.deque(maxlen=0) and with a plain for loop. The same figures go to
bench/results/<machine>/<date>-python.tsv (bench/results/README.md; --results DIR, --machine M,
--no-results).
"""

import argparse
import collections
import json
import os
import platform
import statistics
import subprocess
import sys
import time

import nqueens

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py, beside this script)


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def bench_count(cli, n, runs, threads):
    rows = collections.defaultdict(list)
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run([cli, "count", str(n), "--json", "-q", "-j", str(threads)],
                             capture_output=True, text=True, check=True).stdout
        rows["cli process wall"].append(time.perf_counter() - t)
        rows["cli seconds"].append(json.loads(out)["seconds"])
        t = time.perf_counter()
        r = nqueens.count(n, threads=threads)
        rows["python call wall"].append(time.perf_counter() - t)
        rows["python seconds"].append(r.seconds)
        assert r.total == json.loads(out)["total"]
    return {k: statistics.median(v) for k, v in rows.items()}, rows


def bench_generator(n, runs):
    total = nqueens.count(n).total
    rates = collections.defaultdict(list)
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        collections.deque(nqueens.solutions(n), maxlen=0)
        rates["deque, wall"].append(total / (time.perf_counter() - w))
        rates["deque, cpu"].append(total / (time.process_time() - c))
        w, c = time.perf_counter(), time.process_time()
        k = 0
        for _p in nqueens.solutions(n):
            k += 1
        rates["for loop, wall"].append(total / (time.perf_counter() - w))
        rates["for loop, cpu"].append(total / (time.process_time() - c))
        assert k == total
        # The same enumeration without Python objects: how much the iterator itself costs.
        w, c = time.perf_counter(), time.process_time()
        if hasattr(nqueens, "solutions_array"):
            try:
                nqueens.solutions_array(n)
                rates["C++ only (solutions_array), wall"].append(total / (time.perf_counter() - w))
                rates["C++ only (solutions_array), cpu"].append(total / (time.process_time() - c))
            except ImportError:
                pass
    return {k: statistics.median(v) for k, v in rates.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cli", nargs="?", help="the nqueens binary (build/release/nqueens)")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--count-n", type=int, default=16)
    ap.add_argument("--generator-n", type=int, default=12)
    ap.add_argument("--threads", type=int, default=0, help="0: every core (both sides)")
    ap.add_argument("--generator-only", action="store_true",
                    help="only the generator (e.g. to compare two builds, run alternately)")
    ap.add_argument("--results", default=results.RESULTS_DIR, help="where the result file goes")
    ap.add_argument("--machine", help="the machine's folder (default: bench/results.py machine)")
    ap.add_argument("--no-results", action="store_true", help="write no result file")
    a = ap.parse_args()
    if a.cli is None and not a.generator_only:
        ap.error("give the nqueens binary, or --generator-only")
    out = None
    if not a.no_results:
        try:
            out = open(results.new_file("python", a.machine, a.results, sys.argv,
                                        [f"nqueens {nqueens.__version__}, python "
                                         f"{platform.python_version()}"]), "a", encoding="utf-8")
        except (OSError, ValueError, RuntimeError) as e:
            print(f"python_bench: {e}", file=sys.stderr)
            return 2

    def row(*cells):
        if out:
            out.write("\t".join(str(c) for c in cells) + "\n")

    print(f"cpu: {cpu_model()}, {os.cpu_count()} logical cores, "
          f"load average {os.getloadavg()[0]:.1f}; python {platform.python_version()}, "
          f"nqueens {nqueens.__version__}; median of {a.runs} runs")

    if not a.generator_only:
        med, _ = bench_count(a.cli, a.count_n, a.runs, a.threads)
        print(f"\ncount({a.count_n}), threads={a.threads or 'all'}:")
        for k in ("cli seconds", "python seconds", "cli process wall", "python call wall"):
            print(f"  {k:<18} {med[k]:8.3f} s")
        inner = med["python seconds"] / med["cli seconds"] - 1
        outer = med["python call wall"] / med["cli process wall"] - 1
        print(f"  python vs cli: {inner:+.1%} (count time), {outer:+.1%} (call vs whole process); "
              f"target within 5%: {'met' if abs(inner) <= 0.05 else 'NOT met'}")
        n, runs = a.count_n, a.runs
        row("python", n, "python/count", f"{med['python seconds']:.4f}", "cli/count",
            f"{med['cli seconds']:.4f}", "wall-s",
            f"{med['cli seconds'] / med['python seconds']:.2f}", runs, "median", "the count alone")
        row("python", n, "python/count call", f"{med['python call wall']:.4f}", "cli/process",
            f"{med['cli process wall']:.4f}", "wall-s",
            f"{med['cli process wall'] / med['python call wall']:.2f}", runs, "median",
            "the call against the whole process")

    rates = bench_generator(a.generator_n, a.runs)
    print(f"\nsolutions({a.generator_n}) drained, solutions per second:")
    for k, v in rates.items():
        print(f"  {k:<34} {v / 1e6:6.2f} M/s")
        row("python", a.generator_n, f"python/solutions {k}", f"{v:.0f}", "", "",
            "solutions/cpu-s" if "cpu" in k else "solutions/s", "", a.runs, "median", "")
    best = max(rates["deque, wall"], rates["deque, cpu"])
    print(f"  target >= 2 M/s: {'met' if rates['deque, wall'] >= 2e6 else 'NOT met'} by wall "
          f"clock, {'met' if best >= 2e6 else 'NOT met'} by CPU time")
    if out:
        out.close()
        print(f"python_bench: wrote {out.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
