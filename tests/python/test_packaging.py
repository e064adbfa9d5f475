"""The build backend (python/build_backend: what pip runs for pip install . / pip wheel / the
sdist): its metadata, its sdist's contents, its pyproject.toml reader; and, for a package that
pip installed (the dist test sets NQUEENS_INSTALLED), what importlib.metadata knows of it.
Building the wheel itself is the dist test's (tests/python/dist_test.sh): it compiles."""

import importlib
import importlib.metadata
import os
import pathlib
import re
import sys
import sysconfig
import tarfile

import pytest

import nqueens
from conftest import REPO

sys.path.insert(0, str(REPO / "python" / "build_backend"))
backend = importlib.import_module("nqueens_build_backend")

VERSION = re.search(r"project\(nqueens VERSION ([0-9.]+)",
                    (REPO / "CMakeLists.txt").read_text()).group(1)


@pytest.fixture
def in_repo(monkeypatch):
    monkeypatch.chdir(REPO)  # the hooks run in the project's root, as pip runs them


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is new in Python 3.11")
def test_the_toml_reader_agrees_with_tomllib():
    import tomllib

    text = (REPO / "pyproject.toml").read_text()
    assert backend.read_toml(text) == tomllib.loads(text)
    sample = '[a.b]\nx = "a \\"quoted\\" word" # c\ny = [1, 2,\n  "t",\n]\nz = {k = \'v\', n = true}\n'
    assert backend.read_toml(sample) == tomllib.loads(sample)


def test_metadata(in_repo):
    text = backend._metadata_text(backend._metadata())
    head, body = text.split("\n\n", 1)
    fields = {}
    for line in head.splitlines():
        key, value = line.split(": ", 1)
        fields.setdefault(key, []).append(value)
    assert fields["Name"] == ["nqueens"] and fields["Version"] == [VERSION]
    assert VERSION == nqueens.__version__  # the one version: CMakeLists.txt's
    assert fields["License"] == ["MIT"] and fields["Requires-Python"] == [">=3.9"]
    assert "License :: OSI Approved :: MIT License" in fields["Classifier"]
    assert fields["Description-Content-Type"] == ["text/markdown; charset=UTF-8"]
    assert body == (REPO / "docs" / "PYTHON.md").read_text()
    assert fields["Provides-Extra"] == ["numpy"]


def test_wheel_tag_names_this_interpreter():
    tag = backend._wheel_tag()
    python, abi, platform = tag.split("-")
    assert python == f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert abi.startswith(python) and platform == sysconfig.get_platform().replace("-", "_")


def test_sdist_holds_what_the_build_needs_and_nothing_else(in_repo, tmp_path):
    name = backend.build_sdist(str(tmp_path))
    assert name == f"nqueens-{VERSION}.tar.gz"
    with tarfile.open(tmp_path / name) as tar:
        members = tar.getmembers()
    top = f"nqueens-{VERSION}/"
    files = {m.name[len(top):] for m in members}
    assert all(m.name.startswith(top) for m in members)
    for needed in ["PKG-INFO", "pyproject.toml", "LICENSE", "README.md", "docs/PYTHON.md",
                   "CMakeLists.txt", "cmake/version.hpp.in", "src/engine/include/nqueens/nqueens.hpp",
                   "src/CMakeLists.txt", "src/kernels/enumerate.cpp", "src/sudoku/solve9.cpp",
                   "src/mpi/CMakeLists.txt", "src/base/CMakeLists.txt", "python/CMakeLists.txt",
                   "python/src/nqueens_module.cpp", "python/nqueens/__init__.py",
                   "python/nqueens/_core.pyi", "python/nqueens/py.typed",
                   "python/build_backend/nqueens_build_backend.py"]:
        assert needed in files, needed
    for f in files:
        assert not re.search(r"(^|/)(build|node_modules|__pycache__|\.git)(/|$)", f), f
        assert not f.endswith((".so", ".pyc", ".o")), f
        assert not f.startswith(("tests/", "bench/", "web/", "data/", "scripts/")), f
    # Every file of those directories that git knows, so the sdist builds as a clone does.
    tracked = backend._git_files(REPO)
    if tracked is not None:
        for f in tracked:
            if f.startswith(("include/", "src/", "cmake/", "python/")) and (REPO / f).is_file():
                assert f in files, f


@pytest.mark.skipif(not os.environ.get("NQUEENS_INSTALLED"), reason="not a pip-installed package")
def test_installed_package_is_known_to_importlib_metadata():
    assert pathlib.Path(nqueens.__file__).resolve().is_relative_to(pathlib.Path(sys.prefix).resolve())
    dist = importlib.metadata.distribution("nqueens")
    assert dist.version == nqueens.__version__ and dist.metadata["License"] == "MIT"
    files = {str(f) for f in dist.files}
    assert "nqueens/__init__.py" in files and "nqueens/_core.pyi" in files
    assert any(f.startswith("nqueens/_core.") and f.endswith(".so") for f in files)
    assert importlib.metadata.version("nqueens") == VERSION
