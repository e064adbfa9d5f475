// n-Queens Completion by backtracking over rows with multiword bitsets.
//
// Rows with a fixed queen are done; the others are filled most-constrained-first: at each
// node every open row's candidate squares are computed (columns, both diagonals and blocked
// squares removed, N/64 words per row), the row with the fewest is branched on, and a row
// with none cuts the branch at once (forward checking). Measured on N = 200 with 5 fixed
// queens taken from a solution: about 200 nodes, a few ms; plain first-open-row
// backtracking hits thousands of dead ends on the same boards (bench/placement_bench.cpp).
//
// Diagonal bitsets are laid out so that one row's view of them is a plain shifted read:
//   anti[r + c]            for row r, columns 0.. are bits r, r+1, ...
//   drev[c - r + n - 1]    for row r, columns 0.. are bits n-1-r, n-r, ...
#include "nqueens/complete.hpp"
#include "nqueens/local_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>

#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

namespace nqueens {

namespace {

using u64 = std::uint64_t;

// Levels whose open rows take more than this many words to scan (open rows x N/64) branch on the
// next open row in a fixed order, O(N/64) a node, because scanning them all at every node makes
// a descent O(N^3 / 64); so every level scans up to N = 2048, the last 41 at N = 100,000.
constexpr std::size_t kMostConstrainedWords = std::size_t{1} << 16;

class CompletionSearch {
 public:
  explicit CompletionSearch(const CompletionProblem& p)
      : n_(p.n),
        words_((static_cast<std::size_t>(p.n) + 63) / 64),
        block_index_(static_cast<std::size_t>(p.n), -1),
        cols_(words_ + 2, 0),
        drev_(words_ * 3 + 4, 0),
        anti_(words_ * 3 + 4, 0),
        col_of_row_(static_cast<std::size_t>(p.n), -1),
        last_mask_(p.n % 64 == 0 ? ~u64{0} : (u64{1} << (p.n % 64)) - 1),
        scratch_(words_),
        reachable_(words_) {
    // Blocked squares are kept for the rows that have some, since a full N x N bitset is N^2 / 8
    // bytes (1.25 GB at N = 100,000) whether any square is blocked or not.
    for (Square s : p.blocked) {
      int& index = block_index_[static_cast<std::size_t>(s.row)];
      if (index < 0) {
        index = static_cast<int>(blocked_.size() / words_);
        blocked_.resize(blocked_.size() + words_, 0);
      }
      blocked_[static_cast<std::size_t>(index) * words_ + static_cast<std::size_t>(s.col) / 64] |=
          u64{1} << (s.col % 64);
    }
    for (Square s : p.fixed) place(s.row, s.col);
    for (int r = 0; r < n_; ++r)
      if (col_of_row_[static_cast<std::size_t>(r)] < 0) open_.push_back(r);
  }

  // Randomised value order and tie-breaks (0: none, deterministic order).
  void set_random(std::uint64_t seed) { rng_ = seed | 1; }
  // A completion whose column is tried first in every row: the first descent follows it.
  void set_guide(Solution guide) { guide_ = std::move(guide); }
  // The search gives up (run returns false, out_of_budget()) once its work passes max_work
  // units, or only until its first completion; 0 = no limit.
  void set_budget(std::uint64_t max_work, bool until_first) {
    budget_ = max_work;
    budget_until_first_ = until_first;
  }
  bool out_of_budget() const { return out_of_budget_; }
  std::uint64_t work() const { return work_; }
  std::uint64_t found() const { return found_; }

