#!/usr/bin/env python3
"""The costs of a record run's machinery (docs/RECORD.md), measured on the command line.

    bench/record_run.py start NQUEENS [--n 28] [--shards 1,1000,1000000] [--depths 5,6]
        How soon a shard I/K starts counting and how much memory it takes then: for each depth
        and K, shards 1/K and K/K run `count N --shard I/K --job-depth D -j 1 --progress` with a
        checkpoint and a job log; the first progress line on stderr comes when the session is
        ready and the threads take their first job (time to first job); SIGINT a second later
        ends it (exit 130, the record saved), and its peak resident memory is read (wait4).
    bench/record_run.py overhead NQUEENS [--n 18] [--runs 7] [-j 1] [--method auto]
        What --job-log and --verify-sample 1 cost: `count N` plain and with both, in interleaved
        pairs (plain first, then the other, alternating which goes first), CPU time (user + sys
        of the process) of each; prints both medians and the overhead of the medians.
    bench/record_run.py compare NQUEENS [--n 16] [--depth 7] [--job 777777] [--runs 5]
        Whether `merge --compare` finds one altered job among a million: `count N --job-depth D
        --job-log` twice (N = 16 at depth 7: 1,279,190 jobs), the second with job J's count
        altered on purpose (NQUEENS_TEST_FAULT, a test facility); `merge --compare` of the two
        logs must exit 1 naming job J and one differing job; prints the median time of the
        comparison and its peak memory.

All three append their figures to bench/results/<machine>/<date>-record-run.tsv (bench/results.py;
--results DIR, --machine NAME, --no-results as the other bench scripts). Python 3 standard
library only.
"""
import argparse
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)


