// The `nqueens` Python module (the compiled part, nqueens._core): counting, lazy listing,
// random access, verification, construction, completion, k queens, text and SVG forms.
// Columns are 0-based in Python (p[row] is the column of that row's queen), as in the C++
// API; the text forms (to_string, square lists like "a1,c5") are the command line's.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "arguments.hpp"
#include "interrupt.hpp"
#include "nqueens/complete.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/kqueens.hpp"
#if __has_include("nqueens/local_search.hpp")
#include "nqueens/local_search.hpp"  // random_solution (in construct.hpp before it moved)
#endif
#include "nqueens/nqueens.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/render.hpp"
#include "nqueens/run.hpp"

namespace nqueens_python {

void define_sudoku(py::module_& m);  // sudoku_module.cpp: sudoku_solve, ...

namespace {

using nqueens::Solution;
using nqueens::Square;

// A solution as a tuple of ints, of `type` (tuple or a subclass of it); MemoryError, not a tuple
// with holes, when Python runs out of memory on the way (find(10**7) takes a few hundred MB of
// int objects).
py::object to_tuple(const Solution& s, PyTypeObject* type = &PyTuple_Type) {
  py::object t = py::reinterpret_steal<py::object>(
      type == &PyTuple_Type ? PyTuple_New(static_cast<Py_ssize_t>(s.size()))
                            : type->tp_alloc(type, static_cast<Py_ssize_t>(s.size())));
  if (!t) throw py::error_already_set();
  for (std::size_t r = 0; r < s.size(); ++r) {
    PyObject* c = PyLong_FromLong(s[r]);
    if (c == nullptr) throw py::error_already_set();
    PyTuple_SET_ITEM(t.ptr(), static_cast<Py_ssize_t>(r), c);
  }
  return t;
}

// The ints 0..kMaxListN-1, made once (module init) and kept: a listed solution's tuple takes
// new references to them instead of calling PyLong_FromLong for every column.
PyObject* g_columns[nqueens::kMaxListN] = {};

void make_column_ints() {
  for (int c = 0; c < nqueens::kMaxListN; ++c) {
    g_columns[c] = PyLong_FromLong(c);
    if (g_columns[c] == nullptr) throw py::error_already_set();
  }
}

// A tuple of n columns from a listing buffer; nullptr (with the Python error set) on failure.
PyObject* columns_tuple(const std::uint8_t* cols, int n) {
  PyObject* t = PyTuple_New(n);
  if (t == nullptr) return nullptr;
  for (int r = 0; r < n; ++r) {
    PyObject* c = g_columns[cols[r]];
    Py_INCREF(c);
    PyTuple_SET_ITEM(t, r, c);
  }
  return t;
}

// N for random access: any whole number, its range checked by the library itself
// (SolutionIndex::get: "random access to all solutions needs 1 <= N <= ..."), so the bound and
// the message follow nqueens::kMaxRankN / kMaxRankAllN. Values far out of range are clamped
// to one just beyond, which the library refuses with the same message.
int rank_n_arg(py::handle value) {
  return static_cast<int>(int_arg_clamped(value, 0, nqueens::kMaxListN + 1, "N"));
}

int threads_arg(py::handle value) {
  return threads_arg_in(value);
}

// A solution given as a sequence of 0-based columns, every one on the board (one queen per
// row; not necessarily non-attacking).
Solution columns_arg(py::handle value, std::string_view what) {
  const std::vector<long long> cols = int_sequence_arg(value, what);
  if (cols.empty()) throw py::value_error(std::string(what) + " is empty");
  const auto n = static_cast<long long>(cols.size());
  Solution s(cols.size());
  for (std::size_t r = 0; r < cols.size(); ++r) {
    if (cols[r] < 0 || cols[r] >= n)
      throw py::value_error("column " + std::to_string(cols[r]) + " of row " + std::to_string(r) +
                            " is off the " + std::to_string(n) + "x" + std::to_string(n) +
                            " board (columns are 0-based)");
    s[r] = static_cast<int>(cols[r]);
  }
  return s;
}

nqueens::CountMethod method_arg(py::handle value) {
  const std::string name = str_arg(value, "method");
  if (const auto method = nqueens::parse_method(name)) return *method;
  throw py::value_error("method must be auto, backtrack or join, got '" + name + "'");
}

nqueens::Format format_arg(py::handle value, int n) {
  const std::string name = str_arg(value, "format");
  const auto format = nqueens::parse_format(name);
  if (!format)
    throw py::value_error("format must be perm, board, json or algebraic, got '" + name + "'");
  if (*format == nqueens::Format::algebraic && n > nqueens::kMaxAlgebraicN)
    throw py::value_error("format algebraic needs N <= " + std::to_string(nqueens::kMaxAlgebraicN) +
                          " (files a..z)");
  return *format;
}

// ---- count ----------------------------------------------------------------------------------

// kernel=None: NQUEENS_KERNEL, else the fastest (default_kernel_tier, read in run_count); a name:
// that tier or "auto", a ValueError with the library's line for one this CPU lacks.
std::optional<nqueens::KernelTier> kernel_arg(py::handle value) {
  if (value.is_none()) return std::nullopt;
  const std::string name = str_arg(value, "kernel");
  try {
    return nqueens::parse_kernel_tier(name);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("kernel: ") + e.what());
  }
}

// table_memory=None: the library's default (kDefaultTableMemory); else the bytes the join's
// tables may take, a whole number 0 .. 2^64-1.
std::size_t table_memory_arg(py::handle value) {
  if (value.is_none()) return nqueens::kDefaultTableMemory;
  return static_cast<std::size_t>(uint64_arg(value, "table_memory"));
}

// The counts as (n, total, unique, classes, method, threads, jobs, seconds); nqueens.count
// makes its CountResult of them.
py::tuple count(py::object n_arg, py::object threads_obj, py::object method_obj,
                py::object kernel_obj, py::object table_memory_obj) {
  nqueens::RunOptions o;
  o.n = static_cast<int>(int_arg(n_arg, 1, nqueens::kMaxCountN, "N"));
  o.threads = threads_arg(threads_obj);
  if (o.threads == 0) o.threads = nqueens::hardware_threads();
  o.method = method_arg(method_obj);
  o.kernel = kernel_arg(kernel_obj);
  o.table_memory = table_memory_arg(table_memory_obj);
  // run_count, as `nqueens count` does: the same job list and threads, and a stop flag that
  // it checks after every job.
  const nqueens::RunResult r = run_interruptible([o](const std::atomic<bool>& stop) {
    nqueens::RunOptions local = o;
    local.stop = &stop;
    return nqueens::run_count(local);
  });
  const nqueens::ClassCounts c = r.record.sum.classes(o.n);
  py::dict classes;  // class size (1, 2, 4, 8) -> fundamental solutions with a class that big
  classes[py::int_(1)] = to_python_int(c.size1);
  classes[py::int_(2)] = to_python_int(c.size2);
  classes[py::int_(4)] = to_python_int(c.size4);
  classes[py::int_(8)] = to_python_int(c.size8);
  return py::make_tuple(o.n, to_python_int(c.total()), to_python_int(c.unique()), classes,
                        std::string(nqueens::method_name(r.record.list.method)), o.threads,
                        r.record.shard_jobs(), r.seconds);
}

// ---- solutions: a lazy iterator -------------------------------------------------------------

std::atomic<long> g_live_enumerators{0};  // for the tests: abandoned iterators free their state

// Up to N = 16 the search between two solutions is microseconds, so batches are filled on the
// calling thread; beyond, the time to the next solution is unbounded (N = 30: seconds to the
// first), so batches are filled on a worker with Ctrl-C honoured (run_interruptible).
inline constexpr int kMaxDirectN = 16;
// Solutions fetched per batch: from 1 (the first solution of a big N costs only itself) up to
// 4096 (the hand-over costs then vanish: 4096 x N bytes, at most 256 KiB).
inline constexpr std::size_t kMaxBatch = 4096;

// The state behind one iterator: the resumable search and a batch of solutions it found ahead.
// Shared with the worker that fills a batch, which may outlive the iterator after a Ctrl-C.
class SolutionSearch : public std::enable_shared_from_this<SolutionSearch> {
 public:
  SolutionSearch(int n, bool unique) : n_(n), stop_(std::make_shared<std::atomic<bool>>(false)) {
    nqueens::EnumerateOptions options;
    options.unique = unique;
    options.stop = stop_.get();
    enumerator_ = std::make_unique<nqueens::Enumerator>(n, options);
    g_live_enumerators.fetch_add(1);
  }
  ~SolutionSearch() { release_search(); }
  SolutionSearch(const SolutionSearch&) = delete;
  SolutionSearch& operator=(const SolutionSearch&) = delete;

