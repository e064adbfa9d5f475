// Every solution in lexicographic order, produced lazily: nothing is stored but the current
// board, so `list 16` streams 14.7 million boards in constant memory.
//
//   for (const nqueens::Solution& s : nqueens::solutions(8)) use(s);           // range
//   nqueens::for_each_solution(8, [](const nqueens::Solution& s) { ...; return true; });
//
// Lexicographic order compares solution[0] first, then solution[1], ... (0-based columns).
// With `unique`, only canonical representatives (canonical_form(s) == s) are produced, still
// in lexicographic order.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iterator>

#include "nqueens/solution.hpp"

namespace nqueens {

inline constexpr int kMaxListN = 64;  // bitboards are 64-bit words

// The largest N whose first solution in lexicographic order comes within about a second;
// `nqueens list` accepts N up to this. Measured (CPU time to the first solution, one core, AMD
// EPYC Zen 3): N = 30: 0.6 s, 31: 0.1 s, 32: 0.9 s, 33: 1.5 s, 34: 24 s, 35: 2.4 s, and none
// within 20 s for N = 36..64. A list that prints nothing for minutes is refused instead (`find N`
// gives one solution at any N).
inline constexpr int kMaxPromptListN = 33;

struct EnumerateOptions {
  bool unique = false;
  // Cancellation from another thread: once *stop is true, next() returns false within
  // microseconds (the flag is read when the search backs up above its last 5 rows) and the
  // enumeration ends there. For large N, where the search between two solutions can take
  // seconds or longer (N = 40: over 10 s to the first).
  const std::atomic<bool>* stop = nullptr;
};

// The resumable search behind both forms. next() advances to the following solution and
// returns false when there is none.
class Enumerator {
 public:
  // Throws std::invalid_argument unless 1 <= n <= kMaxListN.
  explicit Enumerator(int n, EnumerateOptions options = {});
  bool next();
  const Solution& current() const { return solution_; }
  int n() const { return n_; }

 private:
  bool advance();  // next solution of the plain search, ignoring `unique`

  int n_;
  EnumerateOptions options_;
  std::uint64_t mask_;
  int row_ = 0;
  bool started_ = false;
  bool done_ = false;
  std::uint64_t todo_[kMaxListN] = {};
  std::uint64_t left_[kMaxListN] = {}, down_[kMaxListN] = {}, right_[kMaxListN] = {};
  Solution solution_;
};

// Calls visit(solution) for each solution in order until it returns false.
// Returns how many solutions were visited.
std::uint64_t for_each_solution(int n, const std::function<bool(const Solution&)>& visit,
                                EnumerateOptions options = {});

class SolutionRange {
 public:
  class iterator {
   public:
    using value_type = Solution;
    using difference_type = std::ptrdiff_t;
    using reference = const Solution&;
    using iterator_category = std::input_iterator_tag;

    iterator() = default;
    reference operator*() const { return enumerator_->current(); }
    const Solution* operator->() const { return &enumerator_->current(); }
    iterator& operator++() {
      if (!enumerator_->next()) enumerator_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) {
      return it.enumerator_ == nullptr;
    }

   private:
    friend class SolutionRange;
    explicit iterator(Enumerator* e) : enumerator_(e) {}
    Enumerator* enumerator_ = nullptr;
  };

  SolutionRange(int n, EnumerateOptions options) : enumerator_(n, options) {}
  // Single pass: begin() may be called once.
  iterator begin() { return enumerator_.next() ? iterator(&enumerator_) : iterator(); }
  std::default_sentinel_t end() const { return {}; }

 private:
  Enumerator enumerator_;
};

inline SolutionRange solutions(int n, EnumerateOptions options = {}) {
  return SolutionRange(n, options);
}

}  // namespace nqueens
