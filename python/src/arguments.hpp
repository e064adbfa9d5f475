// Arguments from Python, checked with the command line's one-line messages: a value of the
// wrong kind raises TypeError ("N must be a whole number, got 'x'"), one out of range raises
// ValueError ("N must be between 1 and 32, got 40").
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/nqueens.hpp"

namespace nqueens_python {

namespace py = pybind11;

// str(value), for messages.
std::string text_of(py::handle value);

// A whole number in [lo, hi]; bool is refused although Python counts it as an int.
long long int_arg(py::handle value, long long lo, long long hi, std::string_view what);
// A whole number (TypeError as int_arg otherwise), clamped into [lo, hi]: for a range that a
// library call checks with its own message.
long long int_arg_clamped(py::handle value, long long lo, long long hi, std::string_view what);
// A whole number in [0, 2^64 - 1].
std::uint64_t uint64_arg(py::handle value, std::string_view what);
// True or False (numpy's bool too); ints are refused, so that a misplaced number is caught.
bool bool_arg(py::handle value, std::string_view what);
std::string str_arg(py::handle value, std::string_view what);
// A thread count as `-j` takes it: 0 (all cores) to nqueens::kMaxThreads.
int threads_arg_in(py::handle value);

// A sequence of whole numbers (list, tuple, range, numpy row, ...), not a string; `items` names
// them in the message ("the solution must be a sequence of column numbers, got ...").
std::vector<long long> int_sequence_arg(py::handle value, std::string_view what,
                                        std::string_view items = "column numbers");

// A seed for a random search that was given none (find, sudoku.generate): 64 bits from the
// system's entropy source.
std::uint64_t random_seed();

// An exact count as a Python int (counts beyond N = 29 need more than 64 bits).
py::int_ to_python_int(nqueens::Count value);

}  // namespace nqueens_python
