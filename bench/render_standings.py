#!/usr/bin/env python3
"""The standings against the peers, rendered from bench/results/ (Python 3 standard library).

    bench/render_standings.py                 print the standings (Markdown) on stdout
    bench/render_standings.py --write         put them into docs/BENCHMARKS.md and README.md
                                              (between the standings markers) and draw
                                              docs/images/standings.svg
    bench/render_standings.py --check         exit 1 when any of those differs from what the
                                              result files give (a ctest runs this)
    --results DIR    the result files (default bench/results)

A standing is our speed over the peer's (the peer's time over ours; above 1: ours is faster),
for each machine and instruction-set tier, from the newest result file that measured that
case against that peer. Where a file has several of our variants (backtrack, join) the faster
is taken, as `count --method auto` means to; where it has several builds of the peer (tdoku by
clang and by g++), the fastest peer build is taken; several readings of one pair give their
median. A ratio from sampled shards (a whole run extrapolated) is marked "~".

The plot (SVG written by hand) shows CPU seconds of one thread against N for `nqueens count`
and Kluev's counter on the machines of PLOT, and the GPU's wall seconds.
"""
import argparse
import html
import math
import os
import statistics
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py, beside this script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = [os.path.join(ROOT, "docs", "BENCHMARKS.md"), os.path.join(ROOT, "README.md")]
SVG = os.path.join(ROOT, "docs", "images", "standings.svg")
BEGIN, END = "<!-- standings: begin (bench/render_standings.py --write) -->", "<!-- standings: end -->"

# (what, peer, title, case label, case order)
TABLES = [
    ("count", "kluev", "Counting (`nqueens count N -j 1`) against Kluev's counter, one thread, "
     "CPU time of the whole process", "N = {}", None),
    ("sudoku-count", "tdoku", "Sudoku (`sudoku count -j 1`, each puzzle counted up to two "
     "solutions) against tdoku, one thread, CPU time of the whole process", "{}",
     ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles7_serg_benchmark",
      "puzzles5_forum_hardest_1905_11+"]),
    ("gpu-count", "ygch", "GPU (`nqueens count N --gpu`) against ygch/n_queens, wall time",
     "N = {}", None),
]
SHORT_SETS = {"puzzles2_17_clue": "17-clue", "puzzles3_magictour_top1465": "magictour top1465",
              "puzzles7_serg_benchmark": "serg (2+ solutions)",
              "puzzles5_forum_hardest_1905_11+": "forum's hardest"}
TIER_ORDER = ["gpu", "avx512", "avx2", "sse4", "neon", "scalar"]
# The plot: (machine, tier, what) of our series; each count series has Kluev's beside it.
PLOT = [("xeon-avx512", "avx512", "count"), ("zen4-epyc", "avx512", "count"),
        ("zen3-epyc", "avx2", "count"), ("h100", "gpu", "gpu-count")]
COLOURS = {"xeon-avx512": "#1f77b4", "zen4-epyc": "#d62728", "zen3-epyc": "#2ca02c",
           "h100": "#9467bd"}


def peer_name(row):
    return row["peer"].split("/")[0]


def eligible(row, what, peer):
    return (row["what"] == what and peer_name(row) == peer and row["ours"]
            and row.number("ratio") is not None)


def standing(rows):
    """The standing of one case from one file's rows: best of ours against each peer build,
    then the fastest peer build; returns (ratio, our variant, peer build, sampled)."""
    by_peer = {}
    for row in rows:
        by_peer.setdefault(row["peer"], {}).setdefault(row["ours"], []).append(row)
    best = None
    for peer, variants in sorted(by_peer.items()):
        ours = max(variants.items(),
                   key=lambda kv: statistics.median(r.number("ratio") for r in kv[1]))
        ratio = statistics.median(r.number("ratio") for r in ours[1])
        sampled = any(r["stat"] in ("sampled", "extrapolated") for r in ours[1])
        if best is None or ratio < best[0]:
            best = (ratio, ours[0], peer, sampled)
    return best