  // Visits completions until visit returns false; returns false when it did (or the budget
  // ran out). The levels with many open rows go in a loop of their own (a recursion N deep
  // would overflow the stack at large N), the rest by the recursive most-constrained search.
  bool run(const std::function<bool(const Solution&)>& visit) {
    struct Level {
      int row;
      int start;     // columns are tried from here on, cyclically (the guide's, a random one, 0)
      int col = -1;  // the column placed now, -1 before the first
    };
    std::vector<Level> levels;
    auto wide = [&] { return open_.size() * words_ > kMostConstrainedWords; };
    if (!wide()) return run_most_constrained(visit);
    auto push = [&] {
      const int row = open_.back();
      open_.pop_back();
      int start = 0;
      if (!guide_.empty())
        start = guide_[static_cast<std::size_t>(row)];
      else if (rng_ != 0)
        start = static_cast<int>(next_random() % static_cast<std::uint64_t>(n_));
      levels.push_back({row, start});
    };
    push();
    while (!levels.empty()) {
      Level& level = levels.back();
      if (level.col >= 0) unplace(level.row, level.col);
      candidates(level.row, scratch_.data());
      work_ += 2 * words_;
      level.col = next_column(level.start, level.col);
      if (level.col < 0) {
        open_.push_back(level.row);
        levels.pop_back();
        continue;
      }
      if (!spend()) return false;
      place(level.row, level.col);
      if (wide()) {
        push();
      } else if (!run_most_constrained(visit)) {
        return false;
      }
    }
    return true;
  }

 private:
  // One unit of work is one 64-bit word of one row's candidates computed; false once the
  // budget is spent.
  bool spend() {
    if (budget_ != 0 && work_ > budget_ && !(budget_until_first_ && found_ > 0)) {
      out_of_budget_ = true;
      return false;
    }
    return true;
  }

  // The next candidate of scratch_ after `col` in the cyclic order from `start` (col -1: the
  // first), or -1 when none is left.
  int next_column(int start, int col) const {
    if (col < 0) {
      const int c = next_bit(start, n_);
      return c >= 0 ? c : next_bit(0, start);
    }
    if (col >= start) {
      const int c = next_bit(col + 1, n_);
      return c >= 0 ? c : next_bit(0, start);
    }
    return next_bit(col + 1, start);
  }
  // The first set bit of scratch_ in [lo, hi), or -1.
  int next_bit(int lo, int hi) const {
    for (int c = lo; c < hi;) {
      const std::size_t w = static_cast<std::size_t>(c) / 64;
      const u64 bits = scratch_[w] >> (c % 64);
      if (bits != 0) {
        const int found = c + std::countr_zero(bits);
        return found < hi ? found : -1;
      }
      c = static_cast<int>((w + 1) * 64);
    }
    return -1;
  }

  // Returns false when visit asked to stop (or the budget ran out).
  bool run_most_constrained(const std::function<bool(const Solution&)>& visit) {
    if (!spend()) return false;
    if (open_.empty()) {
      ++found_;
      return visit(col_of_row_);
    }
    // Most constrained open row; the union of all open rows' candidates is gathered on the
    // way, because a free column that no open row can use is as dead as a row without a
    // square (a fully blocked column was otherwise found only after the whole tree).
    std::size_t best = 0;
    int best_count = n_ + 1;
    std::fill(reachable_.begin(), reachable_.end(), 0);
    for (std::size_t i = 0; i < open_.size(); ++i) {
      const int c = count_candidates(open_[i]);
      for (std::size_t w = 0; w < words_; ++w) reachable_[w] |= scratch_[w];
      if (c < best_count || (c == best_count && rng_ != 0 && (next_random() & 1))) {
        best_count = c, best = i;
        if (c == 0) return true;  // cuts the branch
      }
    }
    for (std::size_t w = 0; w < words_; ++w) {
      const u64 free_cols = ~cols_[w] & (w + 1 == words_ ? last_mask_ : ~u64{0});
      if ((free_cols & ~reachable_[w]) != 0) return true;
    }
    const int row = open_[best];
    std::vector<u64> cand(words_);
    candidates(row, cand.data());
    work_ += words_;
    std::swap(open_[best], open_.back());
    open_.pop_back();
    bool go_on = true;
    std::vector<int> order;
    for (std::size_t w = 0; w < words_; ++w)
      for (u64 f = cand[w]; f != 0; f &= f - 1)
        order.push_back(static_cast<int>(w * 64) + std::countr_zero(f));
    if (rng_ != 0)
      for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[next_random() % i]);
    if (rng_ != 0 && order.size() > 1) order_least_constraining(row, order);
    if (!guide_.empty()) {  // the guide's column first, the others in order
      const auto it = std::find(order.begin(), order.end(), guide_[static_cast<std::size_t>(row)]);
      if (it != order.end()) std::rotate(order.begin(), it, it + 1);
    }
    for (std::size_t i = 0; i < order.size() && go_on; ++i) {
      place(row, order[i]);
      go_on = run_most_constrained(visit);
      unplace(row, order[i]);
    }
    open_.push_back(row);
    std::swap(open_[best], open_.back());
    return go_on;
  }