  // The next solution as a new tuple, or nullptr when there are no more. Throws
  // py::error_already_set for KeyboardInterrupt.
  PyObject* next() {
    if (pos_ == count_) refill();
    if (pos_ == count_) return nullptr;
    const std::uint8_t* cols = buffer_.data() + pos_ * static_cast<std::size_t>(n_);
    ++pos_;
    return columns_tuple(cols, n_);
  }

 private:
  void refill() {
    pos_ = count_ = 0;
    if (!enumerator_) return;
    // Ctrl-C between batches: a loop that drains the iterator in C (list(), deque(..., maxlen=0))
    // runs no Python code that would look for signals, and a batch takes milliseconds.
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    const std::size_t want = batch_;
    batch_ = std::min(kMaxBatch, batch_ * 2);
    buffer_.resize(want * static_cast<std::size_t>(n_));
    auto fill = [self = shared_from_this(), want](const std::atomic<bool>&) {
      return self->enumerator_->next_batch(self->buffer_.data(), want);  // the C++ batch form
    };
    // Interrupted: the exception propagates, the iterator drops this search, and the worker
    // frees it when it has noticed the flag.
    count_ = n_ <= kMaxDirectN ? fill(*stop_) : run_interruptible(std::move(fill), stop_);
    if (count_ < want) release_search();  // the search is over; the batch is still served
  }

