#!/usr/bin/env python3
"""Checks `nqueens count --method auto` on this machine: per kernel tier and N, interleaved
pairs of `--method backtrack` and `--method join` runs, their medians, and the method auto
takes (read from a one-job shard's report); says for each whether auto took the faster one.

    bench/method_choice.py NQUEENS [--n 16,17,18,19] [--tiers avx512,avx2,scalar]
                           [--pairs 3] [--pairs-at 19=2] [--threads J]
                           [--results DIR] [--machine NAME] [--no-results]
    bench/method_choice.py NQUEENS --check bench/results/<machine>/<date>-method-choice.tsv

The tiers default to every one `NQUEENS --version` names as available here. The figure is the
process's CPU time (user + sys), steadier than wall time on a shared machine; medians within
--level (default 5%) or --min-diff (default 0.05 s) of each other are level, and either choice
agrees. Writes
bench/results/<machine>/<date>-method-choice.tsv (bench/results.py) and exits 1 when auto took
the slower method anywhere outside the level band, so that the per-tier crossovers in
src/base/tunables.hpp can be set from it. With --check it measures nothing and checks auto's
choice now against a file it wrote (a second build, or after the crossovers changed).
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_count(nqueens, tier, n, method, threads, work):
    """One whole count: (CPU seconds, wall seconds, total)."""
    cmd = [nqueens, "count", str(n), "--method", method, "--json"]
    if threads:
        cmd += ["-j", str(threads)]
    env = dict(os.environ, NQUEENS_KERNEL=tier)
    cpu, wall = children_cpu(), time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=work, capture_output=True, text=True, check=True).stdout
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    return cpu, wall, json.loads(out)["total"]


def auto_method(nqueens, tier, n, work):
    """The method `--method auto` takes for N on this tier: one job of a shard names it."""
    record = os.path.join(work, "auto.record")
    cmd = [nqueens, "count", str(n), "--shard", "1/1000000", "--checkpoint", record, "--json"]
    env = dict(os.environ, NQUEENS_KERNEL=tier)
    out = subprocess.run(cmd, env=env, cwd=work, capture_output=True, text=True, check=True).stdout
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    return json.loads(out)["method"]


def check(nqueens, path, level, min_diff):
    """Auto's choice now against the medians in a result file: 1 if it took the slower one."""
    wrong = 0
    with tempfile.TemporaryDirectory() as work:
        for row in results.read_file(path):
            if row["what"] != "method-choice":
                continue
            tier, n = row.tier, int(row["case"])
            join, back = row.number("ours_value"), row.number("peer_value")
            faster = "join" if join < back else "backtrack"
            auto = auto_method(nqueens, tier, n, work)
            ok = abs(join - back) <= max(level * min(join, back), min_diff) or auto == faster
            wrong += 0 if ok else 1
            print(f"{tier:7} N = {n}: join {join:7.2f} s  backtrack {back:7.2f} s  auto: {auto}  "
                  f"{'agrees' if ok else 'DISAGREES'}")
    return 1 if wrong else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("nqueens")
    p.add_argument("--n", default="16,17,18,19")
    p.add_argument("--tiers", help="comma-separated (default: every tier available here)")
    p.add_argument("--pairs", type=int, default=3)
    p.add_argument("--pairs-at", action="append", default=[], metavar="N=PAIRS",
                   help="fewer (or more) pairs at one N, e.g. 19=2")
    p.add_argument("--threads", type=int, default=0, help="-j of each count (default: all)")
    p.add_argument("--level", type=float, default=0.05,
                   help="medians this close (a fraction) are level (default 0.05)")
    p.add_argument("--min-diff", type=float, default=0.05,
                   help="medians this close in seconds are level too (default 0.05)")
    p.add_argument("--results", default=results.RESULTS_DIR)
    p.add_argument("--machine")
    p.add_argument("--no-results", action="store_true")
    p.add_argument("--check", metavar="TSV",
                   help="measure nothing: check auto against the medians of a file this wrote")
    a = p.parse_args()
    nqueens = os.path.abspath(a.nqueens)
    if a.check:
        sys.exit(check(nqueens, a.check, a.level, a.min_diff))
    ns = [int(x) for x in a.n.split(",")]
    pairs_at = {int(k): int(v) for k, v in (x.split("=") for x in a.pairs_at)}
    tiers = a.tiers.split(",") if a.tiers else results.available_tiers(nqueens)
    rows, wrong = [], 0
    with tempfile.TemporaryDirectory() as work:
        for tier in tiers:
            for n in ns:
                cpu = {"backtrack": [], "join": []}
                wall = {"backtrack": [], "join": []}
                totals = set()
                for i in range(pairs_at.get(n, a.pairs)):
                    order = ("backtrack", "join") if i % 2 == 0 else ("join", "backtrack")
                    for method in order:
                        c, w, total = run_count(nqueens, tier, n, method, a.threads, work)
                        cpu[method].append(c)
                        wall[method].append(w)
                        totals.add(total)
                if len(totals) != 1:
                    sys.exit(f"method_choice: N = {n} on {tier}: the methods disagree: {totals}")
                join = max(statistics.median(cpu["join"]), 1e-6)
                back = max(statistics.median(cpu["backtrack"]), 1e-6)
                faster = "join" if join < back else "backtrack"
                level = abs(join - back) <= max(a.level * min(join, back), a.min_diff)
                auto = auto_method(nqueens, tier, n, work)
                ok = level or auto == faster
                wrong += 0 if ok else 1
                verdict = "level" if level else ("agrees" if ok else "DISAGREES")
                print(f"{tier:7} N = {n}: join {join:7.2f} s  backtrack {back:7.2f} s  "
                      f"(cpu, median of {len(cpu['join'])})  backtrack/join {back / join:.2f}  "
                      f"auto: {auto}  {verdict}", flush=True)
                note = (f"auto {auto}, {verdict}; wall medians join "
                        f"{statistics.median(wall['join']):.2f} backtrack "
                        f"{statistics.median(wall['backtrack']):.2f} s; join "
                        f"{' '.join(f'{x:.2f}' for x in cpu['join'])}; backtrack "
                        f"{' '.join(f'{x:.2f}' for x in cpu['backtrack'])}")
                rows.append(["method-choice", str(n), f"{tier}/join", f"{join:.3f}",
                             f"{tier}/backtrack", f"{back:.3f}", "cpu-s", f"{back / join:.3f}",
                             str(len(cpu["join"])), "median", note])
    if not a.no_results:
        path = results.new_file("method-choice", machine=a.machine, results=a.results,
                                command=sys.argv,
                                notes=[f"load average at the end: {os.getloadavg()[0]:.1f}"])
        with open(path, "a", encoding="utf-8") as f:
            for row in rows:
                f.write("\t".join(row) + "\n")
        print(f"results: {path}")
    if wrong:
        print(f"method_choice: auto took the slower method in {wrong} case(s)", file=sys.stderr)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