def standings(runs, what, peer):
    """{(machine, tier): {case: (ratio, ours, peer build, sampled)}} from the newest file
    that measured each case against the peer."""
    table = {}
    for machine, files in runs.items():
        for _, rows in files:  # oldest first: a newer file overwrites
            found = {}
            for row in rows:
                if eligible(row, what, peer):
                    found.setdefault((row.tier, row["case"]), []).append(row)
            for (tier, case), case_rows in found.items():
                table.setdefault((machine, tier), {})[case] = standing(case_rows)
    return table


def case_key(case):
    try:
        return (0, int(case), "")
    except ValueError:
        return (1, 0, case)


def fmt_ratio(cell):
    ratio, ours, _, sampled = cell
    text = f"{'~' if sampled else ''}{ratio:.2f}x"
    method = ours.partition("/")[2]
    return f"{text} (join)" if method == "join" else text


def render_markdown(runs, labels):
    out = []
    used = set()
    for what, peer, title, case_label, order in TABLES:
        table = standings(runs, what, peer)
        out.append(f"**{title}.** Our speed over the peer's (above 1: ours is faster).")
        out.append("")
        if not table:
            out.append("No side-by-side measurement yet.")
            out.append("")
            continue
        cases = order or sorted({c for cells in table.values() for c in cells}, key=case_key)
        cases = [c for c in cases if any(c in cells for cells in table.values())]
        out.append("| machine | tier | peer build | "
                   + " | ".join(case_label.format(SHORT_SETS.get(c, c)) for c in cases) + " |")
        out.append("|---|---|---|" + "---:|" * len(cases))
        keys = sorted(table, key=lambda k: (k[0], TIER_ORDER.index(k[1])
                                            if k[1] in TIER_ORDER else len(TIER_ORDER), k[1]))
        for machine, tier in keys:
            cells = table[(machine, tier)]
            used.add(machine)
            builds = sorted({c[2].partition("/")[2] for c in cells.values()})
            row = [f"`{machine}`", tier, ", ".join(builds)]
            row += [fmt_ratio(cells[c]) if c in cells else "-" for c in cases]
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    out.append("Machines (bench/results/<machine>/MACHINE): "
               + "; ".join(f"`{m}` {labels.get(m, m)}" for m in sorted(used)) + ".")
    return "\n".join(out) + "\n"


def series(runs, machine, tier, what):
    """Our seconds and the peer's by N (newest file per N), for the plot."""
    ours, peer = {}, {}
    for _, rows in runs.get(machine, []):
        found = {}
        for row in rows:
            if row["what"] != what or row.tier != tier or row["unit"] not in ("cpu-s", "wall-s"):
                continue
            try:
                n = int(row["case"])
            except ValueError:
                continue
            if row.number("ours_value") is not None:
                found.setdefault(n, []).append(row)
        for n, case_rows in found.items():
            best = min(case_rows, key=lambda r: r.number("ours_value"))
            ours[n] = (best.number("ours_value"), best["stat"] == "sampled")
            kluev = [r.number("peer_value") for r in case_rows
                     if peer_name(r) == "kluev" and r.number("peer_value") is not None]
            if kluev:
                peer[n] = (statistics.median(kluev), best["stat"] == "sampled")
    return ours, peer


