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
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>

#include "nqueens/solution.hpp"

namespace nqueens {

inline constexpr int kMaxListN = 64;  // bitboards are 64-bit words

// The largest N whose first solution in lexicographic order comes within about a second or two
// of one core (N = 34 takes about 24 s, and none of N = 36..64 came within 20 s); `nqueens
// list` accepts N up to this. A list that prints nothing for minutes is refused instead (`find
// N` gives one solution at any N).
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
// returns false when there is none; next_batch() fetches many at once (the fast form).
//
// The search is an explicit stack, one level per row, whose current level lives in local
// variables while solutions are produced; next_batch() pays the call and the reload of the
// state once per batch rather than once per solution.
class Enumerator {
 public:
  // Throws std::invalid_argument unless 1 <= n <= kMaxListN.
  explicit Enumerator(int n, EnumerateOptions options = {});
  bool next();
  // Writes up to `max` following solutions to out, N bytes each (out[k * N + r] is the column
  // of row r in the k-th), and returns how many. Fewer than max only when the enumeration is
  // over (or stopped); later calls then return 0. current() becomes the last one written.
  // next() and next_batch() may be mixed: each continues where the other stopped.
  std::size_t next_batch(std::uint8_t* out, std::size_t max);
  const Solution& current() const { return solution_; }
  int n() const { return n_; }

 private:
  std::size_t search(std::uint8_t* out, std::size_t max);  // the loop behind both

  int n_;
  EnumerateOptions options_;
  std::uint64_t mask_;
  int row_ = 0;  // the level to resume at; it and the levels above it are in the arrays
  bool done_ = false;
  // Per row: the candidates still to try, and the columns and diagonals attacked from above.
  std::uint64_t todo_[kMaxListN] = {};
  std::uint64_t left_[kMaxListN] = {}, down_[kMaxListN] = {}, right_[kMaxListN] = {};
  std::uint8_t cols_[kMaxListN] = {};  // the queens placed so far, then the solution
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
