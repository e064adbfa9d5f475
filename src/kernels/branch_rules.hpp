// The branch rules of the symmetry-reduced search (internal): which squares a row may take in
// the corner and edge branches. Valid C++17 and marked host + device, because the CUDA kernel
// (src/cuda/gpu_search.hpp) compiles the very same functions for the GPU.
#pragma once

#include <cstdint>

#include "bits.hpp"  // Row, column_mask, lowest_bit, NQUEENS_HOST_DEVICE
#include "nqueens/branch.hpp"

namespace nqueens::kernels {

// Shared by the job generator, the CPU kernels and the GPU kernel, so a job prefix obeys
// exactly the rules every search applies below it.
//
// Edge branch (no corner queen): a border queen's distance is how far it stands from the
// nearer corner of its side. The representative of a class puts the border queen with the
// largest distance b on row 0, left of the middle (b <= N-1-b); every other border queen is
// at distance b or less, so the side columns take their queens on rows 1..b or N-1-b..N-2 and
// the bottom queen stands on columns 1..b or N-1-b..N-2. Ties (another border queen at
// distance b) are left to the leaf, which compares the board with the rotation that brings
// that queen to the top (classify_edge_leaf). For odd N and b = (N-1)/2 the top queen is the
// only one at that distance (every other distance-b square shares a line with it) and the
// mirror image is told apart by row 1's queen, left of the middle. Representing each class by
// its farthest border queen rather than its nearest forbids the side columns on the middle
// rows, where most of the search is, instead of on the first and last few: 0.78-0.81 of the
// edge-branch nodes at N = 13-16 with the same dead-end tests (a model of the search).
struct BranchRules {
  int n = 0;
  Branch branch = Branch::whole;
  int bound1 = 0;     // corner: column of row 1's queen; edge: column b of row 0's queen
  int bound2 = 0;     // edge: N-1-b (side-column queens stand on rows <= b or >= N-1-b)
  Row mask = 0;       // the N board columns
  Row sides = 0;      // edge: columns 0 and N-1
  Row last_mask = 0;  // edge: bottom-row columns forbidden (the corners, and farther than b)
  Row end_bit = 0;    // edge: bottom-row column N-1-b (a 180-degree tie)
  Row top_bit = 0;    // column N-1

  NQUEENS_HOST_DEVICE static BranchRules make(int n, Branch branch, int bound1) {
    BranchRules r;
    r.n = n;
    r.branch = branch;
    r.bound1 = bound1;
    r.bound2 = n - 1 - bound1;
    r.mask = column_mask(n);
    r.top_bit = Row{1} << (n - 1);
    r.sides = r.top_bit | 1u;
    if (branch == Branch::edge) {
      // Columns bound1+1 .. N-2-bound1 (none when bound1 is the middle of odd N).
      const Row middle = ((Row{1} << r.bound2) - 1) & ~((Row{2} << bound1) - 1);
      r.last_mask = r.sides | middle;
      r.end_bit = Row{1} << (n - 1 - bound1);
    }
    return r;
  }

  // Columns row `row` (not the last row, nor the rows the branch places itself) may not use,
  // whatever the queens above.
  NQUEENS_HOST_DEVICE Row forbidden(int row) const {
    // Corner: column 1's queen lies below row bound1.
    if (branch == Branch::corner) return row < bound1 ? Row{2} : 0;
    if (branch != Branch::edge) return 0;
    // Edge: side-column queens stand no farther than b from a corner; for the middle of odd N,
    // row 1's queen left of it.
    Row out = row > bound1 && row < bound2 ? sides : 0;
    if (row == 1 && bound1 == bound2) out |= mask & ~((Row{1} << bound1) - 1);
    return out;
  }

  // Free squares of `row` (not the last row) given the attack masks, after the branch's
  // symmetry restrictions.
  NQUEENS_HOST_DEVICE Row candidates(int row, Row left, Row down, Row right) const {
    return mask & ~(left | down | right | forbidden(row));
  }

  // The last row's squares the branch accepts as a leaf, whatever the queens above
  // (last_mask is 0 outside the edge branch).
  NQUEENS_HOST_DEVICE Row last_allowed() const { return mask & ~last_mask; }

  // Free squares of the last row that the branch accepts as a leaf.
  NQUEENS_HOST_DEVICE Row last_row(Row left, Row down, Row right) const {
    return last_allowed() & ~(left | down | right);
  }
};

}  // namespace nqueens::kernels
