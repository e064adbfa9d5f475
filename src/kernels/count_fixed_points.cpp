// Solutions fixed by the half turn and by the quarter turn, each by a search of its own.
//
// Half turn. A solution fixed by it is its top floor(N/2) rows and their images: queen (r, c)
// comes with (N-1-r, N-1-c), and for odd N the centre square holds a queen. So the search
// places the pairs of rows 0, 1, ... down to the middle. The sets of used columns, sums r+c and
// differences c-r are symmetric under the turn (c -> N-1-c, s -> 2N-2-s, d -> -d), so a new
// pair is free exactly when its top queen's column, sum and difference are, and the pair does
// not attack itself: its two queens share the anti-diagonal r+c = N-1 or the diagonal r = c.
// Row r then sees the sums as a bit set shifted by r and the differences shifted by N-1-r:
//
//   sums:         bit s = r+c is taken      ->  (sums >> r) bit c
//   differences:  bit c-r+N-1 is taken      ->  (diffs >> (N-1-r)) bit c
//
// and the last pair row counts its free squares at once. The searched states grow about
// 10x per two N (4.7e8 at N = 24, 5.3e9 at 26), so count_fixed_points (the engine) runs the
// parts below on threads.
//
// Quarter turn. Its orbits have four squares (r, c), (c, N-1-r), (N-1-r, N-1-c), (N-1-c, r),
// so the lowest free row takes its queen with the other three; it is nonzero only for
// N = 4k or 4k+1 and takes milliseconds at any N up to 32.
#include "kernels/count_fixed_points.hpp"

#include <bit>

#include "kernels/bits.hpp"

namespace nqueens::kernels {

namespace {

// One state of the half-turn search: the row to place next and what the pairs above took.
struct HalfTurnState {
  int row = 0;
  Row cols = 0;
  std::uint64_t sums = 0, diffs = 0;
};

struct HalfTurnBoard {
  int n = 0;
  int pair_rows = 0;  // floor(N/2)
  Row mask = 0;

  Row free(const HalfTurnState& s) const {
    const int r = s.row;
    // Row r's pair may not sit on the anti-diagonal through the centre (c = N-1-r) nor on the
    // main diagonal (c = r): its two queens would attack each other.
    return mask & ~s.cols & ~static_cast<Row>(s.sums >> r) &
           ~static_cast<Row>(s.diffs >> (n - 1 - r)) & ~(Row{1} << (n - 1 - r)) & ~(Row{1} << r);
  }

  HalfTurnState place(const HalfTurnState& s, int c) const {
    const int r = s.row;
    HalfTurnState next;
    next.row = r + 1;
    next.cols = s.cols | Row{1} << c | Row{1} << (n - 1 - c);
    next.sums = s.sums | std::uint64_t{1} << (r + c) | std::uint64_t{1} << (2 * n - 2 - r - c);
    next.diffs =
        s.diffs | std::uint64_t{1} << (c - r + n - 1) | std::uint64_t{1} << (r - c + n - 1);
    return next;
  }

  // Solutions below s: s.row < pair_rows.
  std::uint64_t count(const HalfTurnState& s) const {
    Row f = free(s);
    if (s.row == pair_rows - 1) return static_cast<std::uint64_t>(std::popcount(f));
    std::uint64_t total = 0;
    for (; f != 0; f &= f - 1) total += count(place(s, std::countr_zero(f)));
    return total;
  }

  static HalfTurnBoard make(int n) { return {n, n / 2, column_mask(n)}; }

  HalfTurnState start() const {
    HalfTurnState s;
    if (n % 2 == 1) {  // the centre square is its own image
      const int m = n / 2;
      s.cols = Row{1} << m;
      s.sums = std::uint64_t{1} << (2 * m);
      s.diffs = std::uint64_t{1} << (n - 1);
    }
    return s;
  }
};

// A board for the quarter-turn search: rows, columns and both diagonal families as bit sets
// (diagonal r+c and anti-diagonal r-c+N-1 each fit in 64 bits for N <= 32).
struct Squares {
  int n;
  Row rows = 0, cols = 0;
  std::uint64_t sum = 0, diff = 0;
  bool free(int r, int c) const {
    return !(rows >> r & 1) && !(cols >> c & 1) && !(sum >> (r + c) & 1) &&
           !(diff >> (r - c + n - 1) & 1);
  }
  void put(int r, int c) {
    rows |= Row{1} << r;
    cols |= Row{1} << c;
    sum |= std::uint64_t{1} << (r + c);
    diff |= std::uint64_t{1} << (r - c + n - 1);
  }
  // Places the squares one by one, each checked against the ones before; false if any clash.
  template <int K>
  bool put_all(const int (&sq)[K][2]) {
    for (const auto& s : sq) {
      if (!free(s[0], s[1])) return false;
      put(s[0], s[1]);
    }
    return true;
  }
};

// The lowest free row gets its queen, together with the other three squares of its orbit.
std::uint64_t quarter_turn_from(const Squares& b) {
  const int n = b.n;
  if (b.rows == column_mask(n)) return 1;
  const int r = std::countr_one(b.rows);
  std::uint64_t count = 0;
  for (int c = 0; c < n; ++c) {
    Squares next = b;
    const int sq[4][2] = {{r, c}, {c, n - 1 - r}, {n - 1 - r, n - 1 - c}, {n - 1 - c, r}};
    if (next.put_all(sq)) count += quarter_turn_from(next);
  }
  return count;
}

}  // namespace

int fixed_half_turn_parts(int n) {
  return n >= 6 && n <= kMaxFixedPointN ? n * n : 1;
}

std::uint64_t count_fixed_half_turn_part(int n, int part) {
  if (n < 1 || n > kMaxFixedPointN || part < 0 || part >= fixed_half_turn_parts(n)) return 0;
  if (n == 1) return 1;
  const HalfTurnBoard board = HalfTurnBoard::make(n);
  const HalfTurnState start = board.start();
  if (fixed_half_turn_parts(n) == 1) return board.count(start);
  // Three or more pair rows: rows 0 and 1 take the part's columns, if they are free.
  const int c0 = part / n, c1 = part % n;
  if ((board.free(start) >> c0 & 1u) == 0) return 0;
  const HalfTurnState second = board.place(start, c0);
  if ((board.free(second) >> c1 & 1u) == 0) return 0;
  return board.count(board.place(second, c1));
}

std::uint64_t count_fixed_half_turn(int n) {
  std::uint64_t total = 0;
  for (int part = 0; part < fixed_half_turn_parts(n); ++part)
    total += count_fixed_half_turn_part(n, part);
  return total;
}

std::uint64_t count_fixed_quarter_turn(int n) {
  if (n < 1 || n > kMaxFixedPointN) return 0;
  if (n % 4 == 2 || n % 4 == 3) return 0;  // orbits of 4 cannot cover N or N-1 rows
  Squares b{n};
  if (n % 2 == 1) b.put(n / 2, n / 2);
  return quarter_turn_from(b);
}

}  // namespace nqueens::kernels
