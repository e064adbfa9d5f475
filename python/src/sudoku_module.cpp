// nqueens.sudoku: solve, count, generate and rate Sudoku puzzles (4x4 to 25x25) in the text
// forms the `sudoku` command reads. A puzzle is a string (81 characters for 9x9, '.' or '0'
// empty; separators and line breaks allowed, so a printed grid reads back) or a list of rows of
// ints (0 empty); results come back in the same form.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arguments.hpp"
#include "interrupt.hpp"
#include "nqueens/parallel.hpp"
#include "sudoku/sudoku.hpp"

namespace nqueens_python {

namespace {

using sudoku::Grid;

// A puzzle from Python, and whether to answer with rows (list of lists) instead of a string.
struct PuzzleArg {
  Grid grid;
  bool rows = false;
};

// Cells in a text, ignoring what the reader ignores: spaces, line breaks, '|', '-', '+'.
std::size_t cell_count(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '|' || c == '-' || c == '+');
  }));
}

int size_arg(py::handle value) {
  const long long size = int_arg(value, 0, 1 << 20, "size");
  if (sudoku::box_for_size(static_cast<int>(size)) == 0)
    throw py::value_error("size must be 4, 9, 16 or 25, got " + std::to_string(size));
  return static_cast<int>(size);
}

PuzzleArg puzzle_arg(py::handle value, py::handle size_obj) {
  PuzzleArg out;
  if (PyUnicode_Check(value.ptr())) {
    std::string text = value.cast<std::string>();
    // Comment lines, as in a puzzle file.
    std::string kept;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      if (line.find_first_not_of(" \t\r") != std::string::npos &&
          line[line.find_first_not_of(" \t\r")] != '#')
        kept += line + ' ';
    int box = 3;  // as `sudoku --size 9`: the message then says what 9x9 expects
    if (!size_obj.is_none()) {
      box = sudoku::box_for_size(size_arg(size_obj));
    } else {
      const std::size_t cells = cell_count(kept);
      for (int b = sudoku::kMinBox; b <= sudoku::kMaxBox; ++b)
        if (cells == static_cast<std::size_t>(b * b * b * b)) box = b;
    }
    if (auto error = sudoku::parse_puzzle(kept, box, out.grid)) throw py::value_error(*error);
    return out;
  }
  if (!PySequence_Check(value.ptr()) || PyBytes_Check(value.ptr()))
    throw py::type_error("a puzzle must be a string or a list of rows of ints, got '" +
                         text_of(value) + "'");
  const py::sequence rows = py::reinterpret_borrow<py::sequence>(value);
  const int size = static_cast<int>(rows.size());
  const int box = sudoku::box_for_size(size);
  if (box == 0)
    throw py::value_error("a puzzle has 4, 9, 16 or 25 rows, got " + std::to_string(size));
  if (!size_obj.is_none() && size_arg(size_obj) != size)
    throw py::value_error("size is " + text_of(size_obj) + " but the puzzle has " +
                          std::to_string(size) + " rows");
  out.grid = Grid(box);
  out.rows = true;
  for (int r = 0; r < size; ++r) {
    const std::string what = "row " + std::to_string(r + 1);
    const py::object row = rows[static_cast<std::size_t>(r)];
    if (PyUnicode_Check(row.ptr()))  // a puzzle's text split into lines
      throw py::type_error(what + " must be a list of ints (0 for empty), got the string '" +
                           text_of(row) + "' (a puzzle as text is one string)");
    const std::vector<long long> cells = int_sequence_arg(row, what, "ints (0 for empty)");
    if (static_cast<int>(cells.size()) != size)
      throw py::value_error(what + " has " + std::to_string(cells.size()) + " cells, expected " +
                            std::to_string(size));
    for (int c = 0; c < size; ++c) {
      const long long v = cells[static_cast<std::size_t>(c)];
      if (v < 0 || v > size)
        throw py::value_error(what + " has " + std::to_string(v) + " in column " +
                              std::to_string(c + 1) + ", expected 0 (empty) to " +
                              std::to_string(size));
      out.grid.set(r, c, static_cast<std::uint8_t>(v));
    }
  }
  if (auto conflict = sudoku::find_conflict(out.grid)) throw py::value_error(*conflict);
  return out;
}

py::object grid_out(const Grid& g, bool rows) {
  if (!rows) return py::str(sudoku::to_line(g));
  py::list out;
  for (int r = 0; r < g.size(); ++r) {
    py::list row;
    for (int c = 0; c < g.size(); ++c) row.append(g.at(r, c));
    out.append(row);
  }
  return out;
}

