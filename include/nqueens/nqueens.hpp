// nqueens: the whole public API in one include.
//
//   #include <nqueens/nqueens.hpp>
//
//   nqueens::CountResult r = nqueens::count_solutions({.n = 12, .threads = 0});
//   // r.total() == 14200 (OEIS A000170), r.unique() == 1787 (A002562),
//   // r.classes.size8 / size4 / size2: fundamental solutions by symmetry-class size
//
//   for (const nqueens::Solution& s : nqueens::solutions(8))       // lazily, lexicographic
//     std::puts(nqueens::format_solution(s, nqueens::Format::perm).c_str());
//
//   nqueens::Solution c = nqueens::canonical_form({0, 4, 7, 5, 2, 6, 1, 3});
//   bool ok = nqueens::verify(nqueens::to_placement(c)).valid;
//
// Jobs (jobs.hpp) expose the split of a count into independent pieces for schedulers.
#pragma once

#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/format.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/solution.hpp"
#include "nqueens/verify.hpp"
#include "nqueens/version.hpp"
