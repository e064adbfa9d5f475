// k non-attacking queens on an N x N board: the whole row k = 0..N from one search.
//
// Why a search and not a transfer-matrix DP: a row-by-row DP over (columns, diagonals) states
// was measured first; it needed 4.9 million states at the middle row for N = 12 (x28 per two
// N, so ~140 million and ~10 GB for N = 14). The search below visits every partial placement
// once but keeps nothing, and does the last two rows in closed form (the empty/one/two-queen
// counts come from popcounts), which removes ~90% of the nodes; two refinements follow.
//   - Left-right mirror: the first queen (topmost row that has one) is put only in the left
//     half and counted twice; the middle column of an odd board counts once. Halves the work.
//   - Prefixes: every prefix down to a fixed depth after that first queen is counted on its
//     own, so the engine (src/engine/kqueens.cpp) runs them on all cores.
// Up to symmetry, Burnside's lemma: unique = (1/8) sum over the 8 transforms of the number of
// placements that transform fixes. Reflections in a row/column axis and in a diagonal fix
// only the empty board and single queens on the axis (two mirror queens share a row, column
// or anti-diagonal). Rotations by 90 and 180 degrees fix more; those are counted by a small
// search over the orbits of squares under the rotation (each orbit all-in or all-out).
#include "kqueens_search.hpp"

#include "bits.hpp"
#include "nqueens/placements.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace nqueens::kernels {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

class RowSearch {
 public:
  RowSearch(int n, int target)
      : n_(n),
        target_(target),
        mask_(column_mask<u32>(n)),
        count_(static_cast<std::size_t>(n) + 3, 0) {}

  void run(int r, int k, u32 d, u32 l, u32 rt, u64 mult) {
    if (target_ >= 0) {
      if (k == target_) {  // the remaining rows stay empty
        count_[static_cast<std::size_t>(k)] += mult;
        return;
      }
      if (k + (n_ - r) < target_) return;  // too few rows left to reach k
    }
    const u32 free = mask_ & ~(d | l | rt);
    const auto kk = static_cast<std::size_t>(k);
    if (r >= n_ - 2) {
      if (r == n_) {
        count_[kk] += mult;
      } else if (r == n_ - 1) {
        count_[kk] += mult;
        count_[kk + 1] += mult * static_cast<u64>(std::popcount(free));
      } else {
        // Two rows left: empty, one queen in either row, or one in each.
        const u32 free2 = mask_ & ~(d | ((l << 1) & mask_) | (rt >> 1));
        u64 two = 0;
        for (u32 f = free; f != 0; f &= f - 1) {
          const u32 b = lowest_bit(f);
          two += static_cast<u64>(std::popcount(free2 & ~(b | (b << 1) | (b >> 1))));
        }
        count_[kk] += mult;
        count_[kk + 1] += mult * static_cast<u64>(std::popcount(free) + std::popcount(free2));
        count_[kk + 2] += mult * two;
      }
      return;
    }
    run(r + 1, k, d, (l << 1) & mask_, rt >> 1, mult);
    for (u32 f = free; f != 0; f &= f - 1) {
      const u32 b = lowest_bit(f);
      run(r + 1, k + 1, d | b, ((l | b) << 1) & mask_, (rt | b) >> 1, mult);
    }
  }

  // Prefixes down to `depth` rows below the first queen, with the mirror reduction applied
  // to that first queen.
  void make_jobs(int r, int k, u32 d, u32 l, u32 rt, u64 mult, bool placed, int depth,
                 std::vector<KQueensPrefix>& jobs) const {
    if (r >= n_ - 2 || (placed && depth == 0)) {
      jobs.push_back({r, k, d, l, rt, mult});
      return;
    }
    make_jobs(r + 1, k, d, (l << 1) & mask_, rt >> 1, mult, placed, placed ? depth - 1 : depth,
              jobs);
    for (u32 f = mask_ & ~(d | l | rt); f != 0; f &= f - 1) {
      const u32 b = lowest_bit(f);
      u64 m = mult;
      if (!placed) {
        const int c = std::countr_zero(b);
        if (2 * c > n_ - 1) continue;  // the mirror image of a left-half queen
        m = 2 * c < n_ - 1 ? 2 : 1;    // the middle column is its own image
      }
      make_jobs(r + 1, k + 1, d | b, ((l | b) << 1) & mask_, (rt | b) >> 1, m, true,
                placed ? depth - 1 : depth, jobs);
    }
  }

  const std::vector<u64>& counts() const { return count_; }

 private:
  int n_;
  int target_;
  u32 mask_;
  std::vector<u64> count_;
};

// Placements fixed by a rotation: choose whole orbits of squares. Line masks: rows and
// columns n bits, diagonals 2n - 1 bits (fits 64 for n <= 32).
struct Orbit {
  u64 rows = 0, cols = 0, diag = 0, anti = 0;
  int size = 0;
};

