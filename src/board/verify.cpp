#include "nqueens/verify.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <unordered_map>
#include <utility>

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

// For each line, the first queen seen on it and how many queens it holds: 8 bytes a line
// (queen indices fit in 32 bits: verify() refuses 2^32 - 1 queens or more).
class LineIndex {
 public:
  explicit LineIndex(std::size_t size) : first_(size, kNone), count_(size, 0) {}
  // Returns the index of the first queen already on this line, or -1; counts this queen.
  long long add(std::size_t line, long long queen) {
    const std::uint32_t prior = first_[line];
    if (prior == kNone) first_[line] = static_cast<std::uint32_t>(queen);
    ++count_[line];
    return prior == kNone ? -1 : static_cast<long long>(prior);
  }
  std::uint64_t pairs() const {
    std::uint64_t p = 0;
    for (std::uint32_t c : count_) p += std::uint64_t{c} * (c - (c > 0 ? 1u : 0u)) / 2;
    return p;
  }

 private:
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> first_;
  std::vector<std::uint32_t> count_;
};

// One bit per line: enough to accept a valid board. A 10^7-queen solution needs 7.5 MB here
// instead of 720 MB of LineIndex plus a 10^7-entry hash map (measured 0.1 s against 4 s).
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

}  // namespace

VerifyResult verify(const Placement& p, std::size_t max_reported) {
  VerifyResult res;
  res.n = p.n;
  res.queens = p.queens.size();
  if (is_valid_fast(p.n, p.queens.size(), [&](std::size_t i) { return p.queens[i]; })) {
    res.valid = true;  // the common case for big inputs: no need to locate attacks
    return res;
  }
  const auto n = static_cast<std::size_t>(p.n > 0 ? p.n : 0);
  if (p.queens.size() >= 0xffffffffu) throw std::invalid_argument("too many queens to verify");
  // Two queens on one square share a row. With one queen per row (a permutation line) there
  // is no shared square and no row attack, so neither the square map (about 50 bytes a queen)
  // nor the row index is built: a long invalid line then needs about 40 bytes a queen here
  // instead of 130.
  bool rows_distinct = true;
  {
    LineBits seen(n);
    for (const Square& q : p.queens)
      if (q.row >= 0 && q.col >= 0 && q.row < p.n && q.col < p.n &&
          !seen.mark(static_cast<std::size_t>(q.row))) {
        rows_distinct = false;
        break;
      }
  }
  LineIndex rows(rows_distinct ? 0 : n), cols(n), diags(2 * n + 1), antis(2 * n + 1);
  std::unordered_map<long long, long long> squares;  // only needed where lines coincide
  if (!rows_distinct) squares.reserve(p.queens.size());

  auto report = [&](long long prior, std::size_t i, Line line) {
    if (res.attacks.size() < max_reported)
      res.attacks.push_back({p.queens[static_cast<std::size_t>(prior)], p.queens[i], line});
  };
  std::uint64_t same_square_pairs = 0;
  for (std::size_t i = 0; i < p.queens.size(); ++i) {
    const Square q = p.queens[i];
    if (q.row < 0 || q.col < 0 || q.row >= p.n || q.col >= p.n) {
      res.off_board.push_back(q);
      continue;
    }
    const auto r = static_cast<std::size_t>(q.row), c = static_cast<std::size_t>(q.col);
    const long long key = static_cast<long long>(r) * p.n + static_cast<long long>(c);
    const auto [it, inserted] = rows_distinct ? std::pair{squares.end(), true}
                                              : squares.emplace(key, static_cast<long long>(i));
    if (!inserted) {
      // Two queens on one square share every line; report it once, as such.
      ++same_square_pairs;
      report(it->second, i, Line::square);
      rows.add(r, 0);  // only the per-line counts matter for a repeated square
      cols.add(c, 0);
      diags.add(r + n - c, 0);
      antis.add(r + c, 0);
      continue;
    }
    const auto idx = static_cast<long long>(i);
    if (long long j = rows_distinct ? -1 : rows.add(r, idx); j >= 0) report(j, i, Line::row);
    if (long long j = cols.add(c, idx); j >= 0) report(j, i, Line::column);
    if (long long j = diags.add(r + n - c, idx); j >= 0) report(j, i, Line::diagonal);
    if (long long j = antis.add(r + c, idx); j >= 0) report(j, i, Line::anti_diagonal);
  }
  // Exact pair count: per line C(k, 2); a shared square was counted on all four lines.
  res.attacking_pairs =
      rows.pairs() + cols.pairs() + diags.pairs() + antis.pairs() - 3 * same_square_pairs;
  res.valid = res.off_board.empty() && res.attacking_pairs == 0 && p.n >= 1 && res.queens == n;
  return res;
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
