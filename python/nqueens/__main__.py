"""python -m nqueens: the `nqueens` command's count, list, verify, find and complete through the
package, with the command's output and exit codes.

    python -m nqueens count 12 [-j 2] [--method auto|backtrack|join] [--kernel TIER]
                               [--table-memory MIB] [--json]
    python -m nqueens count 8 --queens 5 | --table [--json]
    python -m nqueens list 8 [--unique] [--format perm|board|json|algebraic] [--limit K]
    python -m nqueens verify "1 5 8 6 3 7 2 4" "a1 c2 b3" [--json] [-q]   (no placement: stdin)
    python -m nqueens find 1000000 [--random] [--seed S] [--format ...]
    python -m nqueens complete 8 --fixed a1,b5 [--blocked ...] [--board FILE|-] [--count|--all]

Data goes to stdout, errors to stderr as one line "nqueens: ..."; exit 0 ok, 1 a negative
answer (a placement that is not a solution, no completion, no solution for N = 2 or 3), 2 bad
usage or input, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time
from typing import Any, Callable, Dict, Iterable, List, NoReturn, Optional, Sequence, TextIO, Tuple, cast

import nqueens

PROG = "nqueens"


class UsageError(Exception):
    """Bad usage or input: one line on stderr, exit 2."""


class _Parser(argparse.ArgumentParser):
    # argparse prints its usage and then the error over several lines; the command line
    # convention is one line.
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _number(text: str) -> Any:
    """A command-line number as the package takes it: an int, or the text itself, which the
    package then refuses with its own message ("N must be a whole number, got 'x'")."""
    return int(text) if re.fullmatch(r"[+-]?[0-9]+", text.strip()) else text


def _write(text: str) -> None:
    sys.stdout.write(text)


# ---- count -----------------------------------------------------------------------------------


def _count(a: argparse.Namespace) -> int:
    if a.queens is not None or a.table:
        what = "--table" if a.table else "--queens"
        if a.table and a.queens is not None:
            raise UsageError("--table counts every K = 0..N; give --queens K or --table, not both")
        if a.method != "auto":
            raise UsageError(f"{what} has no --method")
        if a.kernel is not None:
            raise UsageError(f"{what} has no --kernel")
        if a.table_memory is not None:
            raise UsageError(f"{what} has no --table-memory (the join's tables)")
        start = time.perf_counter()
        if a.table:
            rows = nqueens.table(_number(a.n), threads=a.threads)
            seconds = time.perf_counter() - start
            if a.json:
                cells = [{"queens": r.k, "total": r.total, "unique": r.unique} for r in rows]
                _write(_json({"n": rows[0].n, "table": cells, "seconds": seconds}))
            else:
                lines = [f"n: {rows[0].n}", "queens total unique"]
                lines += [f"{r.k} {r.total} {r.unique}" for r in rows]
                _write("\n".join(lines) + f"\nseconds: {seconds:.3f}\n")
            return 0
        k = nqueens.count_k(_number(a.n), _number(a.queens), threads=a.threads)
        seconds = time.perf_counter() - start
        if a.json:
            _write(_json({"n": k.n, "queens": k.k, "total": k.total, "unique": k.unique,
                          "seconds": seconds}))
        else:
            _write(f"n: {k.n}\nqueens: {k.k}\ntotal: {k.total}\nunique: {k.unique}\n"
                   f"seconds: {seconds:.3f}\n")
        return 0
    kernel = _kernel(a.kernel)  # bad input before any work
    memory = _table_memory(a.table_memory)
    r = nqueens.count(_number(a.n), threads=a.threads, method=a.method, kernel=kernel,
                      table_memory=memory)
    c = r.classes
    if a.json:
        _write(_json({"n": r.n, "total": r.total, "unique": r.unique,
                      "classes": {"8": c[8], "4": c[4], "2": c[2], "1": c[1]},
                      "seconds": r.seconds, "threads": r.threads, "jobs": r.jobs,
                      "kernel": kernel, "method": r.method,
                      "class_split_checked": True}))
        return 0
    size1 = f", {c[1]} of 1" if c[1] else ""
    _write(f"n: {r.n}\ntotal: {r.total}\nunique: {r.unique}\n"
           f"classes: {c[8]} of 8, {c[4]} of 4, {c[2]} of 2{size1}\n"
           "checked: the class split agrees with the solutions fixed by the turns "
           f"({'OEIS A032522, A033148' if r.n <= 28 else 'counted'})\n"
           f"seconds: {r.seconds:.3f} ({r.threads} threads, {r.jobs} jobs, {r.method} method)\n")
    return 0


def _kernel(name: Optional[str]) -> str:
    """--kernel NAME as the tier it names (no name: kernel_tier()), with the command's message
    for a bad one."""
    try:
        return nqueens.kernel_tier(name)
    except ValueError as e:
        if name is None:  # NQUEENS_KERNEL names no tier of this CPU
            raise
        text = str(e)
        raise UsageError("--kernel: " + (text[len("kernel: "):] if text.startswith("kernel: ")
                                         else text)) from None


_MAX_TABLE_MEMORY_MIB = 1 << 30


def _table_memory(text: Optional[str]) -> Optional[int]:
    """--table-memory MIB as bytes (None when not given), checked as the command checks it."""
    if text is None:
        return None
    if not re.fullmatch(r"-?[0-9]+", text):
        raise UsageError("--table-memory must be a whole number (decimal digits only), "
                         f"got '{text}'")
    if not 0 <= int(text) <= _MAX_TABLE_MEMORY_MIB:
        raise UsageError(f"--table-memory must be between 0 and {_MAX_TABLE_MEMORY_MIB}, "
                         f"got '{text}'")
    return int(text) << 20


def _json(fields: Dict[str, Any]) -> str:
    """One JSON object on a line, as the command line writes it: no spaces, seconds with six
    decimals."""
    def value(v: Any) -> str:
        return f"{v:.6f}" if isinstance(v, float) else json.dumps(v, separators=(",", ":"))

    return "{" + ",".join(f"{json.dumps(k)}:{value(v)}" for k, v in fields.items()) + "}\n"


# ---- list ------------------------------------------------------------------------------------


def _list(a: argparse.Namespace) -> int:
    limit = _limit(a.limit)
    it = nqueens.solutions(_number(a.n), unique=a.unique)
    fmt = a.format
    out = sys.stdout
    for index, p in enumerate(it, start=1):
        if limit is not None and index > limit:
            break
        if fmt == "json":
            out.write(f'{{"index":{index},' + nqueens.to_string(p, "json")[1:] + "\n")
        else:
            if fmt == "board" and index > 1:
                out.write("\n")
            out.write(nqueens.to_string(p, fmt) + "\n")
    it.close()
    return 0


def _limit(text: Optional[str]) -> Optional[int]:
    if text is None:
        return None
    if not re.fullmatch(r"-?[0-9]+", text):
        raise UsageError(f"--limit must be a whole number (decimal digits only), got '{text}'")
    if not 0 <= int(text) <= 2**63 - 1:
        raise UsageError(f"--limit must be between 0 and {2**63 - 1}, got '{text}'")
    return int(text)


# ---- verify ----------------------------------------------------------------------------------


def _is_board_row(line: str) -> bool:
    cells = line.strip()
    return bool(cells) and all(c in "Qq. \t" for c in cells)


def _placements(text: str) -> Iterable[Tuple[int, str]]:
    """(line number, placement text) for each placement in a text: one per line, or a board
    diagram over N lines (closed as soon as it is square); blank lines and '#' comments
    skipped. As `nqueens verify` reads them."""
    board: List[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if board:
                yield start, "\n".join(board)
                board = []
            continue
        if _is_board_row(line):
            if not board:
                start = number
            board.append(line)
            if len(board) == len(board[0].replace(" ", "").replace("\t", "")):
                yield start, "\n".join(board)
                board = []
            continue
        if board:
            yield start, "\n".join(board)
            board = []
        yield number, line
    if board:
        yield start, "\n".join(board)


def _verify(a: argparse.Namespace) -> int:
    if not a.placements or a.placements == ["-"]:
        sources = [("stdin", sys.stdin.read())]
    else:
        sources = [(f"argument {i}", text) for i, text in enumerate(a.placements, start=1)]
    valid = invalid = malformed = 0
    index = 0
    for source, text in sources:
        for line, placement in _placements(text):
            index += 1
            try:
                v = nqueens.verify(placement)
            except ValueError as e:
                malformed += 1
                sys.stdout.flush()
                print(f"{PROG} verify: {source} line {line}: {e}", file=sys.stderr)
                if not a.quiet:
                    _write(_json({"index": index, "error": str(e)}) if a.json
                           else f"malformed: {e}\n")
                continue
            if v.valid:
                valid += 1
            else:
                invalid += 1
            if a.quiet:
                continue
            if a.json:
                _write(_json({"index": index, "n": v.n, "valid": v.valid,
                              "attacking_pairs": v.attacking_pairs, "reason": v.reason}))
            else:
                _write("valid\n" if v.valid else f"invalid: {v.reason}\n")
    if valid + invalid + malformed == 0:
        raise UsageError("no placement given to verify")
    if malformed:
        return 2
    return 1 if invalid else 0


# ---- find ------------------------------------------------------------------------------------


def _find(a: argparse.Namespace) -> int:
    n = _number(a.n)
    if a.seed is not None:
        seed = _number(a.seed)
    else:
        seed = 1 if a.random else None  # as `nqueens find --random`: seed 1 unless given
    try:
        p = nqueens.find(n, random=a.random, seed=seed)
    except ValueError as e:
        if str(e).startswith("no solution exists"):
            print(f"{PROG}: {e}", file=sys.stderr)
            return 1
        raise
    _write(_text(p, a.format) + "\n")
    return 0


def _text(p: Sequence[int], fmt: str) -> str:
    if fmt == "board" and len(p) > 1000:
        raise UsageError("--format board needs N <= 1000 (N^2 characters)")
    return nqueens.to_string(p, cast(nqueens.Format, fmt))


# ---- complete --------------------------------------------------------------------------------


def _read_board(stream: TextIO) -> Tuple[int, List[Tuple[int, int]], List[Tuple[int, int]]]:
    """A board diagram: 'Q' a fixed queen, 'x' a blocked square, '.' empty; spaces ignored,
    blank lines and '#' comments skipped."""
    fixed: List[Tuple[int, int]] = []
    blocked: List[Tuple[int, int]] = []
    n = row = 0
    for line in stream:
        cells = "".join(line.split())
        if not cells or cells.startswith("#"):
            continue
        if n == 0:
            n = len(cells)
        if len(cells) != n:
            raise UsageError(f"board row {row + 1} has {len(cells)} squares, expected {n}")
        for col, ch in enumerate(cells):
            if ch in "Qq":
                fixed.append((row, col))
            elif ch in "xX":
                blocked.append((row, col))
            elif ch != ".":
                raise UsageError(f"board row {row + 1} has '{ch}', expected Q, x or .")
        row += 1
    if n == 0:
        raise UsageError("the board is empty")
    if row != n:
        raise UsageError(f"the board has {row} rows of {n} squares; it must be square")
    return n, fixed, blocked


def _complete(a: argparse.Namespace) -> int:
    if a.count and a.all:
        raise UsageError("--count and --all exclude each other")
    if a.limit is not None and not a.all:
        raise UsageError("--limit needs --all (without it complete prints one completion)")
    limit = _limit(a.limit)
    fixed: List[Tuple[int, int]] = []
    blocked: List[Tuple[int, int]] = []
    n: Any
    if a.board is not None:
        if a.board == "-":
            n, fixed, blocked = _read_board(sys.stdin)
        else:
            try:
                with open(a.board) as f:
                    n, fixed, blocked = _read_board(f)
            except OSError as e:
                raise UsageError(f"cannot read board file '{a.board}': {e.strerror}") from None
        if a.n is not None and _number(a.n) != n:
            raise UsageError(f"N = {a.n} but the board is {n}x{n}")
    elif a.n is None:
        raise UsageError("give N, or a board with --board FILE ('-' = stdin)")
    else:
        n = _number(a.n)
    # The board's squares in the command line's 1-based form, before those of --fixed and
    # --blocked, which the package reads ("a1,c5" or "1:1,5:3").
    fixed_text = ",".join([f"{r + 1}:{c + 1}" for r, c in fixed] + ([a.fixed] if a.fixed else []))
    blocked_text = ",".join([f"{r + 1}:{c + 1}" for r, c in blocked] +
                            ([a.blocked] if a.blocked else []))
    if a.count:
        _write(f"{nqueens.complete(n, fixed_text, blocked_text, count=True)}\n")
        return 0
    if a.all:
        # Written as the search finds them, as the command line does: a board can have far too
        # many completions to hold (N = 16 with no queen fixed: 14,772,512).
        shown = 0

        def show(batch: List[Tuple[int, ...]]) -> None:
            nonlocal shown
            for p in batch:
                if a.format == "board" and shown > 0:
                    _write("\n")
                _write(_text(p, a.format) + "\n")
                shown += 1

        try:
            found = nqueens._core.complete_each(n, fixed_text, blocked_text, limit, show)
        except RuntimeError as e:  # the search's work budget, before a first completion
            print(f"{PROG}: {e}", file=sys.stderr)
            return 1
        if found or limit == 0:
            return 0
    else:
        try:
            one = nqueens.complete(n, fixed_text, blocked_text)
        except RuntimeError as e:  # the search's node budget
            print(f"{PROG}: {e}", file=sys.stderr)
            return 1
        if one is not None:
            _write(_text(one, a.format) + "\n")
            return 0
    queens = len([x for x in fixed_text.split(",") if x.strip()])
    where = " and the blocked squares" if blocked_text.strip(", ") else ""
    print(f"{PROG}: no completion exists: the {queens} fixed queens{where} cannot be extended "
          f"to a solution of the {n}x{n} board", file=sys.stderr)
    return 1


# ---- main ------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m nqueens", description=__doc__.splitlines()[0])
    p.add_argument("--version", action="version",
                   version=f"nqueens {nqueens.__version__} (Python package)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    formats = ["perm", "board", "json", "algebraic"]

    c = sub.add_parser("count", help="count all solutions and the fundamental ones")
    c.add_argument("n", metavar="N")
    c.add_argument("-j", "--threads", type=_number, default=0, help="worker threads (0: all cores)")
    c.add_argument("--method", choices=["auto", "backtrack", "join"], default="auto")
    c.add_argument("--kernel", metavar="TIER",
                   help="counting kernel tier: auto (the fastest), avx512, avx2, neon or scalar")
    c.add_argument("--table-memory", metavar="MIB",
                   help="MiB the join's tables may take (default 4096); with less the join "
                        "searches each half instead and --method auto may take the backtracker")
    c.add_argument("--json", action="store_true", help="one JSON object instead of text")
    c.add_argument("--queens", metavar="K", help="count placements of K queens (N <= 20)")
    c.add_argument("--table", action="store_true", help="k queens: every K = 0..N")
    c.set_defaults(run=_count)

    li = sub.add_parser("list", help="print solutions in lexicographic order")
    li.add_argument("n", metavar="N")
    li.add_argument("--unique", action="store_true", help="canonical representatives only")
    li.add_argument("--format", choices=formats, default="perm")
    li.add_argument("--limit", metavar="K", help="stop after K solutions")
    li.set_defaults(run=_list)

    v = sub.add_parser("verify", help="check placements (arguments, or stdin)")
    v.add_argument("placements", nargs="*", metavar="PLACEMENT")
    v.add_argument("--json", action="store_true", help="one JSON object per placement")
    v.add_argument("-q", "--quiet", action="store_true", help="only the exit code")
    v.set_defaults(run=_verify)

    f = sub.add_parser("find", help="one solution for any N in linear time")
    f.add_argument("n", metavar="N")
    f.add_argument("--random", action="store_true", help="min-conflicts local search")
    f.add_argument("--seed", help="seed for --random (default 1; implies --random)")
    f.add_argument("--format", choices=formats, default="perm")
    f.set_defaults(run=_find)

    co = sub.add_parser("complete", help="complete a board that already has queens")
    co.add_argument("n", metavar="N", nargs="?")
    co.add_argument("--fixed", help="queens placed: 'a1,c5' or 1-based '1:1,5:3'")
    co.add_argument("--blocked", help="squares that stay empty, same syntax")
    co.add_argument("--board", metavar="FILE", help="Q fixed, x blocked, . empty; '-' = stdin")
    co.add_argument("--count", action="store_true", help="the number of completions")
    co.add_argument("--all", action="store_true", help="every completion (see --limit)")
    co.add_argument("--limit", metavar="K", help="with --all: stop after K")
    co.add_argument("--format", choices=formats, default="perm")
    co.set_defaults(run=_complete)

    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        # As a C program: a closed pipe (`| head`) ends the process quietly.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    except (AttributeError, ValueError):  # no SIGPIPE (Windows), or not the main thread
        pass
    try:
        args = _parser().parse_args(argv)
        run: Callable[[argparse.Namespace], int] = args.run
        code = run(args)
        sys.stdout.flush()
        return code
    except (UsageError, ValueError, TypeError) as e:
        sys.stdout.flush()
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
