#!/usr/bin/env python3
"""Raw benchmark results as data: bench/results/<machine>/<date>-<what>.tsv.

One file per measurement run, written by the bench scripts (the format:
bench/results/README.md). A file is a few `# key: value` comment lines (what ran, on what,
with which command) and a tab-separated table with the columns of COLUMNS, one row per
measured figure. Python 3 standard library only.

Used two ways:
    bench/results.py machine [DIR]              this machine's directory name under DIR (lscpu)
    bench/results.py new WHAT [--machine M] [--results DIR] [--note TEXT]... -- COMMAND...
        creates DIR/M/<today>-WHAT.tsv (or -2, -3, ... when taken), writes its header and
        prints its path; the caller appends rows (tab-separated, in COLUMNS order)
and as a module by bench/render_standings.py (read_results).
"""
import datetime
import os
import platform
import re
import shlex
import subprocess
import sys

COLUMNS = ["what", "case", "ours", "ours_value", "peer", "peer_value", "unit", "ratio",
           "runs", "stat", "note"]
# Units whose smaller value is the faster; the others (rates) are the opposite.
TIME_UNITS = {"cpu-s", "thread-s", "wall-s", "cpu-ms", "wall-ms", "us/puzzle", "core-h"}
RESULTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
NAME = re.compile(r"^[a-z0-9][a-z0-9.-]*$")


def lscpu():
    """lscpu's fields as a dict ({} where lscpu is missing)."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    fields = {}
    for line in out.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields.setdefault(key.strip(), value.strip())
    return fields


def cpu_flags():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith(("flags", "Features")):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def machine_name(info=None, flags=None):
    """A short directory name for this CPU: zen3-epyc, zen4-epyc, xeon-avx512, arm64-neon...

    AMD: the Zen generation from family and model, then the product line (epyc, ryzen).
    Others: the product line and the widest vector instruction set the CPU has."""
    info = lscpu() if info is None else info
    flags = cpu_flags() if flags is None else flags
    model_name = info.get("Model name", "").lower()
    arch = info.get("Architecture", platform.machine())
    try:
        family, model = int(info.get("CPU family", "0")), int(info.get("Model", "0"))
    except ValueError:
        family, model = 0, 0
    if "amd" in model_name or info.get("Vendor ID") == "AuthenticAMD":
        zen = {23: "zen2" if model >= 0x30 else "zen1", 26: "zen5"}.get(family)
        if family == 25:
            zen = "zen4" if 0x10 <= model <= 0x1F or 0x60 <= model <= 0xAF else "zen3"
        line = next((w for w in ("epyc", "ryzen", "threadripper") if w in model_name), "amd")
        return f"{zen or 'amd'}-{line}"
    if arch in ("aarch64", "arm64"):
        return "arm64-sve" if "sve" in flags else "arm64-neon"
    line = next((w for w in ("xeon", "core", "atom") if w in model_name), "x86")
    isa = next((name for flag, name in (("avx512f", "avx512"), ("avx2", "avx2"),
                                        ("sse4_2", "sse4")) if flag in flags), "x86-64")
    return f"{line}-{isa}"


def available_tiers(nqueens):
    """The counting tiers an `nqueens` binary can run here, fastest first (its --version)."""
    out = subprocess.run([nqueens, "--version"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"\(available: ([^;)]*)", out)
    return [t.strip() for t in m.group(1).split(",")] if m else []


def machine_label(info=None):
    """The first line of a machine's MACHINE file: CPU model and how many CPUs."""
    info = lscpu() if info is None else info
    name = info.get("Model name", platform.processor() or "unknown CPU")
    extra = []
    if info.get("CPU family") and info.get("Model"):
        extra.append(f"family {info['CPU family']} model {info['Model']}")
    extra.append(f"{os.cpu_count()} CPUs")
    return f"{name} ({', '.join(extra)})"


def free_machine_name(results):
    """machine_name(), with the model and then the CPU count appended while a directory of
    that name holds another CPU's results (its MACHINE file names a different CPU)."""
    info = lscpu()
    label = machine_label(info)
    base = machine_name(info)
    for name in (base, f"{base}-m{info.get('Model', '0')}",
                 f"{base}-m{info.get('Model', '0')}-{os.cpu_count()}cpu"):
        try:
            with open(os.path.join(results, name, "MACHINE"), encoding="utf-8") as f:
                if f.readline().strip() == label:
                    return name
        except FileNotFoundError:
            return name
    return f"{base}-m{info.get('Model', '0')}-{os.cpu_count()}cpu"


