#!/usr/bin/env bash
# cmake --install puts the Python package where the interpreter looks: installs the `python`
# component under a scratch DESTDIR, checks that the target directory (prefix + install dir)
# is on the interpreter's sys.path when it is a site directory there (Debian: /usr/local ->
# lib/python3.11/dist-packages), and imports the installed copy.
# Usage: install_test.sh BUILD_DIR PYTHON PREFIX INSTALL_DIR
set -euo pipefail
build="$1" python="$2" prefix="$3" dir="$4"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
DESTDIR="$work" cmake --install "$build" --component python >/dev/null
case "$dir" in /*) target="$dir" ;; *) target="$prefix/$dir" ;; esac
[ -f "$work$target/nqueens/__init__.py" ] || { echo "nothing installed in $work$target"; exit 1; }
for f in __main__.py _typing.py _core.pyi sudoku.py py.typed; do
  [ -f "$work$target/nqueens/$f" ] || { echo "$f missing from $target/nqueens"; exit 1; }
done
if "$python" -c 'import site, sys; sys.exit(0 if sys.argv[1] in site.getsitepackages() else 1)' \
  "$target"; then
  echo "$target is a site directory of $python"
else
  echo "$target is not on $python's path (a prefix of its own: set PYTHONPATH)"
fi
cd "$work"
out=$(PYTHONPATH="$work$target" "$python" -c \
  'import nqueens; print(nqueens.__file__.startswith(__import__("os").getcwd()), nqueens.count(8).total)')
[ "$out" = "True 92" ] || { echo "the installed package printed: $out"; exit 1; }
echo "installed package imports from $target: $out"
