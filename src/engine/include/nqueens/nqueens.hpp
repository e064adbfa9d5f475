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
// This header includes every public header of the library; what it includes is the API we
// keep (docs/ARCHITECTURE.md, "The public API"). Each header belongs to one layer, the CMake
// target that implements it (src/CMakeLists.txt):
//   board:   solution (types, symmetry), verify, format, render, count_types, job, branch,
//            known_counts (the published counts)
//   kernels: enumerate, rank, trace, construct, local_search, complete, placements (k queens
//            one by one), kernel_tier
//   engine:  count, jobs, parallel, run (long runs, RunSession), checkpoint (records), job_log,
//            fixed_points (the turns' fixed points, the class-split check), kqueens (k queens
//            counted on threads), rank_tables (the prefix tables recounted), version, and this
//            header
#pragma once

#include "nqueens/branch.hpp"
#include "nqueens/checkpoint.hpp"
#include "nqueens/complete.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/count.hpp"
#include "nqueens/count_types.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/fixed_points.hpp"
#include "nqueens/format.hpp"
#include "nqueens/job.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/kqueens.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/parallel.hpp"
#include "nqueens/placements.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/rank_tables.hpp"
#include "nqueens/render.hpp"
#include "nqueens/run.hpp"
#include "nqueens/solution.hpp"
#include "nqueens/trace.hpp"
#include "nqueens/verify.hpp"
#include "nqueens/version.hpp"