// kernel=None: SUDOKU_KERNEL, else the fastest (default_solver_tier; a bad SUDOKU_KERNEL is a
// ValueError with the library's line); a name: that tier or "auto", a ValueError for one this
// CPU lacks.
sudoku::SolverTier kernel_arg(py::handle value) {
  if (value.is_none()) return sudoku::default_solver_tier();
  const std::string name = str_arg(value, "kernel");
  try {
    return sudoku::parse_solver_tier(name);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("kernel: ") + e.what());
  }
}

py::object solve(py::object puzzle, py::object size, py::object kernel) {
  const PuzzleArg p = puzzle_arg(puzzle, size);
  const sudoku::SolverTier tier = kernel_arg(kernel);
  sudoku::SolveResult r;
  {
    py::gil_scoped_release release;
    r = sudoku::solve(p.grid, 1, tier);
  }
  return r.solutions ? grid_out(r.solution, p.rows) : py::none();
}

std::uint64_t count(py::object puzzle, py::object limit_arg, py::object size, py::object kernel) {
  const PuzzleArg p = puzzle_arg(puzzle, size);
  const auto limit = static_cast<std::uint64_t>(int_arg(limit_arg, 1, 1LL << 62, "limit"));
  const sudoku::SolverTier tier = kernel_arg(kernel);
  // Counting up to a big limit can take long on a sparse puzzle: count with a stop flag,
  // solution by solution (the general solver, which has no tiers).
  return run_interruptible([grid = p.grid, limit, tier](const std::atomic<bool>& stop) {
    std::uint64_t n = 0;
    if (limit <= 2) return sudoku::count_solutions(grid, limit, tier);
    sudoku::enumerate_solutions(grid, [&](const Grid&) {
      ++n;
      return n < limit && !stop.load(std::memory_order_relaxed);
    });
    return n;
  });
}

std::vector<py::object> solve_all(py::object puzzles, py::object threads_obj, py::object size,
                                  py::object kernel) {
  if (PyUnicode_Check(puzzles.ptr()) || !PySequence_Check(puzzles.ptr()))
    throw py::type_error("puzzles must be a list of puzzles, got '" + text_of(puzzles) + "'");
  std::vector<PuzzleArg> in;
  // A bad puzzle's error names its place in the list.
  const auto where = [&in] { return "puzzles[" + std::to_string(in.size()) + "]: "; };
  for (py::handle p : py::reinterpret_borrow<py::sequence>(puzzles)) {
    try {
      in.push_back(puzzle_arg(p, size));
    } catch (const py::value_error& e) {
      throw py::value_error(where() + e.what());
    } catch (const py::type_error& e) {
      throw py::type_error(where() + e.what());
    }
  }
  int threads = threads_arg_in(threads_obj);
  const sudoku::SolverTier tier = kernel_arg(kernel);
  if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<Grid> grids;
  grids.reserve(in.size());
  for (const PuzzleArg& p : in) grids.push_back(p.grid);
  const std::vector<std::optional<Grid>> solved =
      run_interruptible([grids = std::move(grids), threads, tier](const std::atomic<bool>& stop) {
        std::vector<std::optional<Grid>> out(grids.size());
        // 64 puzzles a piece: a 9x9 solve is microseconds, a hand-out per puzzle would contend.
        const std::size_t pieces = (grids.size() + 63) / 64;
        nqueens::parallel_for(pieces, threads, [&](std::size_t p) {
          for (std::size_t k = 64 * p; k < std::min(64 * p + 64, grids.size()); ++k) {
            sudoku::SolveResult r = sudoku::solve(grids[k], 1, tier);
            if (r.solutions) out[k] = r.solution;
          }
          return !stop.load();
        });
        return out;
      });
  std::vector<py::object> out;
  out.reserve(in.size());
  for (std::size_t k = 0; k < in.size(); ++k)
    out.push_back(solved[k] ? grid_out(*solved[k], in[k].rows) : py::none());
  return out;
}

std::vector<std::string> read(py::object text_arg, py::object size_obj) {
  const std::string text = str_arg(text_arg, "text");
  const int box = sudoku::box_for_size(size_arg(size_obj));
  std::istringstream in(text);
  sudoku::PuzzleReader reader(in, box);
  std::vector<std::string> out;
  for (sudoku::PuzzleEntry e; reader.next(e);) {
    if (!e.ok()) throw py::value_error("line " + std::to_string(e.line) + ": " + e.error);
    out.push_back(sudoku::to_line(e.grid));
  }
  return out;
}

