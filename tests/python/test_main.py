"""python -m nqueens: the command line's count, list, verify, find and complete through the
package, with its output (compared with the `nqueens` binary's where NQUEENS_CLI names it) and
its exit codes: 0, 1 for a negative answer, 2 with one line on stderr for bad input."""

import os
import re
import subprocess
import sys

import pytest

NQUEENS_CLI = os.environ.get("NQUEENS_CLI")


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "nqueens", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def without_times(text):
    text = re.sub(r"seconds: [0-9.]+", "seconds: T", text)
    return re.sub(r'"seconds":[0-9.]+', '"seconds":T', text)


SAME_AS_THE_COMMAND_LINE = [
    ["count", "10", "-j", "1"],
    ["count", "9", "-j", "2", "--method", "join", "--json"],
    ["count", "8", "--queens", "5"],
    ["count", "6", "--table", "--json"],
    ["list", "6"],
    ["list", "8", "--unique", "--format", "algebraic"],
    ["list", "5", "--format", "board", "--limit", "3"],
    ["list", "10", "--format", "json", "--limit", "3"],
    ["verify", "1 5 8 6 3 7 2 4", "a1 c2 b3"],
    ["verify", "--json", "1 3", "15863724"],
    ["verify", "-q", "a1 c2 b3"],
    ["find", "10"],
    ["find", "1000", "--random"],
    ["find", "11", "--seed", "5", "--format", "json"],
    ["find", "3"],
    ["complete", "8", "--fixed", "a1,b5"],
    ["complete", "8", "--fixed", "1:1", "--blocked", "2:3", "--all", "--limit", "3",
     "--format", "board"],
    ["complete", "8", "--fixed", "a1", "--count"],
    ["complete", "4", "--fixed", "a1"],
    ["count", "40"],
    ["count", "x"],
    ["complete", "8", "--fixed", "a1,b2"],
    ["complete", "8", "--limit", "2"],
    ["count", "8", "--queens", "3", "--method", "join"],
    ["count", "11", "-j", "1", "--kernel", "scalar", "--json"],
    ["count", "10", "--kernel", "auto", "--json"],
    ["count", "12", "-j", "2", "--method", "join", "--table-memory", "0", "--json"],
    ["count", "10", "--table-memory", "4096"],
    ["count", "10", "--kernel", "sse9"],
    ["count", "10", "--table-memory", "-1"],
    ["count", "8", "--queens", "3", "--kernel", "scalar"],
    ["count", "8", "--table", "--table-memory", "5"],
]


@pytest.mark.skipif(not NQUEENS_CLI, reason="NQUEENS_CLI (the nqueens binary) not given")
@pytest.mark.parametrize("args", SAME_AS_THE_COMMAND_LINE, ids=" ".join)
def test_same_output_as_the_command_line(args):
    ours = run(*args)
    theirs = subprocess.run([NQUEENS_CLI, *args], capture_output=True, text=True, timeout=120)
    assert ours.returncode == theirs.returncode
    assert without_times(ours.stdout) == without_times(theirs.stdout)
    if ours.returncode == 2:  # bad input: one line each (the words are the package's)
        assert ours.stderr.count("\n") == theirs.stderr.count("\n") == 1
        assert ours.stderr.startswith("nqueens") and theirs.stderr.startswith("nqueens")
    else:
        assert ours.stderr == theirs.stderr


def test_stdin_and_board_diagrams():
    boards = "Q...\n...Q\n.Q..\n..Q.\n\n.Q..\n...Q\nQ...\n..Q.\n# comment\n2 4 1 3\n"
    out = run("verify", stdin=boards)
    assert out.stdout == "invalid: b3 and c4 share a diagonal\nvalid\nvalid\n"
    assert out.returncode == 1
    board = ". Q . . . .\nx . . . . .\n......\n......\n# comment\n......\n......\n"
    out = run("complete", "--board", "-", "--all", stdin=board)
    assert out.returncode == 0 and out.stdout == "2 4 6 1 3 5\n"  # the only completion
    out = run("complete", "6", "--board", "-", "--blocked", "2:4", stdin=board)
    assert out.returncode == 1 and "the 1 fixed queens and the blocked squares" in out.stderr