  void release_search() {
    if (!enumerator_) return;
    enumerator_.reset();
    g_live_enumerators.fetch_sub(1);
  }

  int n_;
  std::shared_ptr<std::atomic<bool>> stop_;
  std::unique_ptr<nqueens::Enumerator> enumerator_;
  std::vector<std::uint8_t> buffer_;  // count_ solutions, N bytes each
  std::size_t pos_ = 0, count_ = 0;
  std::size_t batch_ = 1;
};

// The iterator is a plain CPython type rather than a pybind11 class: its tp_iternext is called
// directly by the interpreter's for loop, where a pybind11 __next__ costs about 1 us per call in
// dispatch alone (N = 12 then gave 0.5 million solutions/s instead of the 2 million wanted).
struct SolutionIteratorObject {
  PyObject_HEAD std::shared_ptr<SolutionSearch> search;  // placement-new'd, see below
  bool running;  // a next() is searching with the GIL released (n > 16)
};

// As for generators: a second thread may not resume or close the iterator meanwhile.
bool refuse_if_running(SolutionIteratorObject* it) {
  if (!it->running) return false;
  PyErr_SetString(PyExc_ValueError, "solutions iterator already executing");
  return true;
}

PyTypeObject* g_iterator_type = nullptr;

PyObject* iterator_next(PyObject* self) {
  auto* it = reinterpret_cast<SolutionIteratorObject*>(self);
  if (refuse_if_running(it)) return nullptr;
  if (it->search == nullptr) return nullptr;  // NULL without an error: StopIteration
  struct Running {
    bool& flag;
    explicit Running(bool& f) : flag(f) { flag = true; }
    ~Running() { flag = false; }
  } running(it->running);
  try {
    PyObject* t = it->search->next();
    if (t == nullptr && !PyErr_Occurred()) it->search.reset();  // exhausted: free the state now
    return t;
  } catch (py::error_already_set& e) {
    it->search.reset();
    e.restore();
    return nullptr;
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
    return nullptr;
  }
}

PyObject* iterator_close(PyObject* self, PyObject*) {
  auto* it = reinterpret_cast<SolutionIteratorObject*>(self);
  if (refuse_if_running(it)) return nullptr;
  it->search.reset();
  Py_RETURN_NONE;
}

void iterator_dealloc(PyObject* self) {
  reinterpret_cast<SolutionIteratorObject*>(self)->search.~shared_ptr();
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);  // heap types are owned by their instances
}

