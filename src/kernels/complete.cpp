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

class CompletionSearch {
 public:
  explicit CompletionSearch(const CompletionProblem& p)
      : n_(p.n),
        words_((static_cast<std::size_t>(p.n) + 63) / 64),
        blocked_(static_cast<std::size_t>(p.n) * words_, 0),
        cols_(words_ + 2, 0),
        drev_(words_ * 3 + 4, 0),
        anti_(words_ * 3 + 4, 0),
        col_of_row_(static_cast<std::size_t>(p.n), -1),
        last_mask_(p.n % 64 == 0 ? ~u64{0} : (u64{1} << (p.n % 64)) - 1),
        scratch_(words_),
        reachable_(words_) {
    for (Square s : p.blocked)
      set(blocked_,
          static_cast<std::size_t>(s.row) * words_ * 64 + static_cast<std::size_t>(s.col));
    for (Square s : p.fixed) place(s.row, s.col);
    for (int r = 0; r < n_; ++r)
      if (col_of_row_[static_cast<std::size_t>(r)] < 0) open_.push_back(r);
  }

  // Randomised value order and tie-breaks, and a node budget: the search gives up (returns
  // false with out_of_budget()) after `budget` nodes; 0 = no budget, deterministic order.
  void set_random(std::uint64_t seed, std::uint64_t budget) {
    rng_ = seed | 1;
    budget_ = budget;
  }
  bool out_of_budget() const { return out_of_budget_; }
  std::uint64_t nodes() const { return nodes_; }

  // Returns false when visit asked to stop (or the budget ran out).
  bool run(const std::function<bool(const Solution&)>& visit) {
    if (budget_ != 0 && ++nodes_ > budget_) {
      out_of_budget_ = true;
      return false;
    }
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
    for (std::size_t i = 0; i < order.size() && go_on; ++i) {
      place(row, order[i]);
      go_on = run(visit);
      unplace(row, order[i]);
    }
    open_.push_back(row);
    std::swap(open_[best], open_.back());
    return go_on;
  }

 private:
  // Least constraining value first: a column that removes fewer candidate squares from the
  // other open rows leaves more room. Without this, MRV alone stalled on N = 300 with no
  // fixed queens (> 20 s); with it the first descent there needs no backtracking.
  void order_least_constraining(int row, std::vector<int>& order) {
    const std::size_t m = open_.size();
    cache_.resize(m * words_);
    for (std::size_t i = 0; i < m; ++i) candidates(open_[i], &cache_[i * words_]);
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
    for (std::size_t w = 0; w < words_; ++w) {
      const u64 taken = cols_[w] | extract(anti_, 64 * w + ur) |
                        extract(drev_, 64 * w + static_cast<std::size_t>(n_ - 1 - r)) |
                        blocked_[ur * words_ + w];
      out[w] = ~taken & (w + 1 == words_ ? last_mask_ : ~u64{0});
    }
  }
  int count_candidates(int r) {
    candidates(r, scratch_.data());
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
  std::vector<u64> blocked_, cols_, drev_, anti_;
  std::vector<int> col_of_row_;
  std::vector<int> open_;
  u64 last_mask_;
  std::vector<u64> scratch_, reachable_, cache_;
  std::uint64_t found_ = 0;
  std::uint64_t rng_ = 0, budget_ = 0, nodes_ = 0;
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

std::uint64_t for_each_completion(const CompletionProblem& p,
                                  const std::function<bool(const Solution&)>& visit) {
  check_problem(p);
  CompletionSearch s(p);
  std::uint64_t count = 0;
  s.run([&](const Solution& sol) {
    ++count;
    return visit(sol);
  });
  return count;
}

// Heavy-tailed search times are the rule for completion (a bad early choice on a big board
// leaves a subtree that is huge and empty), so: randomised restarts with a node budget that
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
  std::uint64_t budget = static_cast<std::uint64_t>(p.n) + 16;  // a clean descent needs ~N nodes
  std::uint64_t spent = 0;
  for (std::uint64_t attempt = 1;; ++attempt, budget *= 2) {
    // The last attempt gets what is left of the total, so the sum never passes it.
    const std::uint64_t this_budget = std::min(budget, kMaxCompletionNodes - spent);
    CompletionSearch s(p);
    s.set_random(0x9e3779b97f4a7c15ULL * attempt, this_budget);
    s.run([&](const Solution& sol) {
      out = sol;
      return false;
    });
    if (out || !s.out_of_budget()) return out;
    spent += this_budget;
    if (spent >= kMaxCompletionNodes)
      throw CompletionBudgetError(fmt::format(
          "no completion found and none ruled out within {} search nodes; the search gave up",
          kMaxCompletionNodes));
  }
}

std::uint64_t count_completions(const CompletionProblem& p) {
  return for_each_completion(p, [](const Solution&) { return true; });
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
