// Exact node counts of three GPU searches for N = 8..17 (one thread, CPU; see docs/GPU.md):
//   peer   ygch/n_queens's mirror-halved search (row 0 in the left half; odd N: the middle
//          column with row 1 in the left half), total only;
//   old    the per-thread search this backend had before (the project's branch rules; it
//          descends into every non-leaf child and pops in iterations of their own);
//   lanes  this backend's search (gpu_search.hpp): one placement per iteration, a child with
//          no candidates never pushed, exhausted frames dropped at once.
// A node is a queen placed on rows 0..N-2 (the last row is tested in place), the same for all
// three. Also printed: loop iterations per node, pushes per node, tie candidates, and, from
// the warp model (gpu_warp_model.hpp) where asked, the share of lane slots that placed a queen
// (busy lanes per warp iteration / 32).
// Usage: gpu_nodes [FROM [TO [MODEL_TO]]]   (default 8 17 15)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda/gpu_pipeline.hpp"
#include "cuda/gpu_warp_model.hpp"
#include "kernels/branch_rules.hpp"
#include "nqueens/jobs.hpp"

namespace {

using nqueens::Branch;
using nqueens::kernels::BranchRules;
using Row = std::uint32_t;

struct Counts {
  std::uint64_t nodes = 0, pushes = 0, pops = 0, ties = 0, solutions = 0;
};

void peer_below(int n, int row, Row cur, Row left, Row right, Counts& c) {
  const Row full = (Row{1} << n) - 1;
  for (Row v = full & ~(cur | left | right); v != 0; v &= v - 1) {
    const Row p = v & (0u - v);
    ++c.nodes;
    const Row nc = cur | p, nl = ((left | p) << 1) & full, nr = (right | p) >> 1;
    const Row next = full & ~(nc | nl | nr);
    if (row + 1 == n - 1) {
      c.solutions += static_cast<std::uint64_t>(__builtin_popcount(next));
      continue;
    }
    if (next != 0) {
      ++c.pushes;
      peer_below(n, row + 1, nc, nl, nr, c);
    }
  }
}

Counts peer(int n) {
  Counts c;
  const Row full = (Row{1} << n) - 1;
  for (Row v = (Row{1} << (n / 2)) - 1; v != 0; v &= v - 1) {
    const Row p = v & (0u - v);
    ++c.nodes;
    peer_below(n, 1, p, (p << 1) & full, p >> 1, c);
  }
  if (n % 2 == 1) {  // the middle column, row 1 in the left half
    const Row p = Row{1} << (n / 2);
    ++c.nodes;
    for (Row v = ((Row{1} << ((n - 2) / 2)) - 1) & ~(p | (p << 1) | (p >> 1)); v != 0; v &= v - 1) {
      const Row q = v & (0u - v);
      ++c.nodes;
      peer_below(n, 2, p | q, (((p << 1) | q) << 1) & full, ((p >> 1) | q) >> 1, c);
    }
  }
  c.solutions *= 2;
  return c;
}

// The project's rules: `old` counts the old loop's descents (every non-leaf placement) and
// pops; pushes here are the new loop's (children with candidates).
void ours_below(const BranchRules& r, int row, Row left, Row down, Row right, Row* board,
                Counts& c) {
  const int n = r.n;
  for (Row todo = r.candidates(row, left, down, right); todo != 0; todo &= todo - 1) {
    const Row bit = todo & (0u - todo);
    ++c.nodes;
    board[row] = bit;
    const Row l = (left | bit) << 1, d = down | bit, rt = (right | bit) >> 1;
    if (row + 1 == n - 1) {
      const Row last = r.last_row(l, d, rt);
      if (last != 0 && r.branch == Branch::edge &&
          (board[r.bound2] == 1u || last == r.end_bit || board[r.bound1] == r.top_bit))
        ++c.ties;
      continue;
    }
    ++c.pops;  // the old loop descends here and pops once when the child is exhausted
    if (r.candidates(row + 1, l, d, rt) != 0) ++c.pushes;
    ours_below(r, row + 1, l, d, rt, board, c);
  }
}

Counts ours(int n) {
  Counts c;
  Row board[32] = {};
  for (int b = 2; b <= n - 2; ++b) {
    const BranchRules r = BranchRules::make(n, Branch::corner, b);
    c.nodes += 2;
    board[0] = 1;
    board[1] = Row{1} << b;
    ours_below(r, 2, ((Row{1} << 1) | board[1]) << 1, 1 | board[1], board[1] >> 1, board, c);
  }
  for (int b = 1; b <= n - 1 - b; ++b) {
    const BranchRules r = BranchRules::make(n, Branch::edge, b);
    ++c.nodes;
    board[0] = Row{1} << b;
    ours_below(r, 1, board[0] << 1, board[0], board[0] >> 1, board, c);
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const int from = argc > 1 ? std::atoi(argv[1]) : 8;
  const int to = argc > 2 ? std::atoi(argv[2]) : 17;
  const int model_to = argc > 3 ? std::atoi(argv[3]) : 15;
  std::printf(
      "N\tpeer_nodes\tpeer_pushes/node\tours_nodes\tours/peer\told_iterations/node\t"
      "lanes_iterations/node\tlanes_pushes/node\ttie_candidates\tties/node\tmodel_busy_lanes\n");
  for (int n = from; n <= to; ++n) {
    const Counts p = peer(n), o = ours(n);
    const double on = static_cast<double>(o.nodes);
    std::string busy = "-";
    if (n <= model_to) {  // the warp model over the CPU's job list, as a GPU run does
      const nqueens::JobList list = nqueens::make_jobs(n);
      std::vector<nqueens::gpu::PackedJob> jobs;
      const int extra = nqueens::gpu::base_extra(n, list.depth);
      for (const nqueens::Job& j : list.jobs) jobs.push_back(nqueens::gpu::pack(n, j, extra));
      nqueens::gpu::HostChunkCounter model(n, std::size_t{1} << 26);
      std::vector<nqueens::gpu::PackedTally> t(jobs.size());
      std::vector<std::uint8_t> overflow(jobs.size());
      model.start(0, jobs.data(), jobs.size());
      model.wait(0, t.data(), overflow.data());
      char text[32];
      std::snprintf(text, sizeof text, "%.3f",
                    static_cast<double>(model.stats.placements) /
                        (32.0 * static_cast<double>(model.stats.iterations)));
      busy = text;
    }
    std::printf("%d\t%llu\t%.3f\t%llu\t%.4f\t%.3f\t%.3f\t%.3f\t%llu\t%.5f\t%s\n", n,
                static_cast<unsigned long long>(p.nodes),
                static_cast<double>(p.pushes) / static_cast<double>(p.nodes),
                static_cast<unsigned long long>(o.nodes), on / static_cast<double>(p.nodes),
                (on + static_cast<double>(o.pops)) / on, 1.0, static_cast<double>(o.pushes) / on,
                static_cast<unsigned long long>(o.ties), static_cast<double>(o.ties) / on,
                busy.c_str());
    std::fflush(stdout);
  }
}
