#!/usr/bin/env python3
"""Start-up cost of the command-line tools: CPU time and page faults of one process that does
almost no work, medians of interleaved runs.

A `sudoku` or `nqueens` process is often one small job (one file of puzzles, one count of a
small board), so what it costs to start counts in every whole-process figure
(docs/BENCHMARKS.md, "Process start"). Each command is started with posix_spawn, its standard
output sent to /dev/null, and timed by the kernel's own accounting of the child (user + system
CPU, minor page faults from wait4), so no shell or timer process is counted.

    bench/process_start.py                       # build/release's nqueens and sudoku
    bench/process_start.py --runs 41 --bin build/portable
    bench/process_start.py --compare /tmp/old-build   # the same commands from another build,
                                                      # run interleaved with this one's

Commands timed (BIN is --bin, default build/release):
    BIN/nqueens count 4 -j 1 -q       the counting pipeline on a board it solves at once
    BIN/nqueens --version             the command line alone
    BIN/sudoku count -j 1 EMPTY       the batch reader on an empty file
    BIN/sudoku --version
Prints one Markdown row per command: median CPU ms, median page faults (and the other build's,
with their ratio, under --compare), and writes the same figures to
bench/results/<machine>/<date>-process-start.tsv (bench/results/README.md; --results DIR,
--machine NAME, --no-results). Exit 2 with one line for a missing binary or bad argument.
"""
import argparse
import os
import statistics
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py, beside this script)


def run_once(argv):
    """CPU milliseconds (user + system) and minor page faults of one run of argv."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        pid = os.posix_spawn(argv[0], argv, os.environ,
                             file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                           (os.POSIX_SPAWN_DUP2, devnull, 2)])
    finally:
        os.close(devnull)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {code}")
    return (usage.ru_utime + usage.ru_stime) * 1000.0, usage.ru_minflt


def commands(bin_dir, empty_file):
    nqueens = os.path.join(bin_dir, "nqueens")
    sudoku = os.path.join(bin_dir, "sudoku")
    return [
        ("nqueens count 4 -j 1 -q", [nqueens, "count", "4", "-j", "1", "-q"]),
        ("nqueens --version", [nqueens, "--version"]),
        ("sudoku count -j 1 EMPTY", [sudoku, "count", "-j", "1", empty_file]),
        ("sudoku --version", [sudoku, "--version"]),
    ]


def main():
    parser = argparse.ArgumentParser(
        description="CPU time and page faults of starting nqueens and sudoku (medians).")
    parser.add_argument("--bin", default="build/release",
                        help="folder with nqueens and sudoku (default build/release)")
    parser.add_argument("--compare", metavar="BIN2",
                        help="another build's folder, its commands run interleaved with --bin's")
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    parser.add_argument("--results", default=results.RESULTS_DIR,
                        help="where the result file goes (default bench/results)")
    parser.add_argument("--machine", help="the machine's folder (default: bench/results.py machine)")
    parser.add_argument("--no-results", action="store_true", help="write no result file")

    def one_line_error(message):  # argparse's usage line and error would be two lines
        print(f"process_start: {message} (see --help)", file=sys.stderr)
        sys.exit(2)

    parser.error = one_line_error
    args = parser.parse_args()
    if not 1 <= args.runs <= 10000:
        print("process_start: --runs must be 1 to 10000", file=sys.stderr)
        return 2
    folders = [args.bin] + ([args.compare] if args.compare else [])
    for folder in folders:
        for tool in ("nqueens", "sudoku"):
            path = os.path.join(folder, tool)
            if not os.access(path, os.X_OK):
                print(f"process_start: no executable {path}", file=sys.stderr)
                return 2

    with tempfile.NamedTemporaryFile(suffix=".txt") as empty:
        sets = [commands(folder, empty.name) for folder in folders]
        samples = [[[] for _ in sets[0]] for _ in folders]
        try:
            for _ in range(args.runs):
                for i in range(len(sets[0])):
                    for f, cmds in enumerate(sets):
                        samples[f][i].append(run_once(cmds[i][1]))
        except (OSError, RuntimeError) as e:
            print(f"process_start: {e}", file=sys.stderr)
            return 2

    def medians(runs):
        return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))

    out = None
    if not args.no_results:
        try:
            path = results.new_file("process-start", args.machine, args.results, sys.argv,
                                    [f"builds: {' against '.join(folders)}"])
        except (OSError, ValueError, RuntimeError) as e:
            print(f"process_start: {e}", file=sys.stderr)
            return 2
        out = open(path, "a", encoding="utf-8")

    print(f"{args.runs} interleaved runs each; CPU = user + system of the process")
    if args.compare:
        print(f"| command | {args.bin} CPU ms | faults | {args.compare} CPU ms | faults | ratio |")
        print("|---|---|---|---|---|---|")
    else:
        print(f"| command | {args.bin} CPU ms | page faults |")
        print("|---|---|---|")
    for i, (name, _) in enumerate(sets[0]):
        ms, faults = medians(samples[0][i])
        if args.compare:
            ms2, faults2 = medians(samples[1][i])
            print(f"| `{name}` | {ms:.2f} | {faults:.0f} | {ms2:.2f} | {faults2:.0f} | "
                  f"{ms2 / ms if ms else float('nan'):.2f}x |")
        else:
            print(f"| `{name}` | {ms:.2f} | {faults:.0f} |")
        if out:
            row = ["process-start", name, os.path.basename(os.path.normpath(args.bin)), f"{ms:.3f}"]
            note = f"{faults:.0f} page faults"
            if args.compare:
                row += [os.path.basename(os.path.normpath(args.compare)), f"{ms2:.3f}", "cpu-ms",
                        f"{ms2 / ms:.2f}" if ms else ""]
                note += f" against {faults2:.0f}"
            else:
                row += ["", "", "cpu-ms", ""]
            out.write("\t".join(row + [str(args.runs), "median", note]) + "\n")
    if out:
        out.close()
        print(f"process_start: wrote {out.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
