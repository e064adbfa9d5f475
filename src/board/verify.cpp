#include "nqueens/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "nqueens/format.hpp"

namespace nqueens {

std::string_view name(Line line) {
  switch (line) {
    case Line::square:
      return "square";
    case Line::row:
      return "row";
    case Line::column:
      return "column";
    case Line::diagonal:
      return "diagonal";
    case Line::anti_diagonal:
      return "anti-diagonal";
  }
  return "?";
}

namespace {

// One bit per line: enough to accept a valid board, and to see that a line already holds a
// queen. A 10^7-queen solution needs 7.5 MB here.
class LineBits {
 public:
  explicit LineBits(std::size_t size) : words_((size + 63) / 64, 0) {}
  // Marks the line; false if it was already marked.
  bool mark(std::size_t line) {
    std::uint64_t& w = words_[line / 64];
    const std::uint64_t bit = std::uint64_t{1} << (line % 64);
    const bool fresh = (w & bit) == 0;
    w |= bit;
    return fresh;
  }

 private:
  std::vector<std::uint64_t> words_;
};

// True if the queens are exactly N on the board, one per row, column and diagonal.
template <typename SquareAt>
bool is_valid_fast(int n_int, std::size_t count, SquareAt square_at) {
  if (n_int < 1 || count != static_cast<std::size_t>(n_int)) return false;
  const auto n = static_cast<std::size_t>(n_int);
  LineBits rows(n), cols(n), diags(2 * n), antis(2 * n);
  for (std::size_t i = 0; i < count; ++i) {
    const Square q = square_at(i);
    if (q.row < 0 || q.col < 0 || q.row >= n_int || q.col >= n_int) return false;
    const auto r = static_cast<std::size_t>(q.row), c = static_cast<std::size_t>(q.col);
    if (!rows.mark(r) || !cols.mark(c) || !diags.mark(r + n - 1 - c) || !antis.mark(r + c))
      return false;
  }
  return true;
}

bool on_board(Square q, int n) {
  return q.row >= 0 && q.col >= 0 && q.row < n && q.col < n;
}

// The four line families. Keys: row r, column c, diagonal r - c + n - 1, anti-diagonal r + c.
constexpr Line kFamilies[] = {Line::row, Line::column, Line::diagonal, Line::anti_diagonal};

std::size_t line_key(Line family, Square q, std::size_t n) {
  const auto r = static_cast<std::size_t>(q.row), c = static_cast<std::size_t>(q.col);
  switch (family) {
    case Line::row:
      return r;
    case Line::column:
      return c;
    case Line::diagonal:
      return r + n - 1 - c;
    default:
      return r + c;
  }
}

// Sum over the lines of one family of C(queens on the line, 2). The lines are counted a block
// of keys at a time, in one array of an eighth of the queens' number (half a byte a queen), so
// the whole check needs about 1 byte a queen besides the placement instead of 40: a few more
// passes over the queens (about 40 when N equals the number of queens), each a simple loop.
template <Line family, typename SquareAt>
std::uint64_t pairs_on_lines(std::size_t n, std::size_t count, SquareAt square_at,
                             std::vector<std::uint32_t>& block) {
  const std::size_t range = family == Line::row || family == Line::column ? n : 2 * n;
  std::uint64_t pairs = 0;
  for (std::size_t low = 0; low < range; low += block.size()) {
    const std::size_t size = std::min(block.size(), range - low);
    std::fill(block.begin(), block.begin() + static_cast<std::ptrdiff_t>(size), 0u);
    for (std::size_t i = 0; i < count; ++i) {
      const Square q = square_at(i);
      if (!on_board(q, static_cast<int>(n))) continue;
      const std::size_t key = line_key(family, q, n) - low;  // wraps below `low`
      if (key < size) ++block[key];
    }
    for (std::size_t k = 0; k < size; ++k)
      pairs += std::uint64_t{block[k]} * (block[k] - (block[k] > 0 ? 1u : 0u)) / 2;
  }
  return pairs;
}

// The check behind both verify() overloads. Queens are read through `square_at` in input order;
// `one_per_row` says that no two queens can share a row (a permutation line), so that no square
// can hold two queens. Memory besides the input: 6 bits a line of the board (which lines hold
// a queen) and the count block of pairs_on_lines; a placement with two queens in some row also
// sorts a copy of its squares (8 bytes a queen) to count the queens on one square, or, given
// `sortable` (the queens themselves, which the caller lets go of), sorts those in place.
template <typename SquareAt>
VerifyResult check(int n_int, std::size_t count, SquareAt square_at, bool one_per_row,
                   std::size_t max_reported, std::vector<Square>* sortable = nullptr) {
  VerifyResult res;
  res.n = n_int;
  res.queens = count;
  if (is_valid_fast(n_int, count, square_at)) {
    res.valid = true;  // the common case for big inputs: no need to locate attacks
    return res;
  }
  if (count >= 0xffffffffu) throw std::invalid_argument("too many queens to verify");
  const auto n = static_cast<std::size_t>(n_int > 0 ? n_int : 0);

  // The first `max_reported` attacks in input order, each with the first queen on that line
  // (or square), found by a scan of the earlier queens: at most max_reported scans.
  auto first_on = [&](std::size_t i, auto same) -> std::size_t {
    for (std::size_t j = 0; j < i; ++j)
      if (const Square s = square_at(j); on_board(s, n_int) && same(s)) return j;
    return i;
  };
  bool rows_distinct = true;
  {  // the bits are let go before the counts below are taken
    LineBits rows(n), cols(n), diags(2 * n), antis(2 * n);
    for (std::size_t i = 0; i < count; ++i) {
      const Square q = square_at(i);
      if (!on_board(q, n_int)) {
        res.off_board.push_back(q);
        continue;
      }
      const std::size_t keys[] = {line_key(Line::row, q, n), line_key(Line::column, q, n),
                                  line_key(Line::diagonal, q, n),
                                  line_key(Line::anti_diagonal, q, n)};
      const bool fresh[] = {rows.mark(keys[0]), cols.mark(keys[1]), diags.mark(keys[2]),
                            antis.mark(keys[3])};
      if (!fresh[0]) rows_distinct = false;
      if (res.attacks.size() >= max_reported || (fresh[0] && fresh[1] && fresh[2] && fresh[3]))
        continue;
      if (!fresh[0] && !fresh[1] && !fresh[2] && !fresh[3]) {
        // Two queens on one square share every line; report it once, as such.
        const std::size_t j = first_on(i, [&](Square s) { return s == q; });
        if (j < i) {
          res.attacks.push_back({square_at(j), q, Line::square});
          continue;
        }
      }
      for (int f = 0; f < 4 && res.attacks.size() < max_reported; ++f) {
        if (fresh[f]) continue;
        const Line family = kFamilies[f];
        const std::size_t j =
            first_on(i, [&](Square s) { return line_key(family, s, n) == keys[f]; });
        res.attacks.push_back({square_at(j), q, family});
      }
    }
  }

  // Exact pair count. Two queens on different squares share at most one line; two on one
  // square share all four, so each such pair was counted four times.
  std::vector<std::uint32_t> block(std::min(std::max(count / 8, std::size_t{1} << 16), 2 * n + 1));
  std::uint64_t pairs = 0;
  if (!(one_per_row || rows_distinct))
    pairs += pairs_on_lines<Line::row>(n, count, square_at, block);
  pairs += pairs_on_lines<Line::column>(n, count, square_at, block);
  pairs += pairs_on_lines<Line::diagonal>(n, count, square_at, block);
  pairs += pairs_on_lines<Line::anti_diagonal>(n, count, square_at, block);
  block = {};
  if (!(one_per_row || rows_distinct) && sortable != nullptr) {
    // Every reader of square_at is done: the queens may move.
    std::vector<Square>& q = *sortable;
    std::sort(q.begin(), q.end());
    for (std::size_t i = 0; i < q.size();) {
      std::size_t j = i;
      while (j < q.size() && q[j] == q[i]) ++j;
      const std::uint64_t k = on_board(q[i], n_int) ? j - i : 0;
      pairs -= 3 * (k * (k - 1) / 2);
      i = j;
    }
  } else if (!(one_per_row || rows_distinct)) {
    std::vector<std::uint64_t> squares;
    squares.reserve(count - res.off_board.size());
    for (std::size_t i = 0; i < count; ++i)
      if (const Square q = square_at(i); on_board(q, n_int))
        squares.push_back(std::uint64_t{static_cast<std::uint32_t>(q.row)} * n +
                          static_cast<std::uint32_t>(q.col));
    std::sort(squares.begin(), squares.end());
    for (std::size_t i = 0; i < squares.size();) {
      std::size_t j = i;
      while (j < squares.size() && squares[j] == squares[i]) ++j;
      const std::uint64_t k = j - i;
      pairs -= 3 * (k * (k - 1) / 2);
      i = j;
    }
  }
  res.attacking_pairs = pairs;
  res.valid = res.off_board.empty() && res.attacking_pairs == 0 && n_int >= 1 && count == n;
  return res;
}

}  // namespace

VerifyResult verify(const Placement& p, std::size_t max_reported) {
  return check(
      p.n, p.queens.size(), [&](std::size_t i) { return p.queens[i]; }, false, max_reported);
}

VerifyResult verify(Placement&& p, std::size_t max_reported) {
  return check(
      p.n, p.queens.size(), [&](std::size_t i) { return p.queens[i]; }, false, max_reported,
      &p.queens);
}

VerifyResult verify_columns(const Solution& columns, std::size_t max_reported) {
  if (columns.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::invalid_argument("too many queens to verify");
  return check(
      static_cast<int>(columns.size()), columns.size(),
      [&](std::size_t i) {
        return Square{static_cast<int>(i), columns[i]};
      },
      true, max_reported);
}

bool is_solution(const Solution& solution) {
  return is_valid_fast(static_cast<int>(solution.size()), solution.size(), [&](std::size_t i) {
    return Square{static_cast<int>(i), solution[i]};
  });
}

std::string describe(const VerifyResult& r) {
  if (r.valid) return "valid";
  std::string out;
  auto sep = [&] {
    if (!out.empty()) out += "; ";
  };
  if (!r.off_board.empty()) {
    sep();
    out += fmt::format("queen {} is off the {}x{} board", square_name(r.off_board.front(), r.n),
                       r.n, r.n);
  }
  for (const Attack& a : r.attacks) {
    sep();
    if (a.line == Line::square)
      out += fmt::format("two queens on {}", square_name(a.first, r.n));
    else
      out += fmt::format("{} and {} share {} {}", square_name(a.first, r.n),
                         square_name(a.second, r.n), a.line == Line::anti_diagonal ? "an" : "a",
                         name(a.line));
  }
  if (r.attacking_pairs > r.attacks.size()) {
    sep();
    out += fmt::format("{} attacking pairs in all", r.attacking_pairs);
  }
  if (r.off_board.empty() && r.queens != static_cast<std::size_t>(r.n)) {
    sep();
    out += fmt::format("{} queens on a {}x{} board, a solution has {}", r.queens, r.n, r.n, r.n);
  }
  return out;
}

}  // namespace nqueens
