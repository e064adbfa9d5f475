#!/usr/bin/env python3
"""Every numeric option of every tool refuses every malformed number: one line, exit 2.

Numbers on the command line are decimal digits only (docs/RELIABILITY.md): no hex (`0x2`), no
sign (`+2`, `-1`, which CLI11 made 2^64 - 1 in an unsigned option), no spaces, no fraction or
exponent where a whole number is meant, nothing past the option's range. The list of options is
taken from each subcommand's --help: an option that takes a value must be in NUMERIC (with a
command line to try it in) or in NOT_NUMERIC below, so a new option cannot be left out unseen.

Usage: number_options_test.py NQUEENS SUDOKU [NQUEENS_SERVE|-] [NQUEENS_MPI|-]
"""
import os
import re
import subprocess
import sys

# nqueens-mpi started without mpirun, as root too (Open MPI refuses root otherwise).
os.environ.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")

nqueens, sudoku = sys.argv[1], sys.argv[2]
serve = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None
mpi = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] != "-" else None

WHOLE = ["0x2", "0X2", "+2", " 2", "2 ", "-1", "2.5", "1e3", "2x", "", "18446744073709551617",
         "\u0662"]  # the last: an Arabic-Indic digit two
SECONDS = ["0x1", "+1", " 1", "1 ", "-1", "1e3", "inf", "nan", "1.2.3", "", "0", "."]
GPUS = ["0x1", "+1", " 1", "1 ", "-1", "1,", ",1", "1,1", "1.0", ""]  # a list of device numbers
PERCENT = ["0x1", "+1", " 1", "1 ", "-1", "1e1", "inf", "nan", "1.2.3", "", "101", "."]
SHARD = ["0x1/4", "+1/4", " 1/4", "1/4 ", "-1/4", "1/+4", "1/0x4", "1.0/4", "1/"]

# tool, subcommand, option (as --help names it), kind, the command line with {} for the value
NUMERIC = [
    ("nqueens", "count", "N", WHOLE, ["count", "{}"]),
    ("nqueens", "count", "--threads", WHOLE, ["count", "4", "-j", "{}"]),
    ("nqueens", "count", "--queens", WHOLE, ["count", "4", "--queens", "{}"]),
    ("nqueens", "count", "--checkpoint-seconds", SECONDS, ["count", "4", "--checkpoint-seconds", "{}"]),
    ("nqueens", "count", "--table-memory", WHOLE, ["count", "4", "--table-memory", "{}"]),
    ("nqueens", "count", "--shard", SHARD, ["count", "4", "--shard", "{}"]),
    ("nqueens", "count", "--gpus", GPUS, ["count", "4", "--gpus", "{}"]),
    ("nqueens", "count", "--job-depth", WHOLE, ["count", "8", "--job-depth", "{}"]),
    ("nqueens", "count", "--verify-sample", PERCENT, ["count", "8", "--verify-sample", "{}"]),
    ("nqueens", "count", "--verify-seed", WHOLE, ["count", "8", "--verify-seed", "{}"]),
    ("nqueens", "list", "N", WHOLE, ["list", "{}"]),
    ("nqueens", "list", "--limit", WHOLE, ["list", "4", "--limit", "{}"]),
    ("nqueens", "list", "--queens", WHOLE, ["list", "4", "--queens", "{}"]),
    ("nqueens", "render", "--n", WHOLE, ["render", "--n", "{}", "--index", "1"]),
    ("nqueens", "render", "--index", WHOLE, ["render", "--n", "8", "--index", "{}"]),
    ("nqueens", "render", "--cell", WHOLE, ["render", "2 4 1 3", "--cell", "{}"]),
    ("nqueens", "trace", "N", WHOLE, ["trace", "{}"]),
    ("nqueens", "trace", "--limit", WHOLE, ["trace", "4", "--limit", "{}"]),
    ("nqueens", "trace", "--from", WHOLE, ["trace", "4", "--from", "{}"]),
    ("nqueens", "find", "N", WHOLE, ["find", "{}"]),
    ("nqueens", "find", "--seed", WHOLE, ["find", "8", "--seed", "{}"]),
    ("nqueens", "complete", "N", WHOLE, ["complete", "{}"]),
    ("nqueens", "complete", "--limit", WHOLE, ["complete", "4", "--all", "--limit", "{}"]),
    ("sudoku", "*", "--size", WHOLE, ["solve", "--size", "{}"]),
    ("sudoku", "*", "--threads", WHOLE, ["solve", "-j", "{}"]),
    ("sudoku", "count", "--limit", WHOLE, ["count", "--limit", "{}"]),
    ("sudoku", "bench", "--limit", WHOLE, ["bench", "--limit", "{}"]),
    ("sudoku", "bench", "--repeat", WHOLE, ["bench", "--repeat", "{}"]),
    ("sudoku", "generate", "--count", WHOLE, ["generate", "-n", "{}"]),
    ("sudoku", "generate", "--attempts", WHOLE, ["generate", "--attempts", "{}"]),
    ("sudoku", "generate", "--seed", WHOLE, ["generate", "--seed", "{}"]),
    ("nqueens-serve", "", "--port", WHOLE, ["--port", "{}"]),
    ("nqueens-serve", "", "--threads", WHOLE, ["--threads", "{}"]),
    # nqueens-mpi: its own options (the long-run ones are nqueens count's, one parser); an MPI
    # start costs about 0.5 s, so three forms each.
    ("nqueens-mpi", "count", "--threads", ["0x2", "+2", "-1"], ["count", "4", "-j", "{}"]),
    ("nqueens-mpi", "count", "--coordinator-threads", ["0x2", "+2", "-1"],
     ["count", "4", "--coordinator-threads", "{}"]),
    ("nqueens-mpi", "count", "--overdue-after", ["0x1", "+1", "1e3"],
     ["count", "4", "--overdue-after", "{}"]),
    ("nqueens-mpi", "count", "--start-timeout", ["0x1", "+1", "1e3"],
     ["count", "4", "--start-timeout", "{}"]),
]
# Options that take a value which is not a number (names, files, squares, formats).
NOT_NUMERIC = {
    "nqueens": {"--checkpoint", "--job-log", "--verify-by", "--method", "--kernel", "--format", "--output",
                "PLACEMENT", "placements", "files", "--fixed", "--blocked", "--board"},
    "sudoku": {"--format", "file", "--difficulty", "--symmetry", "--kernel"},
    "nqueens-serve": {"--host"},
    "nqueens-mpi": {"N", "--checkpoint", "--checkpoint-seconds", "--table-memory", "--shard",
                    "--method", "--job-depth", "--job-log", "--verify-sample",
                    "--verify-seed", "--verify-by", "--kernel"},  # N and the long-run options: nqueens count's parsers
}
SUBCOMMANDS = {
    "nqueens": ["count", "list", "verify", "render", "trace", "find", "complete", "merge"],
    "sudoku": ["solve", "count", "rate", "explain", "hint", "generate", "bench"],
    "nqueens-serve": [""],
    "nqueens-mpi": ["count"],
}
BINARIES = {"nqueens": nqueens, "sudoku": sudoku, "nqueens-serve": serve, "nqueens-mpi": mpi}

