// The 9x9 solver's entry points: each call goes to the tier chosen once per process (the
// fastest this CPU executes, unless select_solver_tier or SUDOKU_KERNEL says otherwise), so a
// portable build runs the AVX2 or AVX-512 forms where the CPU has them. The tiers are one
// source (solve9_search.hpp) compiled four times (solve9_tiers.hpp).
#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "solve9_tiers.hpp"
#include "sudoku/solve.hpp"

namespace sudoku {

namespace {

const Solve9Tier* const kTiers[] = {&kSolve9Avx512, &kSolve9Avx2, &kSolve9Sse4, &kSolve9Scalar};

std::atomic<const Solve9Tier*> g_selected{nullptr};

const Solve9Tier& best_tier() {
  for (const Solve9Tier* t : kTiers)
    if (t->available()) return *t;
  return kSolve9Scalar;
}

std::string available_list() {
  std::string out;
  for (const std::string_view name : available_solver_tiers()) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

// The tier `name` stands for; `source` ("SUDOKU_KERNEL=x: " or "") starts the error message.
const Solve9Tier& parse_tier(std::string_view name, const std::string& source) {
  if (name == "auto") return best_tier();
  for (const Solve9Tier* t : kTiers) {
    if (t->name != name) continue;
    if (!t->available())
      throw std::invalid_argument(
          source + "solver tier '" + std::string(name) +
          "' is not available on this CPU or in this build (available: " + available_list() + ")");
    return *t;
  }
  throw std::invalid_argument(source + "unknown solver tier '" + std::string(name) +
                              "' (choose auto, avx512, avx2, sse4 or scalar)");
}

const Solve9Tier& current() {
  const Solve9Tier* t = g_selected.load(std::memory_order_relaxed);
  if (t != nullptr) return *t;
  const char* env = std::getenv("SUDOKU_KERNEL");
  t = env == nullptr || *env == '\0' ? &best_tier()
                                     : &parse_tier(env, std::string("SUDOKU_KERNEL=") + env + ": ");
  g_selected.store(t, std::memory_order_relaxed);
  return *t;
}

}  // namespace

std::vector<std::string_view> available_solver_tiers() {
  std::vector<std::string_view> out;
  for (const Solve9Tier* t : kTiers)
    if (t->available()) out.emplace_back(t->name);
  return out;
}

std::string_view solver_tier() {
  return current().name;
}

std::string_view select_solver_tier(std::string_view name) {
  const Solve9Tier& t = parse_tier(name, "");
  g_selected.store(&t, std::memory_order_relaxed);
  return t.name;
}

std::uint64_t solve9(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                     std::uint64_t* guesses) {
  return current().solve(cells, limit, solution, guesses);
}

bool givens_repeat9(const std::uint8_t* cells) {
  return current().givens_repeat(cells);
}

}  // namespace sudoku
