#!/usr/bin/env python3
"""Two builds of nqueens and sudoku side by side on this machine: the same commands run in
interleaved pairs (old, new, then new, old, ...), CPU time (user + sys) of each process, and
the medians. What a change that should not alter speed is checked with: every counting tier
at N = 18 (`count 18`, the method auto takes) and on a slice of N = 20 (`--shard 5/128`),
and `sudoku count` on the four puzzle sets of data/sudoku/ with the default solver tier.

    bench/compare_builds.py OLD_DIR NEW_DIR [--pairs 5] [--tiers avx512,avx2,scalar]
                            [--results DIR] [--machine NAME] [--no-results]

OLD_DIR and NEW_DIR each hold an `nqueens` and a `sudoku` binary (a build tree's top, or a
copy of one kept aside before the change). The tier is chosen with NQUEENS_KERNEL, which every
build reads. Both builds must print the same output for each command; a difference stops the
script (exit 1). Writes bench/results/<machine>/<date>-builds.tsv (bench/results.py): per
command the new build's median against the old one's, ratio above 1 when the new is faster.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

SUDOKU_SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465",
               "puzzles5_forum_hardest_1905_11+", "puzzles7_serg_benchmark"]


def run(binary, args, env):
    """(CPU seconds, stdout) of one run, in an empty working directory."""
    work = tempfile.mkdtemp(prefix="compare-builds-")
    try:
        with tempfile.TemporaryFile() as out:
            p = subprocess.Popen([binary] + args, cwd=work, stdout=out, stderr=subprocess.DEVNULL,
                                 env=dict(os.environ, **env))
            _, status, usage = os.wait4(p.pid, 0)
            code = os.waitstatus_to_exitcode(status)
            if code != 0:
                sys.exit(f"compare_builds: {binary} {' '.join(args)}: exit {code}")
            out.seek(0)
            text = out.read().decode(errors="replace")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return usage.ru_utime + usage.ru_stime, text


def comparable(text):
    """The output without the lines that carry a time."""
    return "\n".join(line for line in text.splitlines()
                     if not any(w in line for w in ("time", "seconds", "/s", "elapsed")))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--pairs", type=int, default=5)
    p.add_argument("--tiers", help="comma-separated counting tiers (default: every one available)")
    p.add_argument("--results", default=results.RESULTS_DIR)
    p.add_argument("--machine")
    p.add_argument("--no-results", action="store_true")
    a = p.parse_args()
    a.old, a.new = os.path.abspath(a.old), os.path.abspath(a.new)
    if a.pairs < 1:
        sys.exit("compare_builds: --pairs must be at least 1")
    for d in (a.old, a.new):
        for tool in ("nqueens", "sudoku"):
            if not os.access(os.path.join(d, tool), os.X_OK):
                sys.exit(f"compare_builds: no {tool} binary in {d}")
    tiers = a.tiers.split(",") if a.tiers else results.available_tiers(os.path.join(a.new, "nqueens"))
    data = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data",
                        "sudoku")
    cases = []
    for tier in tiers:
        cases.append((f"count 18 {tier}", "nqueens", ["count", "18", "-q"],
                      {"NQUEENS_KERNEL": tier}))
    for tier in tiers:
        cases.append((f"count 20 --shard 5/128 {tier}", "nqueens",
                      ["count", "20", "-q", "--shard", "5/128"], {"NQUEENS_KERNEL": tier}))
    for name in SUDOKU_SETS:
        cases.append((f"sudoku count {name}", "sudoku", ["count", "-j", "1",
                                                          os.path.join(data, name)], {}))

    rows = []
    for label, tool, args, env in cases:
        times = {a.old: [], a.new: []}
        outputs = {}
        for i in range(a.pairs):
            for d in ((a.old, a.new) if i % 2 == 0 else (a.new, a.old)):
                seconds, text = run(os.path.join(d, tool), args, env)
                times[d].append(seconds)
                outputs.setdefault(d, comparable(text))
        if outputs[a.old] != outputs[a.new]:
            sys.exit(f"compare_builds: {label}: the builds print different results")
        old, new = statistics.median(times[a.old]), statistics.median(times[a.new])
        change = 100 * (new / old - 1) if old else 0.0
        print(f"{label:45} old {old:7.3f} s  new {new:7.3f} s  {change:+6.1f}%", flush=True)
        r = results.ratio(new, old, "cpu-s")
        rows.append(["builds", label, "new", f"{new:.4f}", "old", f"{old:.4f}", "cpu-s",
                     f"{r:.3f}" if r else "", str(a.pairs), "median",
                     "old " + " ".join(f"{x:.3f}" for x in times[a.old]) + "; new " +
                     " ".join(f"{x:.3f}" for x in times[a.new])])
    if not a.no_results:
        path = results.new_file("builds", machine=a.machine, results=a.results, command=sys.argv,
                                notes=[f"old: {a.old}", f"new: {a.new}",
                                       f"load average at the end: {os.getloadavg()[0]:.1f}"])
        with open(path, "a", encoding="utf-8") as f:
            for row in rows:
                f.write("\t".join(row) + "\n")
        print(f"results: {path}")


if __name__ == "__main__":
    main()
