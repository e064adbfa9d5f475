"""The build backend of the nqueens Python package (PEP 517, and PEP 660 for `pip install -e`).

pip calls it for `pip install .`, `pip wheel .`, `pip install -e .` and for the sdist: the wheel
holds the package that the project's own CMake build assembles (target `nqueens_python`:
python/nqueens and the compiled nqueens._core), configured for that alone (no tools, tests or
benchmarks) and for any CPU of the architecture (the kernels pick their tier at run time).

It needs nothing beyond the standard library, so that the offline route works from a plain
virtual environment of any Python 3.9+: Debian 12 packages no scikit-build-core, and the
setuptools a `--no-build-isolation` build would import is missing from venvs of Python 3.12 on.
CMake (>= 3.25), Ninja and pybind11 come from the system where it has them (Debian: cmake,
ninja-build, pybind11-dev); where not, the hooks ask pip for the PyPI packages. A C++20
compiler and fmt (libfmt-dev) must be installed.

Settings (pip --config-settings KEY=VALUE, or the environment):
  build-dir   where CMake builds (default: a temporary directory; for an editable install
              build/python-editable/<wheel tag> in the source tree, which git ignores)
  CMAKE_ARGS  extra CMake arguments, e.g. "-DCMAKE_CXX_COMPILER=g++" (environment)
  CXX         the compiler (default: clang++ where found, as the release presets, else CMake's)
  CMAKE_BUILD_PARALLEL_LEVEL  build jobs (default: every core)
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from typing import Any, Dict, Iterable, List, Optional, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:
    tomllib = None

MIN_CMAKE = (3, 25)
# What an sdist carries: what the module's build reads, the metadata's readme and licence.
# From a git checkout only files that git does not ignore go in (no build trees or caches).
SDIST_PATHS = [
    "pyproject.toml",
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    "docs/PYTHON.md",
    "CMakeLists.txt",
    "cmake",
    "src",  # whole: its layout changes, and the tools' sources add only 0.4 MB
    "python",
]
# Never in an sdist or a wheel, wherever they turn up (an sdist unpacked and built in place).
SKIPPED_NAMES = {"__pycache__", ".git", "build", "node_modules", ".pytest_cache", ".mypy_cache"}
SKIPPED_SUFFIXES = (".pyc", ".pyo", ".so", ".o", ".a")


# ---- the hooks pip calls ----------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return _missing_build_tools()


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return _missing_build_tools()


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None
) -> str:
    return _write_dist_info(pathlib.Path(metadata_directory), _wheel_tag())


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None
) -> str:
    return prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    root = pathlib.Path.cwd()
    meta = _metadata()
    base = f"{meta['name']}-{meta['version']}"
    out = pathlib.Path(sdist_directory) / f"{base}.tar.gz"
    pkg_info = _metadata_text(meta).encode()
    with tarfile.open(out, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for rel in _sdist_files(root):
            tar.add(str(root / rel), arcname=f"{base}/{rel}", recursive=False, filter=_tar_entry)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(pkg_info)
        info.mtime = int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or int(
            (root / "pyproject.toml").stat().st_mtime)
        info.mode = 0o644
        tar.addfile(_tar_entry(info), io.BytesIO(pkg_info))
    return out.name


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    tag = _wheel_tag()
    build_dir = _setting(config_settings, "build-dir")
    with tempfile.TemporaryDirectory(prefix="nqueens-build-") as scratch:
        package = _cmake_build(pathlib.Path(build_dir or scratch))
        files = {f"nqueens/{rel}": path for rel, path in _package_files(package)}
        return _write_wheel(pathlib.Path(wheel_directory), tag, files)


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    # The Python files stay where they are (edits take effect at the next import); the
    # compiled nqueens._core comes from a build directory that outlives the install. A finder
    # gives the package both directories as its __path__, sources first.
    tag = _wheel_tag()
    root = pathlib.Path.cwd()
    build_dir = pathlib.Path(
        _setting(config_settings, "build-dir") or root / "build" / "python-editable" / tag)
    package = _cmake_build(build_dir.resolve())
    finder = _EDITABLE_FINDER.format(
        source=str(root / "python" / "nqueens"), build=str(package)).encode()
    files: Dict[str, Any] = {
        "_nqueens_editable.py": finder,
        "_nqueens_editable.pth": b"import _nqueens_editable\n",
    }
    return _write_wheel(pathlib.Path(wheel_directory), tag, files)


_EDITABLE_FINDER = '''"""nqueens installed in editable mode (pip install -e): the package's Python files from the
source tree, its compiled part from the CMake build directory."""
import importlib.abc
import importlib.util
import sys

SOURCE = {source!r}
BUILD = {build!r}


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != "nqueens":
            return None
        return importlib.util.spec_from_file_location(
            "nqueens", SOURCE + "/__init__.py", submodule_search_locations=[SOURCE, BUILD])


sys.meta_path.append(_Finder())
'''


# ---- the build ------------------------------------------------------------------------------


def _setting(config_settings: Optional[Dict[str, Any]], key: str) -> Optional[str]:
    value = (config_settings or {}).get(key)
    return str(value) if value else None


def _cmake_version(cmake: str) -> Tuple[int, ...]:
    try:
        out = subprocess.run([cmake, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return ()
    m = re.search(r"version (\d+)\.(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if m else ()


def _has_pybind11() -> bool:
    try:
        import pybind11  # noqa: F401

        return True
    except ImportError:
        pass
    prefixes = [sys.prefix, "/usr/local", "/usr"] + os.environ.get("CMAKE_PREFIX_PATH", "").split(
        os.pathsep)
    return any(
        (pathlib.Path(p) / sub / "pybind11" / "pybind11Config.cmake").exists()
        for p in prefixes
        if p
        for sub in ("lib/cmake", "share/cmake", "lib64/cmake")
    )


def _missing_build_tools() -> List[str]:
    """The PyPI packages of what the system lacks: an isolated build online gets them, one
    offline on a system with them needs none."""
    missing = []
    cmake = shutil.which("cmake")
    if cmake is None or _cmake_version(cmake) < MIN_CMAKE:
        missing.append("cmake>=%d.%d" % MIN_CMAKE)
    if shutil.which("ninja") is None and shutil.which("make") is None:
        missing.append("ninja")
    if not _has_pybind11():
        missing.append("pybind11>=2.10")
    return missing


def _cmake_build(build_dir: pathlib.Path) -> pathlib.Path:
    """Configures and builds the module in build_dir; returns the package directory there."""
    root = pathlib.Path.cwd()
    cmake = shutil.which("cmake") or "cmake"
    args = [
        cmake, "-S", str(root), "-B", str(build_dir),
        "-DCMAKE_BUILD_TYPE=Release",
        f"-DPython3_EXECUTABLE={sys.executable}",
        "-DNQUEENS_PYTHON=ON",
        "-DNQUEENS_BUILD_TOOLS=OFF", "-DNQUEENS_BUILD_TESTS=OFF", "-DNQUEENS_BUILD_BENCH=OFF",
        "-DNQUEENS_INSTALL=OFF", "-DNQUEENS_MPI=OFF", "-DNQUEENS_CUDA=OFF", "-DNQUEENS_WEB=OFF",
        "-DNQUEENS_NATIVE=OFF",
    ]
    if not (build_dir / "CMakeCache.txt").exists():
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        if "CXX" not in os.environ and shutil.which("clang++"):
            # As the release presets: its code is 5-13% faster for the counting kernels.
            args.append("-DCMAKE_CXX_COMPILER=clang++")
    try:
        import pybind11

        args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
    except ImportError:
        pass
    args += shlex.split(os.environ.get("CMAKE_ARGS", ""))
    _run(args)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    _run([cmake, "--build", str(build_dir), "--target", "nqueens_python", "--parallel", jobs])
    package = build_dir / "python" / "nqueens"
    if not any(package.glob("_core*")):
        raise RuntimeError(f"the build left no nqueens._core in {package}")
    return package


def _run(args: List[str]) -> None:
    print("+ " + " ".join(shlex.quote(a) for a in args), file=sys.stderr, flush=True)
    subprocess.run(args, check=True)


def _package_files(package: pathlib.Path) -> Iterable[Tuple[str, pathlib.Path]]:
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package)
        if path.is_file() and not _skipped(rel, allow_so=True):
            yield rel.as_posix(), path


def _skipped(rel: pathlib.PurePath, allow_so: bool = False) -> bool:
    if any(part in SKIPPED_NAMES for part in rel.parts[:-1]) or rel.name in SKIPPED_NAMES:
        return True
    if allow_so and rel.suffix == ".so":
        return False
    return rel.name.endswith(SKIPPED_SUFFIXES)


# ---- the sdist ------------------------------------------------------------------------------


def _sdist_files(root: pathlib.Path) -> List[str]:
    tracked = _git_files(root)
    out = []
    for top in SDIST_PATHS:
        path = root / top
        if not path.exists():
            raise FileNotFoundError(f"{top} is missing from {root}; an sdist needs it")
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for p in candidates:
            rel = p.relative_to(root)
            if _skipped(rel) or (tracked is not None and rel.as_posix() not in tracked):
                continue
            out.append(rel.as_posix())
    return out


def _git_files(root: pathlib.Path) -> Optional[set]:
    if not (root / ".git").exists() or shutil.which("git") is None:
        return None
    try:
        # Tracked files, and new ones that git does not ignore.
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=root, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return {f for f in out.stdout.decode().split("\0") if f}


def _tar_entry(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mode = 0o755 if info.mode & 0o100 else 0o644
    return info


# ---- metadata -------------------------------------------------------------------------------


def _pyproject() -> Dict[str, Any]:
    text = (pathlib.Path.cwd() / "pyproject.toml").read_text(encoding="utf-8")
    return tomllib.loads(text) if tomllib is not None else read_toml(text)


def _metadata() -> Dict[str, Any]:
    project = dict(_pyproject()["project"])
    cmake = (pathlib.Path.cwd() / "CMakeLists.txt").read_text(encoding="utf-8")
    m = re.search(r"project\(nqueens VERSION ([0-9.]+)", cmake)
    if m is None:
        raise RuntimeError("no `project(nqueens VERSION x.y.z` in CMakeLists.txt")
    project["version"] = m.group(1)  # one version for the library, the tools and the package
    return project


def _metadata_text(meta: Dict[str, Any]) -> str:
    """The core metadata (METADATA in a wheel, PKG-INFO in an sdist), version 2.1."""
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {meta['version']}",
        f"Summary: {meta['description']}",
    ]
    for author in meta.get("authors", []):
        lines.append(f"Author: {author['name']}")
    licence = meta.get("license", {})
    if "text" in licence:
        lines.append(f"License: {licence['text']}")
    if meta.get("keywords"):
        lines.append("Keywords: " + ",".join(meta["keywords"]))
    for label, url in meta.get("urls", {}).items():
        lines.append(f"Project-URL: {label}, {url}")
    lines += [f"Classifier: {c}" for c in meta.get("classifiers", [])]
    lines.append(f"Requires-Python: {meta['requires-python']}")
    for dep in meta.get("dependencies", []):
        lines.append(f"Requires-Dist: {dep}")
    for extra, deps in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {dep}; extra == "{extra}"' for dep in deps]
    readme = meta.get("readme")
    body = ""
    if readme:
        readme_path = readme if isinstance(readme, str) else readme["file"]
        body = (pathlib.Path.cwd() / readme_path).read_text(encoding="utf-8")
        kind = "text/markdown" if readme_path.endswith(".md") else "text/plain"
        lines.append(f"Description-Content-Type: {kind}; charset=UTF-8")
    return "\n".join(lines) + "\n\n" + body


def _wheel_tag() -> str:
    """cp311-cp311-linux_x86_64 and the like: the interpreter the build runs under."""
    if sys.implementation.name != "cpython":
        raise RuntimeError("the nqueens module builds for CPython only")
    version = f"{sys.version_info.major}{sys.version_info.minor}"
    soabi = sysconfig.get_config_var("SOABI") or ""
    m = re.match(r"cpython-(\d+[a-z]*)", soabi)
    abi = "cp" + (m.group(1) if m else version)
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"cp{version}-{abi}-{platform}"


def _dist_info_files(tag: str) -> Dict[str, bytes]:
    meta = _metadata()
    wheel = f"Wheel-Version: 1.0\nGenerator: nqueens_build_backend\nRoot-Is-Purelib: false\nTag: {tag}\n"
    return {
        "METADATA": _metadata_text(meta).encode(),
        "WHEEL": wheel.encode(),
        "LICENSE": (pathlib.Path.cwd() / "LICENSE").read_bytes(),
    }


def _dist_info_name() -> str:
    meta = _metadata()
    return f"{meta['name']}-{meta['version']}.dist-info"


def _write_dist_info(directory: pathlib.Path, tag: str) -> str:
    name = _dist_info_name()
    (directory / name).mkdir(parents=True, exist_ok=True)
    for file, data in _dist_info_files(tag).items():
        (directory / name / file).write_bytes(data)
    return name


def _write_wheel(directory: pathlib.Path, tag: str, files: Dict[str, Any]) -> str:
    """A wheel of `files` (archive name -> a path, or bytes) and its dist-info, with RECORD."""
    meta = _metadata()
    name = f"{meta['name']}-{meta['version']}-{tag}.whl"
    dist_info = _dist_info_name()
    entries = dict(files)
    entries.update({f"{dist_info}/{f}": data for f, data in _dist_info_files(tag).items()})
    record = []
    directory.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(directory / name, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for arcname, source in entries.items():
            data = source if isinstance(source, bytes) else pathlib.Path(source).read_bytes()
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            executable = not isinstance(source, bytes) and os.access(source, os.X_OK)
            info.external_attr = (0o755 if executable else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{arcname},sha256={digest.decode()},{len(data)}")
        record.append(f"{dist_info}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        wheel.writestr(info, "\n".join(record) + "\n")
    return name


# ---- pyproject.toml before Python 3.11 (no tomllib) ------------------------------------------


def read_toml(text: str) -> Dict[str, Any]:
    """The part of TOML that pyproject.toml uses: [tables], key = value with strings, numbers,
    booleans, arrays (over several lines too) and inline tables, and # comments. The tests
    check it against tomllib on this file."""
    data: Dict[str, Any] = {}
    table = data
    pos = 0

    def skip(newlines: bool) -> None:
        nonlocal pos
        while pos < len(text):
            c = text[pos]
            if c == "#":
                while pos < len(text) and text[pos] != "\n":
                    pos += 1
            elif c in " \t\r" or (newlines and c == "\n"):
                pos += 1
            else:
                return

    def key() -> List[str]:
        nonlocal pos
        parts = []
        while True:
            skip(False)
            if text[pos] in "\"'":
                parts.append(value())
            else:
                m = re.compile(r"[A-Za-z0-9_-]+").match(text, pos)
                if m is None:
                    raise ValueError(f"pyproject.toml: a key expected at offset {pos}")
                parts.append(m.group())
                pos = m.end()
            skip(False)
            if text[pos] != ".":
                return parts
            pos += 1

    def value() -> Any:
        nonlocal pos
        skip(False)
        c = text[pos]
        if c == '"':
            m = re.compile(r'"((?:[^"\\\n]|\\.)*)"').match(text, pos)
            if m is None:
                raise ValueError(f"pyproject.toml: an unterminated string at offset {pos}")
            pos = m.end()
            return re.sub(r'\\(["\\nt])', lambda e: {"n": "\n", "t": "\t"}.get(e[1], e[1]),
                          m.group(1))
        if c == "'":
            end = text.index("'", pos + 1)
            s, pos = text[pos + 1:end], end + 1
            return s
        if c == "[":
            pos += 1
            items = []
            while True:
                skip(True)
                if text[pos] == "]":
                    pos += 1
                    return items
                items.append(value())
                skip(True)
                if text[pos] == ",":
                    pos += 1
        if c == "{":
            pos += 1
            inline: Dict[str, Any] = {}
            while True:
                skip(False)
                if text[pos] == "}":
                    pos += 1
                    return inline
                k = key()
                pos += 1  # '='
                _put(inline, k, value())
                skip(False)
                if text[pos] == ",":
                    pos += 1
        m = re.compile(r"true|false|[+-]?[0-9_]+(\.[0-9_]+)?").match(text, pos)
        if m is None:
            raise ValueError(f"pyproject.toml: a value expected at offset {pos}")
        pos = m.end()
        word = m.group()
        if word in ("true", "false"):
            return word == "true"
        return float(word) if "." in word else int(word.replace("_", ""))

    while True:
        skip(True)
        if pos >= len(text):
            return data
        if text[pos] == "[":
            pos += 1
            names = key()
            pos += 1  # ']'
            table = data
            for name in names:
                table = table.setdefault(name, {})
        else:
            k = key()
            if text[pos] != "=":
                raise ValueError(f"pyproject.toml: '=' expected at offset {pos}")
            pos += 1
            _put(table, k, value())


def _put(table: Dict[str, Any], names: List[str], value: Any) -> None:
    for name in names[:-1]:
        table = table.setdefault(name, {})
    table[names[-1]] = value
