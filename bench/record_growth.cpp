// How the backtracker's work grows with N, for the record-run projections (docs/RECORD.md).
//
// A node is a queen placed on rows 0..N-2 of the symmetry-reduced search (the last row is tested
// in place), as in the reference search (src/kernels/count_kernel.hpp) below the job list's
// prefixes. Exact for small N: every job's subtree walked. Sampled for large N by Knuth's
// estimator: from each job of the list (every job, or one in STRIDE), PROBES random paths to the
// bottom, each choosing a free square uniformly and weighting by the product of the branching on
// the way; a path's weight at a level estimates that level's nodes below the job without bias.
// The jobs are split into 64 groups by index, and the spread of the groups' sums gives the
// standard error. The estimator's leaves (complete placements) are checked against the exact
// count where it is known, and the node estimate against the exact walk at small N.
//
// Usage: record_growth exact N [DEPTH]
//        record_growth sample N DEPTH PROBES [STRIDE] [SEED]
// Prints one tab-separated line: mode, N, depth, jobs used, nodes, its standard error (0 when
// exact), leaves, seconds.
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "kernels/branch_rules.hpp"
#include "nqueens/jobs.hpp"

namespace {

using nqueens::Branch;
using nqueens::Job;
using nqueens::kernels::BranchRules;
using Row = std::uint32_t;

struct Start {
  BranchRules rules;
  int row = 0;
  Row left = 0, down = 0, right = 0;
};

Start start_of(int n, const Job& job) {
  Start s;
  const int bound1 = job.branch == Branch::corner ? job.cols[1] : job.cols[0];
  s.rules = BranchRules::make(n, job.branch, bound1);
  for (int r = 0; r < job.depth; ++r) {
    const Row bit = Row{1} << job.cols[r];
    s.left = (s.left | bit) << 1;
    s.down |= bit;
    s.right = (s.right | bit) >> 1;
  }
  s.row = job.depth;
  return s;
}

struct Tally {
  double nodes = 0, leaves = 0;
};

// Every node below a start (rows start.row .. N-2).
void walk(const BranchRules& r, int row, Row left, Row down, Row right, Tally& t) {
  const int last = r.n - 1;
  for (Row c = r.candidates(row, left, down, right); c != 0; c &= c - 1) {
    const Row bit = c & (0u - c);
    t.nodes += 1;
    const Row l = (left | bit) << 1, d = down | bit, rt = (right | bit) >> 1;
    if (row + 1 == last)
      t.leaves += r.last_row(l, d, rt) != 0 ? 1 : 0;
    else
      walk(r, row + 1, l, d, rt, t);
  }
}

std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// One random path below a start: Knuth's estimate of the nodes and leaves below it.
Tally probe(const Start& s, std::uint64_t& rng) {
  const BranchRules& r = s.rules;
  const int last = r.n - 1;
  Row left = s.left, down = s.down, right = s.right;
  double weight = 1;
  Tally t;
  for (int row = s.row;; ++row) {
    Row c = r.candidates(row, left, down, right);
    const int k = std::popcount(c);
    if (k == 0) break;
    weight *= k;
    t.nodes += weight;
    for (auto pick = splitmix(rng) % static_cast<std::uint64_t>(k); pick > 0; --pick) c &= c - 1;
    const Row bit = c & (0u - c);
    left = (left | bit) << 1;
    down |= bit;
    right = (right | bit) >> 1;
    if (row + 1 == last) {
      t.leaves += r.last_row(left, down, right) != 0 ? weight : 0;
      break;
    }
  }
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: record_growth exact N [DEPTH] | sample N DEPTH PROBES [STRIDE] [SEED]\n");
    return 2;
  }
  const std::string mode = argv[1];
  const int n = std::atoi(argv[2]);
  const int depth = argc > 3 ? std::atoi(argv[3]) : 0;
  const auto t0 = std::chrono::steady_clock::now();
  constexpr int kGroups = 64;
  double group_nodes[kGroups] = {}, group_leaves[kGroups] = {};
  std::uint64_t used = 0;
  const bool exact = mode == "exact";
  const int probes = exact ? 0 : std::atoi(argv[4]);
  const int stride = !exact && argc > 5 ? std::atoi(argv[5]) : 1;
  std::uint64_t rng = !exact && argc > 6 ? std::strtoull(argv[6], nullptr, 10) : 1;
  nqueens::ShardJobs jobs(n, nqueens::CountMethod::backtrack, depth, nqueens::Shard{1, stride});
  for (nqueens::ShardJob j; jobs.next(j); ++used) {
    if (j.job.branch == Branch::whole) continue;
    const Start s = start_of(n, j.job);
    Tally t;
    if (exact) {
      walk(s.rules, s.row, s.left, s.down, s.right, t);
    } else {
      for (int p = 0; p < probes; ++p) {
        const Tally one = probe(s, rng);
        t.nodes += one.nodes / probes;
        t.leaves += one.leaves / probes;
      }
    }
    group_nodes[j.index % kGroups] += t.nodes * stride;
    group_leaves[j.index % kGroups] += t.leaves * stride;
  }
  double nodes = 0, leaves = 0, mean = 0, var = 0;
  for (int g = 0; g < kGroups; ++g) nodes += group_nodes[g], leaves += group_leaves[g];
  mean = nodes / kGroups;
  for (int g = 0; g < kGroups; ++g) var += (group_nodes[g] - mean) * (group_nodes[g] - mean);
  const double se = exact ? 0 : std::sqrt(kGroups * var / (kGroups - 1));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s\t%d\t%d\t%llu\t%.6e\t%.3e\t%.6e\t%.1f\n", mode.c_str(), n, jobs.depth(),
              static_cast<unsigned long long>(used), nodes, se, leaves, seconds);
  return 0;
}
