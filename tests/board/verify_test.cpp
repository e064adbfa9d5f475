// Verification of placements: valid boards, the attacks named, pair counts against a brute
// force, and every listed board of N = 10 in every text form.
#include <gtest/gtest.h>

#include <random>
#include <utility>

#include "nqueens/construct.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"
#include "placement_lines.hpp"

namespace nq = nqueens;
using board_test::parse;

TEST(Verify, ValidSolution) {
  const auto r = nq::verify(parse("1 5 8 6 3 7 2 4"));
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.attacking_pairs, 0u);
  EXPECT_EQ(nq::describe(r), "valid");
}

TEST(Verify, NamesTheAttackingQueens) {
  const auto r = nq::verify(parse("1 5 8 6 3 7 4 2"));  // rows 7,8 swapped: b8/d7 clash
  EXPECT_FALSE(r.valid);
  ASSERT_FALSE(r.attacks.empty());
  EXPECT_NE(nq::describe(r).find("share a"), std::string::npos) << nq::describe(r);

  const auto col = nq::verify(parse("1 1 1"));  // all in column a
  EXPECT_EQ(col.attacking_pairs, 3u);           // C(3,2) on one column
  EXPECT_EQ(col.attacks.front().line, nq::Line::column);
  EXPECT_EQ(nq::describe(col).substr(0, 25), "a1 and a2 share a column;");
}

TEST(Verify, CountsPairsOnEveryLine) {
  // a1 b2 c3 d4: one diagonal of 4 queens = 6 pairs.
  const auto r = nq::verify(parse("a1 b2 c3 d4"));
  EXPECT_EQ(r.attacking_pairs, 6u);
  EXPECT_EQ(r.attacks.front().line, nq::Line::diagonal);
  const auto anti = nq::verify(parse("d1 c2 b3 a4"));
  EXPECT_EQ(anti.attacks.front().line, nq::Line::anti_diagonal);
}

TEST(Verify, WrongNumberOfQueensAndSharedSquares) {
  nq::Placement p{8, {{0, 0}, {1, 4}}};
  const auto r = nq::verify(p);
  EXPECT_FALSE(r.valid);
  EXPECT_NE(nq::describe(r).find("2 queens on a 8x8 board"), std::string::npos);
  nq::Placement twice{2, {{0, 0}, {0, 0}}};
  const auto t = nq::verify(twice);
  EXPECT_EQ(t.attacks.front().line, nq::Line::square);
  EXPECT_EQ(t.attacking_pairs, 1u);
  nq::Placement off{4, {{0, 0}, {5, 1}, {2, 3}, {3, 1}}};
  EXPECT_FALSE(nq::verify(off).valid);
  EXPECT_EQ(nq::verify(off).off_board.size(), 1u);
}

// Pairs of queens that share a row, column or diagonal (or a square), by brute force.
std::uint64_t pairs_by_brute_force(const nq::Placement& p) {
  std::uint64_t pairs = 0;
  auto on = [&](nq::Square s) { return s.row >= 0 && s.col >= 0 && s.row < p.n && s.col < p.n; };
  for (std::size_t i = 0; i < p.queens.size(); ++i)
    for (std::size_t j = i + 1; j < p.queens.size(); ++j) {
      const nq::Square a = p.queens[i], b = p.queens[j];
      if (on(a) && on(b) &&
          (a.row == b.row || a.col == b.col || a.row - a.col == b.row - b.col ||
           a.row + a.col == b.row + b.col))
        ++pairs;
    }
  return pairs;
}

// Two verify results that report the same: validity, pair count, off-board queens and the
// named attacks in order.
void expect_same_result(const nq::VerifyResult& a, const nq::VerifyResult& b) {
  EXPECT_EQ(a.valid, b.valid);
  EXPECT_EQ(a.attacking_pairs, b.attacking_pairs);
  EXPECT_EQ(a.off_board, b.off_board);
  ASSERT_EQ(a.attacks.size(), b.attacks.size());
  for (std::size_t i = 0; i < a.attacks.size(); ++i) {
    EXPECT_EQ(a.attacks[i].first, b.attacks[i].first);
    EXPECT_EQ(a.attacks[i].second, b.attacks[i].second);
    EXPECT_EQ(a.attacks[i].line, b.attacks[i].line);
  }
}