def render_svg(runs, labels):
    width, height = 760, 470
    left, right, top, bottom = 70, 250, 40, 50
    lines = []
    for machine, tier, what in PLOT:
        ours, peer = series(runs, machine, tier, what)
        colour = COLOURS.get(machine, "#444")
        name = "nqueens --gpu" if what == "gpu-count" else "nqueens"
        if ours:
            lines.append((f"{name}, {machine} ({tier})", colour, False, ours))
        if peer:
            lines.append((f"Kluev, {machine}", colour, True, peer))
    points = [(n, v) for _, _, _, pts in lines for n, (v, _) in pts.items()]
    if not points:
        raise ValueError("no figures to plot")
    n_lo, n_hi = min(n for n, _ in points), max(n for n, _ in points)
    y_lo = 10 ** math.floor(math.log10(min(v for _, v in points)))
    y_hi = 10 ** math.ceil(math.log10(max(v for _, v in points)))
    pw, ph = width - left - right, height - top - bottom

    def x(n):
        return left + (n - n_lo) / max(1, n_hi - n_lo) * pw

    def y(v):
        return top + (math.log10(y_hi) - math.log10(v)) / (math.log10(y_hi) - math.log10(y_lo)) * ph

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="14">Counting N-Queens: seconds against N '
           '(log scale; CPU: one thread, CPU time; GPU: wall time)</text>']
    decade = y_lo
    while decade <= y_hi:
        yy = y(decade)
        label = f"{decade:,.0f} s" if decade >= 1 else f"{decade:g} s"
        svg.append(f'<line x1="{left}" y1="{yy:.1f}" x2="{left + pw}" y2="{yy:.1f}" '
                   'stroke="#ddd"/>')
        svg.append(f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">{label}</text>')
        decade *= 10
    for n in range(n_lo, n_hi + 1):
        xx = x(n)
        svg.append(f'<line x1="{xx:.1f}" y1="{top}" x2="{xx:.1f}" y2="{top + ph}" stroke="#eee"/>')
        svg.append(f'<text x="{xx:.1f}" y="{top + ph + 18}" text-anchor="middle">{n}</text>')
    svg.append(f'<text x="{left + pw / 2:.1f}" y="{height - 10}" text-anchor="middle">N</text>')
    svg.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" '
               'stroke="#888"/>')
    for i, (label, colour, dashed, pts) in enumerate(lines):
        ns = sorted(pts)
        path = " ".join(f"{'M' if j == 0 else 'L'}{x(n):.1f},{y(pts[n][0]):.1f}"
                        for j, n in enumerate(ns))
        dash = ' stroke-dasharray="6,4"' if dashed else ""
        svg.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        for n in ns:
            v, sampled = pts[n]
            fill = "white" if sampled else colour
            if dashed:
                svg.append(f'<rect x="{x(n) - 3.5:.1f}" y="{y(v) - 3.5:.1f}" width="7" height="7" '
                           f'fill="{fill}" stroke="{colour}"/>')
            else:
                svg.append(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="3.5" fill="{fill}" '
                           f'stroke="{colour}"/>')
        ly = top + 10 + i * 20
        lx = left + pw + 16
        svg.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 28}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        svg.append(f'<text x="{lx + 34}" y="{ly + 4}">{html.escape(label)}</text>')
    ly = top + 10 + len(lines) * 20 + 6
    svg.append(f'<circle cx="{left + pw + 30}" cy="{ly}" r="3.5" fill="white" stroke="#444"/>')
    svg.append(f'<text x="{left + pw + 50}" y="{ly + 4}">sampled shards, extrapolated</text>')
    svg.append("</svg>")
    return "\n".join(svg) + "\n"


def splice(text, block, path):
    """text with the part between the markers replaced by block."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{path}: no '{BEGIN}' ... '{END}' markers")
    return text[:start + len(BEGIN)] + "\n" + block + text[end:]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.strip().split("\n\n")[0])
    parser.add_argument("--results", default=results.RESULTS_DIR)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")

    def one_line_error(message):  # argparse's usage line and error would be two lines
        print(f"render_standings: {message} (see --help)", file=sys.stderr)
        sys.exit(2)

    parser.error = one_line_error
    args = parser.parse_args(argv)
    try:
        runs, labels = results.read_results(args.results)
        table = render_markdown(runs, labels)
        svg = render_svg(runs, labels)
    except (OSError, ValueError) as e:
        print(f"render_standings: {e}", file=sys.stderr)
        return 2
    if not (args.write or args.check):
        sys.stdout.write(table)
        return 0
    stale = []
    for path, want in [(p, None) for p in DOCS] + [(SVG, svg)]:
        try:
            with open(path, encoding="utf-8") as f:
                have = f.read()
        except FileNotFoundError:
            have = ""
        try:
            want = want if want is not None else splice(have, table, path)
        except ValueError as e:
            print(f"render_standings: {e}", file=sys.stderr)
            return 2
        if have != want:
            stale.append(os.path.relpath(path, ROOT))
            if args.write:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(want)
    if args.check and stale:
        print(f"render_standings: {', '.join(stale)} out of date with bench/results/: "
              "run bench/render_standings.py --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
