"""Running out of memory raises MemoryError, and the interpreter goes on working."""

import subprocess
import sys

SCRIPT = r"""
import resource
import nqueens

def address_space():
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024

nqueens.find(8)
# Room for the 10^7 columns (40 MB) but not for the tuple and its ints (about 360 MB more).
for extra_mib in (60, 150, 300):
    resource.setrlimit(resource.RLIMIT_AS, (address_space() + extra_mib * 2**20, resource.RLIM_INFINITY))
    for random in (False, True):
        try:
            nqueens.find(10**7, random=random)
            print("no error")
        except MemoryError:
            print("MemoryError")
    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
print(nqueens.find(8) == (1, 3, 5, 7, 2, 0, 6, 4), nqueens.count(8).total)
"""


def test_find_under_a_memory_limit_raises_memory_error():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr  # not aborted ("cannot allocate ...") nor crashed
    assert out.stdout.split("\n") == ["MemoryError"] * 6 + ["True 92", ""]