TEST(Verify, PairCountsMatchBruteForceAlsoWithSharedSquares) {
  // Three queens on one square are 3 pairs (each pair shares all four lines, counted once).
  nq::Placement three{3, {{1, 1}, {1, 1}, {1, 1}}};
  EXPECT_EQ(nq::verify(three).attacking_pairs, 3u);
  EXPECT_EQ(nq::verify(three).attacks.front().line, nq::Line::square);
  std::mt19937 random(12345);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + static_cast<int>(random() % 12);
    nq::Placement p{n, {}};
    const int queens = static_cast<int>(random() % 20);
    for (int q = 0; q < queens; ++q)  // a few off the board, many sharing squares on small n
      p.queens.push_back({static_cast<int>(random() % (n + 1)) - (trial % 7 == 0 ? 1 : 0),
                          static_cast<int>(random() % n)});
    const nq::VerifyResult r = nq::verify(p);
    EXPECT_EQ(r.attacking_pairs, pairs_by_brute_force(p))
        << nq::format_placement(p, nq::Format::json);
    for (const nq::Attack& a : r.attacks)  // a shared square is named as such, other lines not
      EXPECT_EQ(a.first == a.second, a.line == nq::Line::square);
    // The overload that may sort the queens in place gives the same result.
    nq::Placement copy = p;
    expect_same_result(nq::verify(std::move(copy)), r);
  }
}

TEST(Verify, ColumnsGiveTheSameResultAsTheirPlacement) {
  std::mt19937 random(777);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + static_cast<int>(random() % 14);
    nq::Solution cols(static_cast<std::size_t>(n));
    for (int& c : cols) c = static_cast<int>(random() % (n + 1)) - (trial % 5 == 0 ? 1 : 0);
    const nq::VerifyResult a = nq::verify_columns(cols), b = nq::verify(nq::to_placement(cols));
    EXPECT_EQ(a.attacking_pairs, pairs_by_brute_force(nq::to_placement(cols)));
    expect_same_result(a, b);
    EXPECT_EQ(nq::describe(a), nq::describe(b));
  }
  // The first attack on each line is named with the first queen on that line.
  const auto r = nq::verify_columns({0, 2, 0, 5, 2, 0});  // columns a, c, a, f, c, a
  ASSERT_GE(r.attacks.size(), 2u);
  EXPECT_EQ(r.attacks[0].first, (nq::Square{0, 0}));
  EXPECT_EQ(r.attacks[0].second, (nq::Square{2, 0}));
  EXPECT_EQ(r.attacks[0].line, nq::Line::column);
  EXPECT_EQ(r.attacking_pairs, pairs_by_brute_force(nq::to_placement({0, 2, 0, 5, 2, 0})));
}

TEST(Verify, ALongLineOfOneColumnCountsEveryPair) {
  // 200,000 queens in column 1: C(200000, 2) pairs, all on the column; counted in blocks.
  const nq::Solution cols(200'000, 0);
  const auto r = nq::verify_columns(cols);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.attacking_pairs, 200'000ull * 199'999 / 2);
  // The main diagonal, 1 2 3 ... N: every pair on one diagonal.
  nq::Solution diagonal(150'000);
  for (std::size_t i = 0; i < diagonal.size(); ++i) diagonal[i] = static_cast<int>(i);
  EXPECT_EQ(nq::verify_columns(diagonal).attacking_pairs, 150'000ull * 149'999 / 2);
  EXPECT_EQ(nq::verify_columns(diagonal).attacks.front().line, nq::Line::diagonal);
}

TEST(Verify, EveryListedBoardOfTenVerifiesInEveryFormat) {
  for (const nq::Solution& s : nq::solutions(10)) {
    for (nq::Format f : {nq::Format::perm, nq::Format::json, nq::Format::algebraic}) {
      const std::string text = nq::format_solution(s, f);
      const nq::Placement p = parse(text);
      EXPECT_TRUE(nq::verify(p).valid) << text;
      EXPECT_EQ(p.queens, nq::to_placement(s).queens) << text;
    }
    std::vector<std::string> rows;
    const std::string board = nq::format_solution(s, nq::Format::board);
    for (std::size_t start = 0; start <= board.size();) {
      std::size_t end = board.find('\n', start);
      if (end == std::string::npos) end = board.size();
      rows.push_back(board.substr(start, end - start));
      start = end + 1;
    }
    std::string error;
    auto p = nq::parse_board(rows, error);
    ASSERT_TRUE(p) << error;
    EXPECT_TRUE(nq::verify(*p).valid);
  }
}

TEST(Verify, FastIsSolutionAgreesWithFullVerify) {
  // is_solution and verify() take a bitset fast path; compare them with the full report.
  const nq::Solution good = nq::construct_solution(50);
  nq::Solution bad = good;
  std::swap(bad[0], bad[1]);
  nq::Solution dup = good;
  dup[3] = dup[4];
  for (const nq::Solution& s : {good, bad, dup}) {
    const nq::VerifyResult r = nq::verify(nq::to_placement(s));
    EXPECT_EQ(r.valid, nq::is_solution(s));
    EXPECT_EQ(r.valid, r.attacking_pairs == 0);
  }
  EXPECT_FALSE(nq::is_solution({}));
  EXPECT_FALSE(nq::is_solution({0, 5}));
}