@pytest.mark.parametrize(
    "args,message",
    [
        (["count", "40"], "nqueens: N must be between 1 and 32, got 40"),
        (["count", "8x"], "nqueens: N must be a whole number, got '8x'"),
        (["count", "8", "-j", "-1"], "nqueens: threads must be between 0 (all cores) and 1024, got -1"),
        (["count", "8", "--method", "fast"], "nqueens: argument --method: invalid choice: 'fast' "
         "(choose from ...)"),
        (["count", "8", "--table", "--queens", "2"],
         "nqueens: --table counts every K = 0..N; give --queens K or --table, not both"),
        (["count"], "nqueens: the following arguments are required: N"),
        (["count", "10", "--kernel", "sse9"],
         "nqueens: --kernel: unknown kernel tier 'sse9' (choose auto, avx512, avx2, neon or "
         "scalar)"),
        (["count", "10", "--table-memory", "-1"],
         "nqueens: --table-memory must be between 0 and 1073741824, got '-1'"),
        (["count", "10", "--table-memory", "lots"],
         "nqueens: --table-memory must be a whole number (decimal digits only), got 'lots'"),
        (["count", "10", "--table-memory", "1073741825"],
         "nqueens: --table-memory must be between 0 and 1073741824, got '1073741825'"),
        (["count", "8", "--queens", "3", "--kernel", "scalar"], "nqueens: --queens has no --kernel"),
        (["count", "8", "--table", "--table-memory", "5"],
         "nqueens: --table has no --table-memory (the join's tables)"),
        (["list", "8", "--limit", "-1"],
         "nqueens: --limit must be between 0 and 9223372036854775807, got '-1'"),
        (["list", "8", "--limit", "x"],
         "nqueens: --limit must be a whole number (decimal digits only), got 'x'"),
        (["list", "65"], "nqueens: N must be between 1 and 64, got 65"),
        (["find", "0"], "nqueens: N must be between 1 and 1000000000, got 0"),
        (["find", "8", "--seed", "-1"],
         "nqueens: seed must be between 0 and 18446744073709551615, got -1"),
        (["find", "1001", "--format", "board"], "nqueens: --format board needs N <= 1000 (N^2 characters)"),
        (["complete", "8", "--limit", "2"],
         "nqueens: --limit needs --all (without it complete prints one completion)"),
        (["complete", "8", "--count", "--all"], "nqueens: --count and --all exclude each other"),
        (["complete", "100000", "--count"],
         "nqueens: a count of completions at N = 100000 takes boards with at most 41 open rows "
         "(rows without a fixed queen), this one has 100000: a count walks every completion one "
         "by one"),
        (["complete"], "nqueens: give N, or a board with --board FILE ('-' = stdin)"),
        (["complete", "8", "--fixed", "a1,b2"], "nqueens: fixed queens a1 and b2 share a diagonal"),
        (["complete", "--board", "/nonexistent/board"],
         "nqueens: cannot read board file '/nonexistent/board': No such file or directory"),
        (["verify"], "nqueens: no placement given to verify"),
        (["fly"], "nqueens: argument COMMAND: invalid choice: 'fly' (choose from ...)"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.endswith("\n")
    # argparse lists the choices in words that vary with the Python version.
    head, _, _ = message.partition("...")
    assert out.stderr.startswith(head) if "..." in message else out.stderr == message + "\n"


def test_malformed_placements_exit_2_and_say_where():
    out = run("verify", "1 5 8 6 3 7 2 4", "1 x")
    assert out.returncode == 2
    assert out.stdout == "valid\nmalformed: 'x' is not a column number\n"
    assert out.stderr == "nqueens verify: argument 2 line 1: 'x' is not a column number\n"


def test_negative_answers_exit_1():
    assert run("verify", "a1 b2").returncode == 1
    out = run("find", "2")
    assert out.returncode == 1 and out.stderr == "nqueens: no solution exists for N = 2\n"
    out = run("complete", "4", "--fixed", "a1")
    assert out.returncode == 1 and out.stderr.startswith("nqueens: no completion exists")


def test_help_and_a_closed_pipe():
    out = run("--help")
    assert out.returncode == 0 and "count" in out.stdout and out.stderr == ""
    # `| head`: the reader goes away; the process ends quietly, as a C program does.
    p = subprocess.Popen([sys.executable, "-m", "nqueens", "list", "14"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdout.readline() == b"1 3 5 7 12 10 13 4 14 9 2 6 8 11\n"
    p.stdout.close()
    assert p.wait(timeout=60) != 0
    assert p.stderr.read() == b""


class Stop(Exception):
    pass


def test_complete_all_is_handed_over_as_the_search_finds_it():
    # N = 16 with no queen fixed has 14,772,512 completions: `complete --all` must not hold
    # them. The first batch comes while the search runs, at most 4 MiB of completions.
    import nqueens
    batches = []

    def visit(batch):
        batches.append(batch)
        raise Stop()

    with pytest.raises(Stop):
        nqueens._core.complete_each(16, None, None, None, visit)
    assert 1 <= len(batches[0]) <= (1 << 22) // (4 * 16)
    assert all(nqueens.verify(p).valid for p in batches[0])
    nqueens._core._wait_for_stopped_work()
    seen = []
    assert nqueens._core.complete_each(8, "a1", None, None, seen.extend) == 4
    assert seen == nqueens.complete(8, "a1", all=True)
    assert nqueens._core.complete_each(8, "a1", None, 2, seen.extend) == 2
    assert nqueens._core.complete_each(8, "a1", None, 0, seen.extend) == 0


def test_complete_all_into_a_closed_pipe():
    p = subprocess.Popen([sys.executable, "-m", "nqueens", "complete", "16", "--all"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = p.stdout.readline().split()
    assert sorted(int(c) for c in first) == list(range(1, 17))
    p.stdout.close()
    assert p.wait(timeout=60) != 0
    assert p.stderr.read() == b""