failures = 0


def fail(message):
    global failures
    failures += 1
    print("FAIL:", message)


def value_options(binary, subcommand):
    """The options of a subcommand that take a value, by their long name, from its --help."""
    args = [binary] + ([subcommand] if subcommand else []) + ["--help"]
    text = subprocess.run(args, capture_output=True, text=True, timeout=60).stdout
    names = set()
    for line in text.splitlines():
        m = re.match(r"^  (\S+) ([A-Z]\S*)", line)
        if m:
            names.add(m.group(1).split(",")[-1])
    return names


def quoted(text):
    """What tool_io::quote shows for an ASCII text."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


# Every option that takes a value is in one table or the other.
for tool, subcommands in SUBCOMMANDS.items():
    if BINARIES[tool] is None:
        continue
    for sub in subcommands:
        for name in value_options(BINARIES[tool], sub):
            numeric = any(t == tool and s in (sub, "*") and o == name for t, s, o, _, _ in NUMERIC)
            if not numeric and name not in NOT_NUMERIC[tool]:
                fail(f"{tool} {sub} {name}: takes a value but is in neither table of this test")

tried = 0
for tool, sub, name, forms, line in NUMERIC:
    binary = BINARIES[tool]
    if binary is None:
        continue
    for text in forms:
        args = [binary] + [text if part == "{}" else part for part in line]
        proc = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                              timeout=60)
        tried += 1
        what = f"{tool} {' '.join(repr(a) for a in args[1:])}"
        lines = proc.stderr.splitlines()
        if proc.returncode != 2:
            fail(f"{what}: exit {proc.returncode}, expected 2: {proc.stderr[:300]!r}")
        elif proc.stdout:
            fail(f"{what}: printed on stdout: {proc.stdout[:300]!r}")
        elif len(lines) != 1 or not lines[0].startswith(tool.replace("-serve", " serve") + ":"):
            fail(f"{what}: stderr is not one line from {tool}: {proc.stderr[:300]!r}")
        elif text.isascii() and text and quoted(text) not in lines[0]:
            fail(f"{what}: the message does not quote the value as given: {lines[0]!r}")
print(f"{tried} malformed numbers refused")
if failures:
    print(f"{failures} check(s) failed")
    sys.exit(1)
print("all checks passed")
