// GET /api/sudoku: a 9x9 puzzle solved two ways for the page's Sudoku tab: the backtracking
// search step by step (placements, guesses, backtracks), and the human-style path of
// sudoku/explain.hpp with the rating. op=generate makes a puzzle first.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "api.hpp"
#include "query.hpp"
#include "sudoku/explain.hpp"
#include "sudoku/generate.hpp"
#include "sudoku/io.hpp"
#include "sudoku/rate.hpp"
#include "sudoku/solve.hpp"

namespace nqueens::web {

namespace {

using json = nlohmann::json;

// The most search steps one answer carries (the page steps through them; the solution and
// the rating come whole regardless).
constexpr int kMaxSearchSteps = 20000;

// The backtracking search of the lecture notes, with the one refinement every textbook
// adds: fill the empty cell with the fewest candidates first. A cell with one candidate is a
// forced placement; with several, each digit is a guess that may be taken back.
struct SearchTrace {
  json steps = json::array();
  bool truncated = false;
  bool solved = false;
};

std::uint16_t candidates(const sudoku::Grid& g, int cell) {
  const int r = cell / 9, c = cell % 9;
  std::uint16_t used = 0;
  for (int i = 0; i < 9; ++i) {
    used |= static_cast<std::uint16_t>(1u << g.at(r, i));
    used |= static_cast<std::uint16_t>(1u << g.at(i, c));
    used |= static_cast<std::uint16_t>(1u << g.at(r / 3 * 3 + i / 3, c / 3 * 3 + i % 3));
  }
  return static_cast<std::uint16_t>(~used & 0x3FE);  // bits 1..9
}

bool search(sudoku::Grid& g, SearchTrace& t) {
  int best = -1, best_count = 10;
  std::uint16_t best_mask = 0;
  for (int cell = 0; cell < 81; ++cell) {
    if (g[cell] != 0) continue;
    const std::uint16_t m = candidates(g, cell);
    const int count = std::popcount(m);
    if (count < best_count) {
      best = cell, best_count = count, best_mask = m;
      if (count <= 1) break;
    }
  }
  if (best < 0) return true;  // no empty cell: solved
  if (best_count == 0) {
    if (static_cast<int>(t.steps.size()) < kMaxSearchSteps)
      t.steps.push_back({{"k", "dead"}, {"c", best}});
    else
      t.truncated = true;
    return false;
  }
  for (std::uint16_t m = best_mask; m != 0; m &= static_cast<std::uint16_t>(m - 1)) {
    const int digit = std::countr_zero(m);
    if (static_cast<int>(t.steps.size()) >= kMaxSearchSteps) {
      t.truncated = true;
      return false;
    }
    t.steps.push_back({{"k", best_count == 1 ? "place" : "guess"},
                       {"c", best},
                       {"d", digit},
                       {"of", best_count}});
    g[best] = static_cast<std::uint8_t>(digit);
    if (search(g, t)) return true;
    g[best] = 0;
    if (t.truncated) return false;
    t.steps.push_back({{"k", "undo"}, {"c", best}, {"d", digit}});
  }
  return false;
}

json cells_of(const std::vector<sudoku::Candidate>& list) {
  json a = json::array();
  for (const auto& c : list) a.push_back({c.cell, c.digit});
  return a;
}

json solve_json(const sudoku::Grid& puzzle) {
  json j = {{"puzzle", sudoku::to_line(puzzle)}};
  if (auto conflict = sudoku::find_conflict(puzzle))
    throw std::invalid_argument("the givens break a rule: " + *conflict);
  const sudoku::SolveResult r = sudoku::solve(puzzle);
  j["solutions"] = r.solutions;  // 0, 1, or 2 meaning "more than one"
  if (r.solutions == 0) {
    j["error"] = "this puzzle has no solution";
    return j;
  }
  j["solution"] = sudoku::to_line(r.solution);
  const sudoku::Rating rating = sudoku::rate(puzzle);
  j["rating"] = {{"level", sudoku::level_name(rating.level)},
                 {"score", rating.score},
                 {"hardest", sudoku::technique_name(rating.hardest)},
                 {"guesses", rating.guesses()}};
  sudoku::Grid g = puzzle;
  SearchTrace t;
  t.solved = search(g, t);
  j["search"] = {{"steps", std::move(t.steps)}, {"truncated", t.truncated}};
  const sudoku::Explanation e = sudoku::explain(puzzle);
  json path = json::array();
  for (const sudoku::Step& s : e.steps)
    path.push_back({{"text", sudoku::describe(s)},
                    {"technique", sudoku::technique_name(s.technique)},
                    {"place", cells_of(s.placements)},
                    {"eliminate", cells_of(s.eliminations)}});
  j["explain"] = std::move(path);
  return j;
}

}  // namespace

Reply handle_sudoku_api(const Params& params) {
  auto text = [](const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); };
  try {
    check_names(params, "sudoku", {"op", "puzzle", "level", "number"});
    auto get = [&](const char* key) { return text_param(params, key).value_or(""); };
    const std::string op = get("op").empty() ? "solve" : get("op");
    sudoku::Grid puzzle(3);
    if (op == "generate") {
      sudoku::GenerateOptions o;
      o.symmetry = sudoku::Symmetry::rot180;
      if (const std::string level = get("level"); !level.empty()) {
        sudoku::Level l;
        if (!sudoku::parse_level(level, l))
          return {400, text({{"error", "level must be easy, medium, hard, expert or extreme"}})};
        if (l == sudoku::Level::extreme)
          return {400,
                  text({{"error", "extreme puzzles are rare at random: take one from data/"}})};
        o.level = l;
      }
      // number: which random puzzle (the same number gives the same puzzle)
      o.seed = number_param(params, "number", 0, std::numeric_limits<std::uint64_t>::max(), 1);
      o.max_attempts = 2000;
      auto g = sudoku::generate(o);
      if (!g) return {400, text({{"error", "no puzzle of that level turned up; try another"}})};
      puzzle = *g;
    } else if (op == "solve") {
      const std::string line = get("puzzle");
      if (line.empty()) return {400, text({{"error", "missing parameter puzzle (81 characters)"}})};
      if (line.size() > 400) return {400, text({{"error", "puzzle is too long"}})};
      if (auto error = sudoku::parse_puzzle(line, 3, puzzle))
        return {400, text({{"error", *error}})};
    } else {
      return {400, text({{"error", "op must be solve or generate"}})};
    }
    return {200, text(solve_json(puzzle))};
  } catch (const std::exception& e) {
    return {400, text({{"error", e.what()}})};
  }
}

}  // namespace nqueens::web