PyMethodDef g_iterator_methods[] = {
    {"close", iterator_close, METH_NOARGS,
     "close($self, /)\n--\n\nFree the search state now; the iterator then yields nothing more."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot g_iterator_slots[] = {
    {Py_tp_dealloc, reinterpret_cast<void*>(iterator_dealloc)},
    {Py_tp_iter, reinterpret_cast<void*>(PyObject_SelfIter)},
    {Py_tp_iternext, reinterpret_cast<void*>(iterator_next)},
    {Py_tp_methods, g_iterator_methods},
    {Py_tp_doc, const_cast<char*>("Lazy iterator over N-Queens solutions in lexicographic order "
                                  "(made by solutions()).")},
    {0, nullptr}};

PyType_Spec g_iterator_spec = {"nqueens.SolutionIterator", sizeof(SolutionIteratorObject), 0,
#ifdef Py_TPFLAGS_DISALLOW_INSTANTIATION
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
#else
                               Py_TPFLAGS_DEFAULT,
#endif
                               g_iterator_slots};

py::object make_solution_iterator(int n, bool unique) {
  auto search = std::make_shared<SolutionSearch>(n, unique);
  PyObject* self = g_iterator_type->tp_alloc(g_iterator_type, 0);
  if (self == nullptr) throw py::error_already_set();
  auto* it = reinterpret_cast<SolutionIteratorObject*>(self);
  new (&it->search) std::shared_ptr<SolutionSearch>(std::move(search));
  it->running = false;
  return py::reinterpret_steal<py::object>(self);
}

// ---- all solutions as a numpy array ---------------------------------------------------------

// The largest board whose whole list an array holds: N = 17 is 1.6 GB, N = 18 would be 12 GB.
constexpr int kMaxArrayN = 17;

py::array_t<std::uint8_t> solutions_array(py::object n_arg, py::object unique_arg) {
  const int n = static_cast<int>(int_arg(n_arg, 1, kMaxArrayN, "N"));
  const bool unique = bool_arg(unique_arg, "unique");
  const std::uint64_t rows = [&] {
    py::gil_scoped_release release;  // the table is compiled in; first use builds the index
    return nqueens::SolutionIndex::get(n, unique).size();
  }();
  // The worker fills a buffer it shares (it may outlive this call after a Ctrl-C); the array
  // then takes the buffer over without a copy, through a capsule that owns it.
  const std::size_t bytes = static_cast<std::size_t>(rows) * static_cast<std::size_t>(n);
  std::shared_ptr<std::uint8_t[]> buffer(new std::uint8_t[std::max<std::size_t>(bytes, 1)]);
  const std::uint64_t filled =
      run_interruptible([n, unique, rows, buffer](const std::atomic<bool>& stop) {
        nqueens::EnumerateOptions options;
        options.unique = unique;
        options.stop = &stop;
        nqueens::Enumerator e(n, options);
        // Straight into the array, in batches of 64 Ki solutions (the stop flag is read inside).
        constexpr std::uint64_t kBatch = 65536;
        const auto width = static_cast<std::size_t>(n);
        std::uint64_t k = 0;
        while (k < rows) {
          const std::size_t want = static_cast<std::size_t>(std::min(kBatch, rows - k));
          const std::size_t got = e.next_batch(buffer.get() + k * width, want);
          k += got;
          if (got < want) break;
        }
        return k;
      });
  if (filled != rows) throw std::logic_error("the solution count and the listing disagree");
  auto* owner = new std::shared_ptr<std::uint8_t[]>(std::move(buffer));
  py::capsule free_when_done(
      owner, [](void* p) { delete static_cast<std::shared_ptr<std::uint8_t[]>*>(p); });
  return py::array_t<std::uint8_t>({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(n)},
                                   owner->get(), free_when_done);
}

// ---- random access --------------------------------------------------------------------------

py::object solution_at(py::object n_arg, py::object index_arg, py::object unique_arg) {
  const int n = rank_n_arg(n_arg);
  const bool unique = bool_arg(unique_arg, "unique");
  const nqueens::SolutionIndex* idx = nullptr;
  {
    py::gil_scoped_release release;
    idx = &nqueens::SolutionIndex::get(n, unique);
  }
  if (idx->size() == 0) throw py::value_error("N = " + std::to_string(n) + " has no solutions");
  const auto size = static_cast<long long>(idx->size());
  const long long k = int_arg(index_arg, 0, size - 1, "index");
  Solution s;
  {
    py::gil_scoped_release release;
    s = idx->unrank(static_cast<std::uint64_t>(k) + 1);
  }
  return to_tuple(s);
}

std::uint64_t rank_of(py::object p, py::object unique_arg) {
  const Solution s = columns_arg(p, "the solution");
  const bool unique = bool_arg(unique_arg, "unique");
  const int n = static_cast<int>(s.size());
  py::gil_scoped_release release;
  // Both throw std::invalid_argument (ValueError): N beyond the library's random access, or
  // not a solution.
  return nqueens::SolutionIndex::get(n, unique).rank(s) - 1;
}

// ---- verify ---------------------------------------------------------------------------------

nqueens::Placement placement_arg(py::handle value) {
  if (PyUnicode_Check(value.ptr())) {
    // The text forms `nqueens verify` reads: perm, JSON, algebraic, or a board diagram.
    const std::string text = value.cast<std::string>();
    std::vector<std::string> rows;
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") != std::string::npos) rows.push_back(line);
      start = end + 1;
    }
    std::string error;
    std::optional<nqueens::Placement> p;
    if (rows.empty()) throw py::value_error("empty placement");
    if (rows.size() == 1 && !(rows[0].size() > 1 && nqueens::is_board_row(rows[0]) &&
                              rows[0].find_first_of("Qq") == std::string::npos))
      p = nqueens::parse_placement_line(rows[0], error);
    else if (std::all_of(rows.begin(), rows.end(), nqueens::is_board_row))
      p = nqueens::parse_board(rows, error);
    else
      error = "a placement is one line, or a board diagram of N rows";
    if (!p) throw py::value_error(error);
    return *p;
  }
  const std::vector<long long> cols = int_sequence_arg(value, "the placement");
  nqueens::Placement p;
  p.n = static_cast<int>(cols.size());
  for (std::size_t r = 0; r < cols.size(); ++r) {
    const long long c = std::clamp(cols[r], -(1LL << 30), 1LL << 30);
    p.queens.push_back({static_cast<int>(r), static_cast<int>(c)});
  }
  return p;
}

// (valid, reason, n, queens, attacking_pairs); the reason is "" when valid. nqueens.verify makes
// its Verification of them.
py::tuple verify(py::object value) {
  const nqueens::Placement p = placement_arg(value);
  if (p.n == 0) throw py::value_error("empty placement");
  nqueens::VerifyResult r;
  {
    py::gil_scoped_release release;
    r = nqueens::verify(p);
  }
  return py::make_tuple(r.valid, r.valid ? std::string() : nqueens::describe(r), r.n, r.queens,
                        r.attacking_pairs);
}

// ---- find -----------------------------------------------------------------------------------

// A nqueens.FoundSolution with `seed`: the seed the local search ran with (drawn when random and
// none was given), None for the explicit construction. Made here in place, because copying a
// tuple of 10^7 columns into the subclass took 0.3-0.8 s, as long as the search.
py::object find(py::object n_arg, py::object random_arg, py::object seed_arg) {
  const int n = static_cast<int>(int_arg(n_arg, 1, nqueens::kMaxConstructN, "N"));
  bool random = bool_arg(random_arg, "random");
  std::uint64_t seed = 0;
  if (!seed_arg.is_none()) {
    seed = uint64_arg(seed_arg, "seed");
    random = true;  // as `nqueens find --seed`
  } else if (random) {
    seed = random_seed();
  }
  if (!nqueens::has_solution(n))
    throw py::value_error("no solution exists for N = " + std::to_string(n));
  Solution s;
  {
    py::gil_scoped_release release;
    s = random ? nqueens::random_solution(n, seed) : nqueens::construct_solution(n);
  }
  const py::object type = py::module_::import("nqueens").attr("FoundSolution");
  py::object out = to_tuple(s, reinterpret_cast<PyTypeObject*>(type.ptr()));
  out.attr("seed") = random ? py::object(py::int_(seed)) : py::none();
  return out;
}

// ---- complete -------------------------------------------------------------------------------

std::vector<Square> squares_arg(py::handle value, int n, std::string_view what) {
  if (value.is_none()) return {};
  if (PyUnicode_Check(value.ptr()))  // the command line's "a1,c5" or "1:1,5:3"
    return nqueens::parse_square_list(value.cast<std::string>(), n);
  if (!PySequence_Check(value.ptr()) && !PyAnySet_Check(value.ptr()))
    throw py::type_error(std::string(what) +
                         " must be a string like 'a1,c5' or a sequence of (row, column) pairs, "
                         "got '" +
                         text_of(value) + "'");
  std::vector<Square> out;
  for (py::handle item : py::reinterpret_borrow<py::iterable>(value)) {
    const std::vector<long long> rc = int_sequence_arg(item, what);
    if (rc.size() != 2)
      throw py::type_error(std::string(what) + " must hold (row, column) pairs, got '" +
                           text_of(item) + "'");
    auto clamp = [](long long v) { return static_cast<int>(std::clamp(v, -1LL, 1LL << 30)); };
    out.push_back({clamp(rc[0]), clamp(rc[1])});
  }
  return out;
}

// The board complete() and complete_each() are given; bad input raises ValueError with the
// command line's message.
nqueens::CompletionProblem completion_problem(py::object n_arg, py::object fixed_arg,
                                              py::object blocked_arg) {
  nqueens::CompletionProblem p;
  p.n = static_cast<int>(int_arg(n_arg, 1, nqueens::kMaxCompleteN, "N"));
  try {
    p.fixed = squares_arg(fixed_arg, p.n, "fixed");
    p.blocked = squares_arg(blocked_arg, p.n, "blocked");
    nqueens::check_problem(p);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
  return p;
}

py::object complete(py::object n_arg, py::object fixed_arg, py::object blocked_arg,
                    py::object count_arg, py::object all_arg, py::object limit_arg) {
  const bool count = bool_arg(count_arg, "count");
  const bool all = bool_arg(all_arg, "all");
  if (count && all) throw py::value_error("count and all exclude each other");
  long long limit = -1;
  if (!limit_arg.is_none()) {
    limit = int_arg(limit_arg, 0, (1LL << 62), "limit");
    if (!all)
      throw py::value_error("limit needs all=True (without it complete returns one completion)");
  }
  const nqueens::CompletionProblem p = completion_problem(n_arg, fixed_arg, blocked_arg);
  if (count) {
    // As `nqueens complete --count`: a count walks every completion one by one, so boards with
    // too many open rows are refused, and the search gives up after kMaxCompletionCountWork.
    const int open = p.n - static_cast<int>(p.fixed.size());
    if (open > nqueens::max_count_open_rows(p.n))
      throw py::value_error("a count of completions at N = " + std::to_string(p.n) +
                            " takes boards with at most " +
                            std::to_string(nqueens::max_count_open_rows(p.n)) +
                            " open rows (rows without a fixed queen), this one has " +
                            std::to_string(open) + ": a count walks every completion one by one");
    const std::uint64_t total = run_interruptible([p](const std::atomic<bool>& stop) {
      std::uint64_t k = 0;
      nqueens::for_each_completion(p,
                                   [&](const Solution&) {
                                     ++k;
                                     return !stop.load(std::memory_order_relaxed);
                                   },
                                   {nqueens::kMaxCompletionCountWork, false});
      return k;
    });
    return py::int_(total);
  }
  if (!all) {
    std::optional<Solution> s;
    {
      py::gil_scoped_release release;
      s = nqueens::find_completion(p);
    }
    return s ? py::object(to_tuple(*s)) : py::none();
  }
  const std::vector<Solution> found = run_interruptible([p, limit](const std::atomic<bool>& stop) {
    std::vector<Solution> out;
    if (limit == 0) return out;
    nqueens::for_each_completion(p, [&](const Solution& s) {
      out.push_back(s);
      return (limit < 0 || static_cast<long long>(out.size()) < limit) &&
             !stop.load(std::memory_order_relaxed);
    });
    return out;
  });
  py::list out;
  for (const Solution& s : found) out.append(to_tuple(s));
  return out;
}

// Every completion in the order the search finds them, handed to `visit` in lists of tuples as
// they come (python -m nqueens complete --all prints them so, as the command line does): the
// search runs on a worker thread and waits while kQueuedBytes of completions are not taken yet,
// and this thread, without the GIL between batches, takes them and looks for Ctrl-C every
// kSignalPoll. Stops after `limit` (None: all); an exception from `visit` (a closed pipe) or
// Ctrl-C stops the search and is raised here, the worker winding down detached. As the command
// line, the search gives up (RuntimeError) when kMaxCompletionWork passes before a first
// completion. Returns how many were handed over.
py::int_ complete_each(py::object n_arg, py::object fixed_arg, py::object blocked_arg,
                       py::object limit_arg, py::object visit) {
  long long limit = -1;
  if (!limit_arg.is_none()) limit = int_arg(limit_arg, 0, (1LL << 62), "limit");
  const nqueens::CompletionProblem p = completion_problem(n_arg, fixed_arg, blocked_arg);
  if (limit == 0) return py::int_(0);

  constexpr std::size_t kQueuedBytes = std::size_t{1} << 22;
  struct Shared {
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Solution> queue;
    bool done = false;
    bool stop = false;
    std::exception_ptr error;
  };
  auto shared = std::make_shared<Shared>();
  const std::size_t most = std::max<std::size_t>(1, kQueuedBytes / (sizeof(int) * p.n));
  auto stop_worker = [&shared] {
    std::lock_guard lock(shared->mutex);
    shared->stop = true;
    shared->changed.notify_all();
  };
  std::thread worker;
  {
    py::gil_scoped_release release;
    begin_detached_work();
    worker = std::thread([shared, p, limit, most] {
      long long found = 0;
      try {
        nqueens::for_each_completion(p,
                                     [&](const Solution& s) {
                                       std::unique_lock lock(shared->mutex);
                                       shared->changed.wait(lock, [&] {
                                         return shared->stop || shared->queue.size() < most;
                                       });
                                       if (shared->stop) return false;
                                       shared->queue.push_back(s);
                                       shared->changed.notify_all();
                                       return limit < 0 || ++found < limit;
                                     },
                                     {nqueens::kMaxCompletionWork, true});
      } catch (...) {
        std::lock_guard lock(shared->mutex);
        shared->error = std::current_exception();
      }
      {
        std::lock_guard lock(shared->mutex);
        shared->done = true;
        shared->changed.notify_all();
      }
      end_detached_work();
    });
  }
  std::uint64_t handed = 0;
  for (;;) {
    std::deque<Solution> batch;
    bool finished = false;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(shared->mutex);
      shared->changed.wait_for(lock, kSignalPoll,
                               [&] { return shared->done || !shared->queue.empty(); });
      batch.swap(shared->queue);
      finished = shared->done;
      shared->changed.notify_all();
    }
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!batch.empty()) {
        py::list items;
        for (const Solution& s : batch) items.append(to_tuple(s));
        visit(items);
        handed += batch.size();
      }
    } catch (...) {
      stop_worker();
      worker.detach();
      throw;
    }
    if (finished) break;
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  if (shared->error) std::rethrow_exception(shared->error);
  return py::int_(handed);
}