def run_timed(args, cwd):
    """Runs a command to its end; returns (CPU seconds: user + sys, wall seconds, exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.stderr.close()
    return usage.ru_utime + usage.ru_stime, wall, os.waitstatus_to_exitcode(status)


def start_once(nqueens, n, depth, shard, cwd):
    """Seconds to the first job and peak RSS (MB) of `count N --shard I/K` at a depth."""
    args = [nqueens, "count", str(n), "--shard", shard, "--job-depth", str(depth), "-j", "1",
            "--progress", "--checkpoint", "r.record", "--job-log", "r.log"]
    for f in ("r.record", "r.log"):
        if os.path.exists(os.path.join(cwd, f)):
            os.remove(os.path.join(cwd, f))
    begin = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    first = proc.stderr.read(1)  # the first progress report: the threads start now
    to_first = time.perf_counter() - begin
    if not first:
        raise SystemExit(f"{' '.join(args)}: no progress line (exit {proc.wait()})")
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 130):
        raise SystemExit(f"{' '.join(args)}: exit {code}")
    return to_first, usage.ru_maxrss / 1024


def cmd_start(a, out):
    with tempfile.TemporaryDirectory() as d:
        for depth in a.depths:
            for k in a.shards:
                for i in sorted({1, k}):
                    shard = f"{i}/{k}"
                    seconds, rss = start_once(a.nqueens, a.n, depth, shard, d)
                    case = f"{a.n} --shard {shard} --job-depth {depth}"
                    print(f"{case}: first job after {seconds:.3f} s, peak {rss:.1f} MB", flush=True)
                    out.append(["record-start", case, "time-to-first-job", f"{seconds:.3f}", "", "",
                                "wall-s", "", "1", "one", ""])
                    out.append(["record-start", case, "peak-rss", f"{rss:.1f}", "", "", "MB", "",
                                "1", "one", "ru_maxrss after SIGINT 1 s into the count"])


def cmd_overhead(a, out):
    plain = [a.nqueens, "count", str(a.n), "-q", "-j", str(a.threads), "--method", a.method]
    with tempfile.TemporaryDirectory() as d:
        checked = plain + ["--job-log", "j.log", "--verify-sample", "1"]
        times = {"plain": [], "checked": []}
        for r in range(a.runs):
            order = [("plain", plain), ("checked", checked)]
            if r % 2 == 1:
                order.reverse()
            for name, args in order:
                if os.path.exists(os.path.join(d, "j.log")):
                    os.remove(os.path.join(d, "j.log"))
                cpu, wall, code = run_timed(args, d)
                if code != 0:
                    raise SystemExit(f"{' '.join(args)}: exit {code}")
                times[name].append(cpu)
                print(f"run {r + 1} {name}: {cpu:.3f} s CPU ({wall:.2f} s wall)", flush=True)
        p, c = statistics.median(times["plain"]), statistics.median(times["checked"])
        print(f"medians of {a.runs}: plain {p:.3f} s, with --job-log and --verify-sample 1 {c:.3f} "
              f"s CPU: {100 * (c / p - 1):+.1f}%")
        spread = (f"plain {min(times['plain']):.3f}-{max(times['plain']):.3f}, checked "
                  f"{min(times['checked']):.3f}-{max(times['checked']):.3f}")
        out.append(["record-overhead", f"{a.n} -j {a.threads} --method {a.method}",
                    "job-log+verify-1", f"{c:.3f}", "plain", f"{p:.3f}", "cpu-s", f"{c / p:.4f}",
                    str(a.runs), "median", spread])


def cmd_compare(a, out):
    with tempfile.TemporaryDirectory() as d:
        count = [a.nqueens, "count", str(a.n), "-q", "--job-depth", str(a.depth), "--job-log"]
        subprocess.run(count + ["a.log"], cwd=d, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(count + ["b.log"], cwd=d, check=True, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, NQUEENS_TEST_FAULT=str(a.job)))
        with open(os.path.join(d, "a.log")) as f:
            entries = sum(1 for line in f if line[:1].isdigit())
        walls, peak = [], 0.0
        for _ in range(a.runs):
            start = time.perf_counter()
            proc = subprocess.Popen([a.nqueens, "merge", "--compare", "a.log", "b.log"], cwd=d,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            _, status, usage = os.wait4(proc.pid, 0)
            walls.append(time.perf_counter() - start)
            peak = max(peak, usage.ru_maxrss / 1024)
            said = proc.stdout.read() + proc.stderr.read()
            code = os.waitstatus_to_exitcode(status)
            if code != 1 or f"job {a.job} (" not in said or "; 1 of " not in said:
                raise SystemExit(f"merge --compare: exit {code}, expected 1 naming job {a.job} "
                                 f"alone: {said[:300]}")
        wall = statistics.median(walls)
        print(f"{entries} entries: job {a.job} found alone, median {wall:.2f} s, peak {peak:.0f} "
              f"MB: {said.strip()}")
        case = f"{a.n} --job-depth {a.depth}: {entries} entries, job {a.job} altered"
        out.append(["record-compare", case, "wall", f"{wall:.3f}", "", "", "wall-s", "",
                    str(a.runs), "median", "found alone; exit 1"])
        out.append(["record-compare", case, "peak-rss", f"{peak:.0f}", "", "", "MB", "",
                    str(a.runs), "max", ""])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("start")
    s.add_argument("nqueens")
    s.add_argument("--n", type=int, default=28)
    s.add_argument("--shards", default="1,1000,1000000")
    s.add_argument("--depths", default="5,6")
    o = sub.add_parser("overhead")
    o.add_argument("nqueens")
    o.add_argument("--n", type=int, default=18)
    o.add_argument("--runs", type=int, default=7)
    o.add_argument("-j", "--threads", type=int, default=1)
    o.add_argument("--method", default="auto")
    c = sub.add_parser("compare")
    c.add_argument("nqueens")
    c.add_argument("--n", type=int, default=16)
    c.add_argument("--depth", type=int, default=7)
    c.add_argument("--job", type=int, default=777777)
    c.add_argument("--runs", type=int, default=5)
    for q in (s, o, c):
        q.add_argument("--results", default=results.RESULTS_DIR)
        q.add_argument("--machine")
        q.add_argument("--no-results", action="store_true")
    a = p.parse_args()
    a.nqueens = os.path.abspath(a.nqueens)
    rows = []
    if a.what == "start":
        a.shards = [int(x) for x in a.shards.split(",")]
        a.depths = [int(x) for x in a.depths.split(",")]
        cmd_start(a, rows)
    elif a.what == "overhead":
        cmd_overhead(a, rows)
    else:
        cmd_compare(a, rows)
    if not a.no_results:
        path = results.new_file("record-run", machine=a.machine, results=a.results,
                                command=sys.argv,
                                notes=[f"load average at the end: {os.getloadavg()[0]:.1f}"])
        with open(path, "a") as f:
            for row in rows:
                f.write("\t".join(row) + "\n")
        print(f"results: {path}")


if __name__ == "__main__":
    main()