  // Least constraining value first: a column that removes fewer candidate squares from the
  // other open rows leaves more room. Without this, MRV alone stalled on N = 300 with no
  // fixed queens (> 20 s); with it the first descent there needs no backtracking.
  void order_least_constraining(int row, std::vector<int>& order) {
    const std::size_t m = open_.size();
    cache_.resize(m * words_);
    for (std::size_t i = 0; i < m; ++i) candidates(open_[i], &cache_[i * words_]);
    work_ += m * words_ + order.size() * m / 16;
    auto has = [&](std::size_t i, int c) {
      return c >= 0 && c < n_ &&
             ((cache_[i * words_ + static_cast<std::size_t>(c) / 64] >> (c % 64)) & 1) != 0;
    };
    std::vector<std::pair<int, int>> scored;
    scored.reserve(order.size());
    for (int c : order) {
      int removed = 0;
      for (std::size_t i = 0; i < m; ++i) {
        const int d = open_[i] > row ? open_[i] - row : row - open_[i];
        removed += has(i, c) + has(i, c - d) + has(i, c + d);
      }
      scored.push_back({removed, c});
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = scored[i].second;
  }

  static void set(std::vector<u64>& b, std::size_t i) { b[i / 64] |= u64{1} << (i % 64); }
  static void clear(std::vector<u64>& b, std::size_t i) { b[i / 64] &= ~(u64{1} << (i % 64)); }
  // 64 bits of b starting at bit pos.
  static u64 extract(const std::vector<u64>& b, std::size_t pos) {
    const std::size_t w = pos / 64, s = pos % 64;
    return s == 0 ? b[w] : (b[w] >> s) | (b[w + 1] << (64 - s));
  }
  void candidates(int r, u64* out) const {
    const auto ur = static_cast<std::size_t>(r);
    const int block = block_index_[ur];
    const u64* blocked = block >= 0 ? &blocked_[static_cast<std::size_t>(block) * words_] : nullptr;
    for (std::size_t w = 0; w < words_; ++w) {
      const u64 taken = cols_[w] | extract(anti_, 64 * w + ur) |
                        extract(drev_, 64 * w + static_cast<std::size_t>(n_ - 1 - r)) |
                        (blocked != nullptr ? blocked[w] : 0);
      out[w] = ~taken & (w + 1 == words_ ? last_mask_ : ~u64{0});
    }
  }
  int count_candidates(int r) {
    candidates(r, scratch_.data());
    work_ += words_;
    int c = 0;
    for (u64 w : scratch_) c += std::popcount(w);
    return c;
  }
  void place(int r, int c) {
    col_of_row_[static_cast<std::size_t>(r)] = c;
    set(cols_, static_cast<std::size_t>(c));
    set(anti_, static_cast<std::size_t>(r + c));
    set(drev_, static_cast<std::size_t>(c - r + n_ - 1));
  }
  void unplace(int r, int c) {
    col_of_row_[static_cast<std::size_t>(r)] = -1;
    clear(cols_, static_cast<std::size_t>(c));
    clear(anti_, static_cast<std::size_t>(r + c));
    clear(drev_, static_cast<std::size_t>(c - r + n_ - 1));
  }

  int n_;
  std::size_t words_;
  std::vector<int> block_index_;  // row -> its words in blocked_, -1 when none is blocked
  std::vector<u64> blocked_, cols_, drev_, anti_;
  std::vector<int> col_of_row_;
  std::vector<int> open_;
  u64 last_mask_;
  std::vector<u64> scratch_, reachable_, cache_;
  Solution guide_;
  std::uint64_t found_ = 0;
  std::uint64_t rng_ = 0, budget_ = 0, work_ = 0;
  bool budget_until_first_ = false;
  bool out_of_budget_ = false;
  std::uint64_t next_random() {  // xorshift64: cheap, and any seed gives a fixed sequence
    rng_ ^= rng_ << 13, rng_ ^= rng_ >> 7, rng_ ^= rng_ << 17;
    return rng_;
  }
};

}  // namespace

void check_problem(const CompletionProblem& p) {
  if (p.n < 1 || p.n > kMaxCompleteN)
    throw std::invalid_argument(
        fmt::format("N must be between 1 and {}, got {}", kMaxCompleteN, p.n));
  auto on_board = [&](Square s, const char* what) {
    if (s.row < 0 || s.col < 0 || s.row >= p.n || s.col >= p.n)
      throw CompletionInputError(fmt::format("{} square ({},{}) is off the {}x{} board", what,
                                             s.row + 1, s.col + 1, p.n, p.n));
  };
  for (Square s : p.fixed) on_board(s, "fixed");
  for (Square s : p.blocked) on_board(s, "blocked");
  const VerifyResult v = verify(Placement{p.n, p.fixed}, 1);
  if (!v.attacks.empty()) {
    const Attack& a = v.attacks.front();
    if (a.line == Line::square)
      throw CompletionInputError(
          fmt::format("square {} is fixed twice", square_name(a.first, p.n)));
    throw CompletionInputError(fmt::format("fixed queens {} and {} share a {}",
                                           square_name(a.first, p.n), square_name(a.second, p.n),
                                           name(a.line)));
  }
  std::vector<Square> fixed = p.fixed;
  std::sort(fixed.begin(), fixed.end());
  for (Square s : p.blocked)
    if (std::binary_search(fixed.begin(), fixed.end(), s))
      throw CompletionInputError(
          fmt::format("square {} is both fixed and blocked", square_name(s, p.n)));
}

int max_count_open_rows(int n) {
  const auto words = (static_cast<std::size_t>(n) + 63) / 64;
  return static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(n), kMostConstrainedWords / words));
}