// ---- k queens -------------------------------------------------------------------------------

nqueens::KQueensTable count_k_table(int n, int k, int threads) {
  nqueens::KQueensOptions o;
  o.n = n;
  o.k = k;
  o.threads = threads;
  return run_interruptible([o](const std::atomic<bool>& stop) {
    nqueens::KQueensOptions local = o;
    local.stop = &stop;
    return nqueens::count_k_queens(local);
  });
}

// (n, k, total, unique); nqueens.count_k makes its KQueensCount of them.
py::tuple count_k(py::object n_arg, py::object k_arg, py::object threads_obj) {
  const int n = static_cast<int>(int_arg(n_arg, 1, nqueens::kMaxKQueensN, "N"));
  const int k = static_cast<int>(int_arg(k_arg, 0, n, "k"));
  const int threads = threads_arg(threads_obj);
  const nqueens::KQueensTable t = count_k_table(n, k, threads);
  const auto i = static_cast<std::size_t>(k);
  return py::make_tuple(n, k, t.total[i], t.unique[i]);
}

// Row k: (n, k, total, unique), for every k = 0..n.
py::list table(py::object n_arg, py::object threads_obj) {
  const int n = static_cast<int>(int_arg(n_arg, 1, nqueens::kMaxKQueensN, "N"));
  const int threads = threads_arg(threads_obj);
  const nqueens::KQueensTable t = count_k_table(n, -1, threads);
  py::list rows;
  for (std::size_t k = 0; k < t.total.size(); ++k)
    rows.append(py::make_tuple(n, static_cast<int>(k), t.total[k], t.unique[k]));
  return rows;
}