// (puzzle, seed): one line, or None when no puzzle of that difficulty turned up; the seed it ran
// with (drawn when none was given). nqueens.sudoku.generate makes its GeneratedPuzzle of them.
py::tuple generate(py::object size_obj, py::object difficulty_obj, py::object symmetry_obj,
                   py::object seed_obj, py::object minimal_obj, py::object attempts_obj) {
  sudoku::GenerateOptions o;
  o.box = sudoku::box_for_size(size_arg(size_obj));
  const std::string difficulty = str_arg(difficulty_obj, "difficulty");
  if (difficulty != "any") {
    sudoku::Level level;
    if (!sudoku::parse_level(difficulty, level))
      throw py::value_error("unknown difficulty '" + difficulty +
                            "' (any, easy, medium, hard, expert, extreme)");
    o.level = level;
  }
  const std::string symmetry = str_arg(symmetry_obj, "symmetry");
  if (!sudoku::parse_symmetry(symmetry, o.symmetry))
    throw py::value_error("unknown symmetry '" + symmetry + "' (none, rot180, rot90, mirror)");
  o.seed = seed_obj.is_none() ? random_seed() : uint64_arg(seed_obj, "seed");
  o.minimal = bool_arg(minimal_obj, "minimal");
  o.max_attempts = static_cast<int>(int_arg(attempts_obj, 1, 1 << 30, "attempts"));
  std::optional<Grid> g;
  {
    py::gil_scoped_release release;
    g = sudoku::generate(o);
  }
  return py::make_tuple(g ? py::object(py::str(sudoku::to_line(*g))) : py::none(), o.seed);
}

// (level, level_number, score, unique, techniques), techniques a dict: technique name -> how
// many times it made progress; None when the puzzle has no solution. nqueens.sudoku.rate makes
// its Rating of them.
py::object rate(py::object puzzle, py::object size) {
  const PuzzleArg p = puzzle_arg(puzzle, size);
  sudoku::Rating r;
  {
    py::gil_scoped_release release;
    r = sudoku::rate(p.grid);
  }
  if (!r.solvable) return py::none();
  py::dict techniques;
  for (int t = 0; t < sudoku::kTechniqueCount; ++t)
    if (const int uses = r.uses[static_cast<std::size_t>(t)])
      techniques[py::str(std::string(sudoku::technique_name(static_cast<sudoku::Technique>(t))))] =
          uses;
  return py::make_tuple(std::string(sudoku::level_name(r.level)), static_cast<int>(r.level),
                        r.score, r.unique, techniques);
}

}  // namespace

void define_sudoku(py::module_& m) {
  // In nqueens._core itself, named sudoku_*, for one stub file; text signatures first, as in
  // nqueens_module.cpp; nqueens.sudoku documents each function.
  m.def("sudoku_solve", &solve, py::arg("puzzle"), py::arg("size"), py::arg("kernel"),
        "sudoku_solve(puzzle, size, kernel)\n--\n\nnqueens.sudoku.solve: the first solution, or "
        "None.");
  m.def("sudoku_count", &count, py::arg("puzzle"), py::arg("limit"), py::arg("size"),
        py::arg("kernel"),
        "sudoku_count(puzzle, limit, size, kernel)\n--\n\nnqueens.sudoku.count: solutions up to "
        "limit.");
  m.def("sudoku_solve_all", &solve_all, py::arg("puzzles"), py::arg("threads"), py::arg("size"),
        py::arg("kernel"),
        "sudoku_solve_all(puzzles, threads, size, kernel)\n--\n\nnqueens.sudoku.solve_all: "
        "solve() for each.");
  m.def(
      "sudoku_read", &read, py::arg("text"), py::arg("size"),
      "sudoku_read(text, size)\n--\n\nnqueens.sudoku.read: the puzzles of a text, one line each.");
  m.def("sudoku_generate", &generate, py::arg("size"), py::arg("difficulty"), py::arg("symmetry"),
        py::arg("seed"), py::arg("minimal"), py::arg("attempts"),
        "sudoku_generate(size, difficulty, symmetry, seed, minimal, attempts)\n--\n\n"
        "nqueens.sudoku.generate's work: (puzzle or None, seed).");
  m.def(
      "sudoku_solver_tier",
      [](py::object kernel) { return std::string(sudoku::solver_tier_name(kernel_arg(kernel))); },
      py::arg("kernel"),
      "sudoku_solver_tier(kernel)\n--\n\nnqueens.sudoku.solver_tier: the tier a solve with this "
      "kernel uses.");
  m.def("sudoku_rate", &rate, py::arg("puzzle"), py::arg("size"),
        "sudoku_rate(puzzle, size)\n--\n\n"
        "nqueens.sudoku.rate's work: (level, level_number, score, unique, techniques) or None.");
}

}  // namespace nqueens_python