std::uint64_t completion_memory(const CompletionProblem& p) {
  const auto n = static_cast<std::uint64_t>(p.n);
  const std::uint64_t words = (n + 63) / 64;
  std::vector<int> rows;
  rows.reserve(p.blocked.size());
  for (Square s : p.blocked) rows.push_back(s.row);
  std::sort(rows.begin(), rows.end());
  const auto blocked_rows =
      static_cast<std::uint64_t>(std::unique(rows.begin(), rows.end()) - rows.begin());
  // Per row: the search's column, open list, block index and level (24 bytes), the guide and
  // the local search's board (about 40), a completion handed to the caller (4); the blocked
  // rows' words; the scanned levels' value orders (at most 2^16 / words rows of as many
  // columns); 16 MB for the rest.
  const std::uint64_t scanned = (std::uint64_t{1} << 16) / words;
  return n * 68 + blocked_rows * words * 8 + std::min(n, scanned) * std::min(n, scanned) * 4 +
         (std::uint64_t{16} << 20);
}

namespace {

// A completion found by local search guides the exhaustive search's first descent for N > 32,
// where the search's own first completion can be far away; none if local search fails.
Solution guide_for(const CompletionProblem& p) {
  if (p.n <= 32) return {};
  if (auto s = complete_by_local_search(p, 1, 400 * static_cast<std::uint64_t>(p.n) + 100'000))
    return *s;
  return {};
}

std::uint64_t enumerate(const CompletionProblem& p,
                        const std::function<bool(const Solution&)>& visit,
                        const CompletionBudget& budget, bool guided) {
  check_problem(p);
  CompletionSearch s(p);
  if (guided) s.set_guide(guide_for(p));
  s.set_budget(budget.max_work, budget.until_first);
  std::uint64_t count = 0;
  s.run([&](const Solution& sol) {
    ++count;
    return visit(sol);
  });
  if (s.out_of_budget())
    throw CompletionBudgetError(
        fmt::format("the search gave up after {} units of work with {} completion{} found",
                    s.work(), count, count == 1 ? "" : "s"),
        count, s.work());
  return count;
}

}  // namespace

std::uint64_t for_each_completion(const CompletionProblem& p,
                                  const std::function<bool(const Solution&)>& visit,
                                  const CompletionBudget& budget) {
  return enumerate(p, visit, budget, true);
}

// Heavy-tailed search times are the rule for completion (a bad early choice on a big board
// leaves a subtree that is huge and empty), so: randomised restarts with a work budget that
// doubles each time. A run that ends within its budget explored its whole tree, so "none
// found" then is a proof that no completion exists.
std::optional<Solution> find_completion(const CompletionProblem& p) {
  check_problem(p);
  // Big boards: local search first (N = 200 with 5 fixed queens: ~10 ms); it proves nothing,
  // so the exhaustive search below still decides when it fails.
  if (p.n > 32)
    if (auto s = complete_by_local_search(p, 1, 400 * static_cast<std::uint64_t>(p.n) + 100'000))
      return s;
  std::optional<Solution> out;
  // A clean descent: N nodes, each scanning up to N rows of N/64 words.
  const auto n = static_cast<std::uint64_t>(p.n) + 16;
  std::uint64_t budget = n * n * ((n + 63) / 64) * 4;
  std::uint64_t spent = 0;
  for (std::uint64_t attempt = 1;; ++attempt, budget *= 2) {
    // The last attempt gets what is left of the total, so the sum never passes it.
    const std::uint64_t this_budget = std::min(budget, kMaxCompletionWork - spent);
    CompletionSearch s(p);
    s.set_random(0x9e3779b97f4a7c15ULL * attempt);
    s.set_budget(this_budget, false);
    s.run([&](const Solution& sol) {
      out = sol;
      return false;
    });
    if (out || !s.out_of_budget()) return out;
    spent += this_budget;
    if (spent >= kMaxCompletionWork)
      throw CompletionBudgetError(
          fmt::format("no completion found and none ruled out within {} units of search work; "
                      "the search gave up",
                      kMaxCompletionWork),
          0, spent);
  }
}

std::uint64_t count_completions(const CompletionProblem& p, const CompletionBudget& budget) {
  return enumerate(
      p, [](const Solution&) { return true; }, budget, false);
}

std::vector<Square> parse_square_list(const std::string& text, int n) {
  std::vector<Square> out;
  std::size_t i = 0;
  auto number = [&](std::string_view t, const std::string& whole) {
    long long v = 0;
    auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || v < 1 || v > n)
      throw std::invalid_argument(
          fmt::format("'{:.40}{}' is not a square of the {}x{} board (like a1 or row:col 1:1)",
                      whole, whole.size() > 40 ? "..." : "", n, n));
    return static_cast<int>(v - 1);
  };
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ',' || text[i] == ';' || std::isspace(static_cast<unsigned char>(text[i]))))
      ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ',' && text[j] != ';' &&
           !std::isspace(static_cast<unsigned char>(text[j])))
      ++j;
    if (j == i) break;
    const std::string tok = text.substr(i, j - i);
    i = j;
    const std::size_t colon = tok.find(':');
    if (colon != std::string::npos) {
      const std::string_view sv(tok);
      out.push_back({number(sv.substr(0, colon), tok), number(sv.substr(colon + 1), tok)});
    } else if (std::isalpha(static_cast<unsigned char>(tok[0]))) {
      const int col = std::tolower(static_cast<unsigned char>(tok[0])) - 'a';
      if (col >= n || n > kMaxAlgebraicN)
        throw std::invalid_argument(fmt::format(
            "'{:.40}{}' is not a square of the {}x{} board (algebraic needs N <= 26; use row:col)",
            tok, tok.size() > 40 ? "..." : "", n, n));
      out.push_back({number(std::string_view(tok).substr(1), tok), col});
    } else {
      throw std::invalid_argument(
          fmt::format("'{:.40}{}' is not a square (write a1 or row:col like 1:1)", tok,
                      tok.size() > 40 ? "..." : ""));
    }
  }
  return out;
}

}  // namespace nqueens
