// The branch rules of the symmetry-reduced search (internal): which squares a row may take in
// the corner and edge branches. Valid C++17 and marked host + device, because the CUDA kernel
// (src/cuda/gpu_search.hpp) compiles the very same functions for the GPU.
#pragma once

#include <cstdint>

#include "nqueens/branch.hpp"

#if defined(__CUDACC__)
#define NQ_HOST_DEVICE __host__ __device__
#else
#define NQ_HOST_DEVICE
#endif

namespace nqueens::kernels {

using Row = std::uint32_t;

NQ_HOST_DEVICE inline Row lowest_bit(Row x) {
  return x & (0u - x);
}

// Shared by the job generator, the CPU kernels and the GPU kernel, so a job prefix obeys
// exactly the rules every search applies below it.
struct BranchRules {
  int n = 0;
  Branch branch = Branch::whole;
  int bound1 = 0;     // corner: column of row 1's queen; edge: column of row 0's queen
  int bound2 = 0;     // edge: N-1-bound1, the last row where an edge-column queen may stand
  Row mask = 0;       // the N board columns
  Row sides = 0;      // edge: columns 0 and N-1
  Row last_mask = 0;  // edge: bottom-row columns closer than bound1 to a corner (forbidden)
  Row end_bit = 0;    // edge: bottom-row column N-1-bound1 (a 180-degree tie)
  Row top_bit = 0;    // column N-1

  NQ_HOST_DEVICE static BranchRules make(int n, Branch branch, int bound1) {
    BranchRules r;
    r.n = n;
    r.branch = branch;
    r.bound1 = bound1;
    r.bound2 = n - 1 - bound1;
    r.mask = n == 32 ? ~Row{0} : (Row{1} << n) - 1;
    r.top_bit = Row{1} << (n - 1);
    r.sides = r.top_bit | 1u;
    if (branch == Branch::edge) {
      const Row low = (Row{1} << bound1) - 1;  // columns 0 .. bound1-1
      r.last_mask = low | (low << (n - bound1));
      r.end_bit = Row{1} << (n - 1 - bound1);
    }
    return r;
  }

  // Free squares of `row` (not the last row) given the attack masks, after the branch's
  // symmetry restrictions.
  NQ_HOST_DEVICE Row candidates(int row, Row left, Row down, Row right) const {
    Row free = mask & ~(left | down | right);
    if (branch == Branch::corner) {
      if (row < bound1) free &= ~Row{2};  // column 1's queen must lie below row bound1
    } else if (branch == Branch::edge) {
      if (row < bound1) {
        free &= ~sides;  // an edge-column queen this close to a top corner would be a
                         // smaller representative after a rotation
      } else if (row == bound2) {
        // Edge columns must be used by row bound2 at the latest (symmetric to the rule above).
        if ((down & sides) == 0) return 0;
        if ((down & sides) != sides) free &= sides;
      }
    }
    return free;
  }

  // Free squares of the last row that the branch accepts as a leaf.
  NQ_HOST_DEVICE Row last_row(Row left, Row down, Row right) const {
    Row free = mask & ~(left | down | right);
    if (branch == Branch::edge) free &= ~last_mask;
    return free;
  }
};

}  // namespace nqueens::kernels
