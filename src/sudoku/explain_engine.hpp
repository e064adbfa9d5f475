// The explainer's engine (explain.cpp: singles to uniqueness; explain_chains.cpp: colouring,
// chains, forcing chains) and the one table of technique names and weights.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "explain_board.hpp"
#include "sudoku/explain.hpp"

namespace sudoku::detail {

// Name and difficulty of each technique on the Sudoku Explainer scale, in enum order.
// Chains add a length bonus (chain_length_bonus); docs/SUDOKU.md lists the same numbers.
struct TechniqueInfo {
  std::string_view name;
  double score;
};
inline constexpr TechniqueInfo kTechniques[kTechniqueCount] = {
    {"full house", 1.0},    {"hidden single", 1.2}, {"naked single", 2.3},
    {"pointing", 2.6},      {"claiming", 2.8},      {"naked pair", 3.0},
    {"X-wing", 3.2},        {"hidden pair", 3.4},   {"naked triple", 3.6},
    {"swordfish", 3.8},     {"hidden triple", 4.0}, {"XY-wing", 4.2},
    {"XYZ-wing", 4.4},      {"W-wing", 4.4},        {"unique rectangle", 4.5},
    {"naked quad", 5.0},    {"jellyfish", 5.2},     {"hidden quad", 5.4},
    {"skyscraper", 6.6},    {"2-string kite", 6.6}, {"simple colouring", 6.6},
    {"X-chain", 6.6},       {"XY-chain", 7.0},      {"alternating inference chain", 7.0},
    {"forcing chain", 8.0}, {"guess", 10.0},
};
inline constexpr double kHiddenSingleInLineScore = 1.5;    // a row or column, not a box
inline constexpr double kUniqueRectangleType2Score = 4.6;  // types 2 and 4

inline double technique_score(Technique t) {
  return kTechniques[static_cast<int>(t)].score;
}

// The Sudoku Explainer length bonus: +0.1 each time the chain outgrows 4, 6, 8, 12, 16, 24...
inline double chain_length_bonus(int nodes) {
  double bonus = 0;
  int ceiling = 4;
  bool odd = false;
  while (nodes > ceiling) {
    bonus += 0.1;
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
  return bonus;
}

// Techniques whose `used` list is a chain: strong and weak links alternate, strong first.
inline bool is_chain(Technique t) {
  return t == Technique::w_wing || t == Technique::skyscraper || t == Technique::two_string_kite ||
         t == Technique::x_chain || t == Technique::xy_chain || t == Technique::aic;
}

// "row 3", "column 1", "box 9" for houses 0..26.
std::string house_name(int h);

inline Candidate candidate(int cell, int digit) {
  return {static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(digit)};
}

class Explainer {
 public:
  // `solution` (may be null) is used for guesses and, in debug builds, to check every step;
  // `unique` allows unique rectangles.
  Explainer(const Grid& puzzle, const Grid* solution, bool unique);
  // From a position with pencil marks (intersected with what the filled cells allow).
  Explainer(const Grid& grid, const Candidates& marks, const Grid* solution, bool unique);

  bool complete() const;
  // The easiest step that makes progress; false when there is none.
  bool find(Step& s);
  void apply(const Step& s);

 private:
  Step make(Technique t) const;
  void refresh();
  void refresh_places();
  void add_used_cell(Step& s, int cell, Mask digits) const;
  void eliminate_from(Step& s, CellSet cells, int d) const;

  bool full_house(Step& s);
  bool hidden_single(Step& s);
  bool naked_single(Step& s);
  bool pointing(Step& s);
  bool claiming(Step& s);
  bool naked_subset(int k, Step& s);
  bool hidden_subset(int k, Step& s);
  bool fish(int k, Step& s);
  bool xy_wing(Step& s);
  bool xyz_wing(Step& s);
  bool w_wing(Step& s);
  bool unique_rectangle(Step& s);
  bool unique_rectangle_with(const std::array<int, 4>& cells, Mask pair, Step& s);
  bool simple_colouring(Step& s);
  bool x_chain(Step& s);
  bool xy_chain(Step& s);
  bool aic(Step& s);
  bool forcing_chain(Step& s);
  bool guess(Step& s);

  // Chains (explain_chains.cpp). A node is cell * 9 + digit - 1.
  enum class ChainKind { x, xy, any };
  struct Chain {
    std::vector<int> nodes;  // chain order, the first node assumed false
    std::vector<Candidate> victims;
    bool places_start = false;  // the chain proves its first node true
  };
  void build_links();
  bool shortest_chain(ChainKind kind, int digit, Chain& best);
  bool chain_from(ChainKind kind, int start, int max_nodes, Chain& best);
  bool has_victims(int s, int e) const;
  std::vector<Candidate> victims_of(int s, int e) const;
  Step chain_step(Technique t, const Chain& c) const;
  Technique classify_x_chain(const Chain& c) const;

  Board board_;
  std::array<CellSet, 10> where_{};  // where_[d]: unsolved cells with candidate d
  // places_[h][d] bit m: digit d can go in the m-th cell of house h (house order of
  // Geometry::house: by column in a row, by row in a column, row-major in a box).
  std::array<std::array<std::uint16_t, 10>, 27> places_{};
  std::array<int, 27> open_{};  // unsolved cells per house
  const Grid* solution_;
  bool unique_;

  // Strong links of each node (bivalue cell, or a digit with two places in a house).
  std::array<std::array<short, 4>, 729> strong_{};
  std::array<std::uint8_t, 729> strong_n_{};
  std::array<bool, 729> strong_in_cell_{};  // the node's cell is bivalue
  // Breadth-first search marks (a stamp per search instead of clearing).
  std::array<int, 729> seen_true_{}, seen_false_{};
  std::array<short, 729> parent_true_{}, parent_false_{};
  int stamp_ = 0;
  std::vector<int> level_, next_;   // the search's current and next level, reused
  std::vector<Board> branch_memo_;  // forcing chains: each candidate's propagated branch
  std::vector<std::int8_t> branch_known_;
};

}  // namespace sudoku::detail