class OrbitSearch {
 public:
  OrbitSearch(int n, Transform g, int target)
      : target_(target), count_(static_cast<std::size_t>(n) + 1, 0) {
    std::vector<char> seen(static_cast<std::size_t>(n * n), 0);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        if (seen[static_cast<std::size_t>(r * n + c)]) continue;
        Orbit o;
        bool ok = true;
        Square s{r, c};
        do {
          seen[static_cast<std::size_t>(s.row * n + s.col)] = 1;
          const u64 rb = u64{1} << s.row, cb = u64{1} << s.col,
                    db = u64{1} << (s.row - s.col + n - 1), ab = u64{1} << (s.row + s.col);
          if ((o.rows & rb) || (o.cols & cb) || (o.diag & db) || (o.anti & ab)) ok = false;
          o.rows |= rb, o.cols |= cb, o.diag |= db, o.anti |= ab;
          ++o.size;
          s = apply(g, s, n);
        } while (s != Square{r, c});
        if (ok) orbits_.push_back(o);  // an orbit whose squares attack each other never fits
      }
  }
  void run(std::size_t from, int k, const Orbit& used) {
    count_[static_cast<std::size_t>(k)] += 1;
    if (k == target_) return;
    for (std::size_t i = from; i < orbits_.size(); ++i) {
      const Orbit& o = orbits_[i];
      if ((o.rows & used.rows) | (o.cols & used.cols) | (o.diag & used.diag) | (o.anti & used.anti))
        continue;
      if (target_ >= 0 && k + o.size > target_) continue;
      Orbit next{used.rows | o.rows, used.cols | o.cols, used.diag | o.diag, used.anti | o.anti, 0};
      run(i + 1, k + o.size, next);
    }
  }
  const std::vector<u64>& counts() const { return count_; }

 private:
  int target_;
  std::vector<Orbit> orbits_;
  std::vector<u64> count_;
};

}  // namespace

std::vector<KQueensPrefix> kqueens_prefixes(int n, int target) {
  std::vector<KQueensPrefix> jobs;
  RowSearch(n, target).make_jobs(0, 0, 0, 0, 0, 1, false, 2, jobs);
  // Big subtrees first, so that no core is left with one long job at the end.
  std::stable_sort(jobs.begin(), jobs.end(),
                   [](const KQueensPrefix& a, const KQueensPrefix& b) { return a.row < b.row; });
  return jobs;
}

std::vector<std::uint64_t> kqueens_count_prefix(int n, int target, const KQueensPrefix& j) {
  RowSearch s(n, target);
  s.run(j.row, j.k, j.down, j.left, j.right, j.mult);
  std::vector<std::uint64_t> c = s.counts();
  c.resize(static_cast<std::size_t>(n) + 1);
  return c;
}

std::vector<std::uint64_t> kqueens_fixed_by(int n, Transform g, int target) {
  OrbitSearch s(n, g, target);
  s.run(0, 0, Orbit{});
  return s.counts();
}

}  // namespace nqueens::kernels

// The public listing functions of src/kernels/include/nqueens/placements.hpp (single-threaded
// searches).
namespace nqueens {

using u64 = std::uint64_t;

bool is_canonical_placement(const Placement& p) {
  std::vector<Square> base = p.queens;
  std::sort(base.begin(), base.end());
  std::vector<Square> image(base.size());
  for (Transform t : kAllTransforms) {
    for (std::size_t i = 0; i < base.size(); ++i) image[i] = apply(t, base[i], p.n);
    std::sort(image.begin(), image.end());
    if (image < base) return false;
  }
  return true;
}

namespace {

class KEnumerator {
 public:
  KEnumerator(int n, int k, const std::function<bool(const Placement&)>& visit, bool unique)
      : n_(n), k_(k), visit_(visit), unique_(unique), mask_(kernels::column_mask<u64>(n)) {
    p_.n = n;
  }
  void run(int r, u64 d, u64 l, u64 rt) {
    if (stop_) return;
    const int k = static_cast<int>(p_.queens.size());
    if (k == k_) {
      if (!unique_ || is_canonical_placement(p_)) {
        ++visited_;
        if (!visit_(p_)) stop_ = true;
      }
      return;
    }
    if (k + (n_ - r) < k_) return;
    // Queens in this row first: a list with a queen in row r sorts before one without.
    for (u64 f = mask_ & ~(d | l | rt); f != 0 && !stop_; f &= f - 1) {
      const u64 b = f & (u64{0} - f);
      p_.queens.push_back({r, std::countr_zero(b)});
      run(r + 1, d | b, ((l | b) << 1) & mask_, (rt | b) >> 1);
      p_.queens.pop_back();
    }
    run(r + 1, d, (l << 1) & mask_, rt >> 1);
  }
  u64 visited() const { return visited_; }

 private:
  int n_, k_;
  const std::function<bool(const Placement&)>& visit_;
  bool unique_;
  u64 mask_;
  Placement p_;
  bool stop_ = false;
  u64 visited_ = 0;
};

}  // namespace

std::uint64_t for_each_k_placement(int n, int k, const std::function<bool(const Placement&)>& visit,
                                   bool unique) {
  if (n < 1 || n > 64)
    throw std::invalid_argument(fmt::format("N must be between 1 and 64, got {}", n));
  if (k < 0 || k > n)
    throw std::invalid_argument(fmt::format("k must be between 0 and N = {}, got {}", n, k));
  KEnumerator e(n, k, visit, unique);
  e.run(0, 0, 0, 0);
  return e.visited();
}

}  // namespace nqueens
