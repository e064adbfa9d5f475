"""pip install ./python: the extension is built by the project's own CMake (the same target
as NQUEENS_PYTHON in a normal build), then packaged with python/nqueens by setuptools.
Needs cmake, a C++20 compiler, pybind11 and fmt as for the CMake build (scripts/install-deps.sh);
offline, pass --no-build-isolation so that pip uses the installed setuptools."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(nqueens VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DNQUEENS_PYTHON=ON",
            "-DNQUEENS_BUILD_TOOLS=OFF", "-DNQUEENS_BUILD_TESTS=OFF",
            "-DNQUEENS_BUILD_BENCH=OFF", "-DNQUEENS_INSTALL=OFF",
            "-DNQUEENS_MPI=OFF", "-DNQUEENS_CUDA=OFF",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        subprocess.check_call(configure)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.check_call(
            ["cmake", "--build", str(build), "--target", "nqueens_python", "-j", jobs])
        built = next((build / "python" / "nqueens").glob("_core*"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    version=project_version(),
    packages=["nqueens"],
    package_data={"nqueens": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("nqueens._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