def new_file(what, machine=None, results=RESULTS_DIR, command=(), notes=()):
    """Creates results/machine/<today>-what.tsv with its header; returns its path."""
    if not NAME.match(what):
        raise ValueError(f"a result name is lower-case letters, digits, '-' and '.': {what!r}")
    if machine is None:
        machine = free_machine_name(results)
    if not NAME.match(machine):
        raise ValueError(f"a machine name is lower-case letters, digits, '-' and '.': {machine!r}")
    folder = os.path.join(results, machine)
    os.makedirs(folder, exist_ok=True)
    label = os.path.join(folder, "MACHINE")
    if not os.path.exists(label):
        with open(label, "w", encoding="utf-8") as f:
            f.write(machine_label() + "\n")
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    for i in range(1, 1000):
        path = os.path.join(folder, f"{today}-{what}{'' if i == 1 else f'-{i}'}.tsv")
        try:
            f = open(path, "x", encoding="utf-8")
        except FileExistsError:
            continue
        with f:
            f.write(f"# what: {what}\n# machine: {machine}: {machine_label()}\n")
            if command:
                f.write(f"# command: {shlex.join(command)}\n")
            for note in notes:
                f.write(f"# {note}\n")
            f.write("\t".join(COLUMNS) + "\n")
        return path
    raise RuntimeError(f"no free result file name for {what} in {folder}")


def ratio(ours, peer, unit):
    """Our speed over the peer's: above 1 when ours is the faster."""
    if not ours or not peer:
        return None
    return peer / ours if unit in TIME_UNITS else ours / peer


class Row(dict):
    """One measured figure: the COLUMNS as strings, with the file it came from."""

    def number(self, key):
        try:
            return float(self[key])
        except (KeyError, ValueError):
            return None

    @property
    def tier(self):
        return self["ours"].split("/")[0]

    @property
    def method(self):
        return self["ours"].partition("/")[2]


def read_file(path):
    """The rows of one result file; ValueError names the file and line of a bad one."""
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                if cells != COLUMNS:
                    raise ValueError(f"{path}:{number}: the header is not {' '.join(COLUMNS)}")
                header = cells
                continue
            if len(cells) != len(COLUMNS):
                raise ValueError(f"{path}:{number}: {len(cells)} cells, expected {len(COLUMNS)}")
            row = Row(zip(COLUMNS, cells))
            for key in ("ours_value", "peer_value", "ratio"):
                if row[key] and row.number(key) is None:
                    raise ValueError(f"{path}:{number}: {key} is not a number: {row[key]!r}")
            rows.append(row)
    if header is None:
        raise ValueError(f"{path}: no header line")
    return rows


def read_results(results=RESULTS_DIR):
    """Every result file: {machine: [(file name, rows), ...] oldest first}, and labels."""
    runs, labels = {}, {}
    for machine in sorted(os.listdir(results)):
        folder = os.path.join(results, machine)
        if not os.path.isdir(folder):
            continue
        label = os.path.join(folder, "MACHINE")
        if os.path.exists(label):
            with open(label, encoding="utf-8") as f:
                labels[machine] = f.readline().strip()
        files = sorted((n for n in os.listdir(folder) if n.endswith(".tsv")), key=file_order)
        runs[machine] = [(n, read_file(os.path.join(folder, n))) for n in files]
    return runs, labels


def file_order(name):
    """Sort key: date, then the run's number that day (-2, -3, ...)."""
    m = re.match(r"^(\d{4}-\d{2}-\d{2})-(.*?)(?:-(\d+))?\.tsv$", name)
    if not m:
        return (name, "", 0)
    return (m.group(1), m.group(2), int(m.group(3) or 1))


def main(argv):
    if len(argv) >= 1 and argv[0] == "machine":
        print(free_machine_name(argv[1] if len(argv) > 1 else RESULTS_DIR))
        return 0
    if len(argv) >= 2 and argv[0] == "new":
        what, rest = argv[1], argv[2:]
        machine, results, notes, command = None, RESULTS_DIR, [], []
        while rest:
            arg = rest.pop(0)
            if arg == "--":
                command = rest
                break
            if arg in ("--machine", "--results", "--note") and rest:
                value = rest.pop(0)
                if arg == "--machine":
                    machine = value
                elif arg == "--results":
                    results = value
                else:
                    notes.append(value)
            else:
                print(f"results.py: unknown argument {arg!r}", file=sys.stderr)
                return 2
        try:
            print(new_file(what, machine, results, command, notes))
        except (OSError, ValueError, RuntimeError) as e:
            print(f"results.py: {e}", file=sys.stderr)
            return 2
        return 0
    print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