// ---- text and pictures ----------------------------------------------------------------------

std::string to_string(py::object p, py::object format_obj) {
  const Solution s = columns_arg(p, "the solution");
  const nqueens::Format format = format_arg(format_obj, static_cast<int>(s.size()));
  if (format == nqueens::Format::board && s.size() > 1000)
    throw py::value_error("format board needs N <= 1000 (N^2 characters)");
  return nqueens::format_solution(s, format);
}

std::string svg(py::object p, py::object cell_arg, py::object coordinates_arg,
                py::object mark_attacks_arg) {
  const Solution s = columns_arg(p, "the solution");
  if (static_cast<int>(s.size()) > nqueens::kMaxRenderN)
    throw py::value_error("svg draws boards up to N = " + std::to_string(nqueens::kMaxRenderN));
  nqueens::RenderOptions o;
  o.cell = static_cast<int>(int_arg(cell_arg, 0, 200, "cell"));
  o.coordinates = bool_arg(coordinates_arg, "coordinates");
  o.mark_attacks = bool_arg(mark_attacks_arg, "mark_attacks");
  return nqueens::render_svg(nqueens::to_placement(s), o);
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "The compiled part of the nqueens package: the functions behind nqueens and nqueens.sudoku, "
      "which document them and make their results (import nqueens).";
  // Each docstring opens with the function's text signature ("name(args)\n--\n\n"), which
  // inspect.signature and stubtest read; pybind11's own would say `object` for every argument
  // (they are checked by hand, for the command line's messages).
  py::options options;
  options.disable_function_signatures();
  // The first C++ exception a thread throws allocates libstdc++'s per-thread exception state,
  // and where memory has run out glibc aborts the process there ("cannot allocate memory for
  // thread-local data") instead of the MemoryError being raised; the importing thread pays now.
  try {
    throw std::bad_alloc();
  } catch (const std::bad_alloc&) {
  }
  m.attr("__version__") = nqueens::kVersion;
  py::module_::import("atexit").attr("register")(py::cpp_function(&wait_for_detached_work_at_exit));
  m.attr("MAX_COUNT_N") = nqueens::kMaxCountN;
  m.attr("MAX_LIST_N") = nqueens::kMaxListN;
  m.attr("MAX_RANK_N") = nqueens::kMaxRankN;
  m.attr("MAX_RANK_ALL_N") = nqueens::kMaxRankAllN;
  m.attr("MAX_ARRAY_N") = kMaxArrayN;
  make_column_ints();
  m.attr("MAX_FIND_N") = nqueens::kMaxConstructN;
  m.attr("MAX_COMPLETE_N") = nqueens::kMaxCompleteN;
  m.attr("MAX_K_QUEENS_N") = nqueens::kMaxKQueensN;

  m.def("count", &count, py::arg("n"), py::arg("threads"), py::arg("method"), py::arg("kernel"),
        py::arg("table_memory"),
        "count(n, threads, method, kernel, table_memory)\n--\n\n"
        "nqueens.count's work: (n, total, unique, classes, method, threads, jobs, seconds).");

  g_iterator_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&g_iterator_spec));
  if (g_iterator_type == nullptr) throw py::error_already_set();
  m.attr("SolutionIterator") = py::handle(reinterpret_cast<PyObject*>(g_iterator_type));
  m.def(
      "solutions",
      [](py::object n_arg, py::object unique_arg) {
        const int n = static_cast<int>(int_arg(n_arg, 1, nqueens::kMaxListN, "N"));
        return make_solution_iterator(n, bool_arg(unique_arg, "unique"));
      },
      py::arg("n"), py::arg("unique"),
      "solutions(n, unique)\n--\n\nnqueens.solutions: a SolutionIterator.");
  m.def(
      "_live_solution_iterators", [] { return g_live_enumerators.load(); },
      "_live_solution_iterators()\n--\n\n"
      "How many solution iterators still hold a search state (for tests).");
  m.def("_wait_for_stopped_work", &wait_for_detached_work,
        "_wait_for_stopped_work()\n--\n\n"
        "Wait until work stopped by Ctrl-C has wound down on its threads (for tests).");

  m.def("solutions_array", &solutions_array, py::arg("n"), py::arg("unique"),
        "solutions_array(n, unique)\n--\n\nnqueens.solutions_array: a (count, n) uint8 array.");
  m.def("solution", &solution_at, py::arg("n"), py::arg("index"), py::arg("unique"),
        "solution(n, index, unique)\n--\n\nnqueens.solution: a tuple of columns.");
  m.def("rank", &rank_of, py::arg("p"), py::arg("unique"),
        "rank(p, unique)\n--\n\nnqueens.rank: the 0-based index of a solution.");
  m.def("verify", &verify, py::arg("p"),
        "verify(p)\n--\n\nnqueens.verify's work: (valid, reason, n, queens, attacking_pairs).");
  m.def("find", &find, py::arg("n"), py::arg("random"), py::arg("seed"),
        "find(n, random, seed)\n--\n\n"
        "nqueens.find: a nqueens.FoundSolution, its seed None for the construction.");
  m.def("complete", &complete, py::arg("n"), py::arg("fixed"), py::arg("blocked"), py::arg("count"),
        py::arg("all"), py::arg("limit"),
        "complete(n, fixed, blocked, count, all, limit)\n--\n\n"
        "nqueens.complete: a completion, None, a count or a list of completions.");
  m.def("complete_each", &complete_each, py::arg("n"), py::arg("fixed"), py::arg("blocked"),
        py::arg("limit"), py::arg("visit"),
        "complete_each(n, fixed, blocked, limit, visit)\n--\n\n"
        "Every completion, handed to visit in lists as the search finds them; how many.");
  m.def("count_k", &count_k, py::arg("n"), py::arg("k"), py::arg("threads"),
        "count_k(n, k, threads)\n--\n\nnqueens.count_k's work: (n, k, total, unique).");
  m.def("table", &table, py::arg("n"), py::arg("threads"),
        "table(n, threads)\n--\n\nnqueens.table's work: (n, k, total, unique) for k = 0..n.");
  m.def("to_string", &to_string, py::arg("p"), py::arg("format"),
        "to_string(p, format)\n--\n\nnqueens.to_string: a solution as the command line prints it.");
  m.def("svg", &svg, py::arg("p"), py::arg("cell"), py::arg("coordinates"), py::arg("mark_attacks"),
        "svg(p, cell, coordinates, mark_attacks)\n--\n\nnqueens.svg.");
  m.def(
      "kernel_tier",
      [](py::object kernel) {
        const std::optional<nqueens::KernelTier> tier = kernel_arg(kernel);
        return std::string(
            nqueens::kernel_tier_name(tier ? *tier : nqueens::default_kernel_tier()));
      },
      py::arg("kernel"),
      "kernel_tier(kernel)\n--\n\nnqueens.kernel_tier: the tier a count with this kernel uses.");

  define_sudoku(m);
}

}  // namespace nqueens_python
