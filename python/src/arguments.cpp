#include "arguments.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <random>
#include <string>

#include "interrupt.hpp"
#include "nqueens/parallel.hpp"

namespace nqueens_python {

std::string text_of(py::handle value) {
  return py::str(value).cast<std::string>();
}

namespace {

// numpy's bool scalar (numpy.bool_, numpy.bool in numpy 2): a truth value, not a number, although
// it has __index__.
bool is_numpy_bool(py::handle value) {
  const char* name = Py_TYPE(value.ptr())->tp_name;
  return std::strcmp(name, "numpy.bool_") == 0 || std::strcmp(name, "numpy.bool") == 0;
}

// An int, or an integer-like object (numpy's integers) through __index__; not bool, not float.
bool is_whole_number(py::handle value) {
  PyObject* v = value.ptr();
  if (PyBool_Check(v) || is_numpy_bool(value)) return false;
  return PyLong_Check(v) || (PyIndex_Check(v) && !PyFloat_Check(v));
}

[[noreturn]] void not_whole(py::handle value, std::string_view what) {
  throw py::type_error(std::string(what) + " must be a whole number, got '" + text_of(value) + "'");
}

// The value as an exact Python int (its __index__).
py::int_ index_of(py::handle value) {
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(index.release());
}

// The value as a long long; overflow is -1 (below) or +1 (above the long long range).
long long whole_number(py::handle value, std::string_view what, int& overflow) {
  if (!is_whole_number(value)) not_whole(value, what);
  overflow = 0;
  return PyLong_AsLongLongAndOverflow(index_of(value).ptr(), &overflow);
}

}  // namespace

long long int_arg_clamped(py::handle value, long long lo, long long hi, std::string_view what) {
  int overflow = 0;
  const long long v = whole_number(value, what, overflow);
  if (overflow != 0) return overflow < 0 ? lo : hi;
  return std::clamp(v, lo, hi);
}

long long int_arg(py::handle value, long long lo, long long hi, std::string_view what) {
  int overflow = 0;
  const long long v = whole_number(value, what, overflow);
  if (overflow != 0 || v < lo || v > hi)
    throw py::value_error(std::string(what) + " must be between " + std::to_string(lo) + " and " +
                          std::to_string(hi) + ", got " + text_of(value));
  return v;
}

std::uint64_t uint64_arg(py::handle value, std::string_view what) {
  if (!is_whole_number(value)) not_whole(value, what);
  const unsigned long long v = PyLong_AsUnsignedLongLong(index_of(value).ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(std::string(what) + " must be between 0 and 18446744073709551615, got " +
                          text_of(value));
  }
  return v;
}

bool bool_arg(py::handle value, std::string_view what) {
  if (PyBool_Check(value.ptr())) return value.ptr() == Py_True;
  if (is_numpy_bool(value)) return PyObject_IsTrue(value.ptr()) == 1;
  throw py::type_error(std::string(what) + " must be True or False, got '" + text_of(value) + "'");
}

std::string str_arg(py::handle value, std::string_view what) {
  if (!PyUnicode_Check(value.ptr()))
    throw py::type_error(std::string(what) + " must be a string, got '" + text_of(value) + "'");
  return value.cast<std::string>();
}

int threads_arg_in(py::handle value) {
  try {
    return static_cast<int>(int_arg(value, 0, nqueens::kMaxThreads, "threads"));
  } catch (const py::value_error&) {  // the command line's words for -j
    throw py::value_error("threads must be between 0 (all cores) and " +
                          std::to_string(nqueens::kMaxThreads) + ", got " + text_of(value));
  }
}

std::vector<long long> int_sequence_arg(py::handle value, std::string_view what,
                                        std::string_view items) {
  if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || !PySequence_Check(value.ptr()))
    throw py::type_error(std::string(what) + " must be a sequence of " + std::string(items) +
                         ", got '" + text_of(value) + "'");
  const py::sequence seq = py::reinterpret_borrow<py::sequence>(value);
  std::vector<long long> out;
  out.reserve(seq.size());
  for (py::handle item : seq) {
    if (!is_whole_number(item))
      throw py::type_error(std::string(what) + " must be a sequence of " + std::string(items) +
                           ", got '" + text_of(item) + "' in it");
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(index_of(item).ptr(), &overflow);
    out.push_back(overflow != 0 ? (overflow > 0 ? (1LL << 62) : -(1LL << 62)) : v);
  }
  return out;
}

std::uint64_t random_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

py::int_ to_python_int(nqueens::Count value) {
  const auto high = static_cast<unsigned long long>(value >> 64);
  const auto low = static_cast<unsigned long long>(value);
  if (high == 0) return py::int_(low);
  py::object h = py::int_(high);
  py::object shifted = h.attr("__lshift__")(64);
  return py::reinterpret_steal<py::int_>(PyNumber_Or(shifted.ptr(), py::int_(low).ptr()));
}

namespace {
std::mutex g_detached_mutex;
std::condition_variable g_detached_done;
int g_detached = 0;
}  // namespace

void begin_detached_work() {
  std::lock_guard lock(g_detached_mutex);
  ++g_detached;
}

void end_detached_work() {
  std::lock_guard lock(g_detached_mutex);
  if (--g_detached == 0) g_detached_done.notify_all();
}

void wait_for_detached_work() {
  py::gil_scoped_release release;
  std::unique_lock lock(g_detached_mutex);
  g_detached_done.wait(lock, [] { return g_detached == 0; });
}

bool wait_for_detached_work_at_exit() {
  py::gil_scoped_release release;
  std::unique_lock lock(g_detached_mutex);
  return g_detached_done.wait_for(lock, kExitWait, [] { return g_detached == 0; });
}

}  // namespace nqueens_python
