#include "nqueens/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace nqueens {

std::optional<Format> parse_format(std::string_view s) {
  if (s == "perm") return Format::perm;
  if (s == "board") return Format::board;
  if (s == "json") return Format::json;
  if (s == "algebraic") return Format::algebraic;
  return std::nullopt;
}

std::string_view name(Format f) {
  switch (f) {
    case Format::perm:
      return "perm";
    case Format::board:
      return "board";
    case Format::json:
      return "json";
    case Format::algebraic:
      return "algebraic";
  }
  return "?";
}

std::string square_name(Square s, int n) {
  if (n <= kMaxAlgebraicN && s.col >= 0 && s.col < 26 && s.row >= 0)
    return fmt::format("{}{}", static_cast<char>('a' + s.col), s.row + 1);
  return fmt::format("({},{})", s.row + 1, s.col + 1);
}

std::string format_solution(const Solution& solution, Format format) {
  const int n = static_cast<int>(solution.size());
  std::string out;
  switch (format) {
    case Format::perm:
      for (std::size_t r = 0; r < solution.size(); ++r) {
        if (r) out += ' ';
        out += std::to_string(solution[r] + 1);
      }
      return out;
    case Format::json:
      out = fmt::format("{{\"n\":{},\"solution\":[", n);
      for (std::size_t r = 0; r < solution.size(); ++r) {
        if (r) out += ',';
        out += std::to_string(solution[r] + 1);
      }
      return out + "]}";
    case Format::board:
    case Format::algebraic:
      return format_placement(to_placement(solution), format);
  }
  return out;
}

std::string format_placement(const Placement& p, Format format) {
  std::string out;
  switch (format) {
    case Format::board: {
      const auto n = static_cast<std::size_t>(p.n);
      std::vector<std::string> rows(n, std::string(2 * n - (n > 0 ? 1 : 0), ' '));
      for (auto& row : rows)
        for (std::size_t c = 0; c < n; ++c) row[2 * c] = '.';
      for (const Square& q : p.queens)
        if (q.row >= 0 && q.col >= 0 && q.row < p.n && q.col < p.n)
          rows[static_cast<std::size_t>(q.row)][2 * static_cast<std::size_t>(q.col)] = 'Q';
      for (std::size_t r = 0; r < n; ++r) {
        if (r) out += '\n';
        out += rows[r];
      }
      return out;
    }
    case Format::algebraic:
      for (std::size_t i = 0; i < p.queens.size(); ++i) {
        if (i) out += ' ';
        out += square_name(p.queens[i], p.n);
      }
      return out;
    case Format::json:
      out = fmt::format("{{\"n\":{},\"queens\":[", p.n);
      for (std::size_t i = 0; i < p.queens.size(); ++i) {
        if (i) out += ',';
        out += fmt::format("[{},{}]", p.queens[i].row + 1, p.queens[i].col + 1);
      }
      return out + "]}";
    case Format::perm: {
      // Only meaningful with one queen per row; rows without a queen print as 0.
      std::vector<int> cols(static_cast<std::size_t>(std::max(p.n, 0)), -1);
      for (const Square& q : p.queens)
        if (q.row >= 0 && q.row < p.n) cols[static_cast<std::size_t>(q.row)] = q.col;
      return format_solution(cols, Format::perm);
    }
  }
  return out;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_separator(char ch) {
  return std::isspace(static_cast<unsigned char>(ch)) || ch == ',' || ch == ';';
}

std::optional<long long> to_number(std::string_view t) {
  long long v = 0;
  auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

constexpr long long kMaxParsedN = 1'000'000'000;  // far above any board we can hold

// Calls f(token) for each token of `s` (separated by spaces, commas and semicolons), in place:
// no token list is built. Stops early, returning false, when f returns false.
template <typename F>
bool for_each_token(std::string_view s, F f) {
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_separator(s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !is_separator(s[j])) ++j;
    if (j > i && !f(s.substr(i, j - i))) return false;
    i = j;
  }
  return true;
}

std::size_t count_tokens(std::string_view s) {
  std::size_t count = 0;
  for_each_token(s, [&](std::string_view) { return ++count, true; });
  return count;
}

std::string not_a_column(std::string_view t) {
  return fmt::format("'{:.40}{}' is not a column number", t, t.size() > 40 ? "..." : "");
}

// The columns listed in `text` (1-based, N = how many), as a Solution: 4 bytes a queen, counted
// first so that the vector is allocated once at its size. A 10^7-column line (79 MB) parses
// in about 0.3 s into 40 MB. With `owned` (then `text` is all of *owned), the text is let go of
// as it is read: once the part read is a fifth of the line still held, what is left is copied
// into a new string and the old one freed, so that the line and its columns are never both held
// whole (for `1 1 1 ...` about 2.2 times the line at most instead of 3; copies: about 4 lines).
std::optional<Solution> columns_from_text(std::string_view text, std::string& error,
                                          std::string* owned = nullptr) {
  const std::size_t count = count_tokens(text);
  if (count == 0) {
    error = "no queens given";
    return std::nullopt;
  }
  if (count > static_cast<std::size_t>(kMaxParsedN)) {
    error = "too many queens";
    return std::nullopt;
  }
  const auto n = static_cast<long long>(count);
  Solution cols;
  cols.reserve(count);
  // A number outside 1..N is kept as -1; the first such is remembered for the message.
  std::size_t first_out = count;
  long long first_out_value = 0;
  constexpr std::size_t kLeastDropped = std::size_t{1} << 20;
  std::size_t i = 0;
  for (;;) {
    while (i < text.size() && is_separator(text[i])) ++i;
    if (i == text.size()) break;
    std::size_t j = i;
    while (j < text.size() && !is_separator(text[j])) ++j;
    const std::string_view t = text.substr(i, j - i);
    const auto v = to_number(t);
    if (!v) {
      error = not_a_column(t);
      return std::nullopt;
    }
    if (*v < 1 || *v > n) {
      if (first_out == count) first_out = cols.size(), first_out_value = *v;
      cols.push_back(-1);
    } else {
      cols.push_back(static_cast<int>(*v - 1));
    }
    i = j;
    if (owned != nullptr && i >= kLeastDropped && i >= (text.size() - i) / 4) {
      *owned = owned->substr(i);  // a new buffer for what is left; the old one is freed
      text = *owned;
      i = 0;
    }
  }
  if (owned != nullptr) std::string().swap(*owned);
  if (first_out < count) {
    error = fmt::format("column {} in row {} is not between 1 and {}", first_out_value,
                        first_out + 1, n);
    return std::nullopt;
  }
  return cols;
}

// The text between the brackets of [c1,c2,...] or of an object's "solution":[...] (as `list
// --format json` writes), or nullopt with `error` set.
std::optional<std::string_view> json_columns(std::string_view s, std::string& error) {
  std::size_t open = s.find('[');
  if (s.front() == '{') {
    const std::size_t key = s.find("\"solution\"");
    if (key == std::string_view::npos) {
      error = "JSON object has no \"solution\" array";
      return std::nullopt;
    }
    open = s.find('[', key);
  }
  const std::size_t close = s.find(']', open == std::string_view::npos ? 0 : open);
  if (open == std::string_view::npos || close == std::string_view::npos) {
    error = "malformed JSON array";
    return std::nullopt;
  }
  return s.substr(open + 1, close - open - 1);
}

std::optional<Placement> parse_algebraic(std::string_view line, std::string& error) {
  Placement p;
  const std::size_t count = count_tokens(line);
  if (count > static_cast<std::size_t>(kMaxParsedN)) {
    error = "too many queens";
    return std::nullopt;
  }
  p.n = static_cast<int>(count);
  p.queens.reserve(count);
  const bool ok = for_each_token(line, [&](std::string_view t) {
    const char file = static_cast<char>(std::tolower(static_cast<unsigned char>(t.front())));
    auto rank = to_number(t.substr(1));
    if (t.size() < 2 || file < 'a' || file > 'z' || !rank || *rank < 1) {
      error = fmt::format("'{:.40}{}' is not a square like e4", t, t.size() > 40 ? "..." : "");
      return false;
    }
    // The range check comes before any narrowing: rank 4294967297 must not become rank 1.
    if (*rank > p.n || file - 'a' >= p.n) {
      error = fmt::format("square {} is off the {}x{} board ({} queens given)", t, p.n, p.n, p.n);
      return false;
    }
    p.queens.push_back({static_cast<int>(*rank - 1), file - 'a'});
    return true;
  });
  if (!ok) return std::nullopt;
  return p;
}

}  // namespace

bool is_columns_line(std::string_view line) {
  line = trim(line);
  return !line.empty() && !std::isalpha(static_cast<unsigned char>(line.front()));
}

std::optional<Solution> parse_columns_line(std::string_view line, std::string& error) {
  line = trim(line);
  if (line.empty()) {
    error = "empty placement";
    return std::nullopt;
  }
  if (line.front() == '{' || line.front() == '[') {
    const auto inside = json_columns(line, error);
    if (!inside) return std::nullopt;
    return columns_from_text(*inside, error);
  }
  if (std::isalpha(static_cast<unsigned char>(line.front()))) {
    error = "not a list of columns";
    return std::nullopt;
  }
  if (line.size() > 1 && line.size() <= 9 &&
      std::all_of(line.begin(), line.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    std::string spaced;  // "15863724": one digit a column
    for (char c : line) (spaced += c) += ' ';
    return columns_from_text(spaced, error);
  }
  return columns_from_text(line, error);
}

std::optional<Solution> parse_owned_columns_line(std::string&& line, std::string& error) {
  std::string text = std::move(line);
  const std::string_view view = trim(text);
  if (view.size() <= 9 || std::isalpha(static_cast<unsigned char>(view.front())))
    return parse_columns_line(view, error);  // empty, "15863724" or not a list of columns
  if (view.front() == '{' || view.front() == '[') {
    const auto inside = json_columns(view, error);
    if (!inside) return std::nullopt;
    const auto begin = static_cast<std::size_t>(inside->data() - text.data());
    text.resize(begin + inside->size());  // in place: no second copy of a long line
    text.erase(0, begin);
  }
  return columns_from_text(text, error, &text);
}

std::optional<Placement> parse_placement_line(std::string_view line, std::string& error) {
  line = trim(line);
  if (!line.empty() && std::isalpha(static_cast<unsigned char>(line.front())))
    return parse_algebraic(line, error);
  auto cols = parse_columns_line(line, error);
  if (!cols) return std::nullopt;
  return to_placement(*cols);
}

bool is_board_row(std::string_view line) {
  line = trim(line);
  if (line.empty()) return false;
  return std::all_of(line.begin(), line.end(), [](char c) {
    return c == 'Q' || c == 'q' || c == '.' || c == ' ' || c == '\t';
  });
}

std::optional<Placement> parse_board(const std::vector<std::string>& rows, std::string& error) {
  Placement p;
  p.n = static_cast<int>(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    int width = 0;
    for (char c : rows[r]) {
      if (c == ' ' || c == '\t' || c == '\r') continue;
      if (c == 'Q' || c == 'q') {
        p.queens.push_back({static_cast<int>(r), width});
      } else if (c != '.') {
        error = fmt::format("board row {} has '{}', expected 'Q' or '.'", r + 1, c);
        return std::nullopt;
      }
      ++width;
    }
    if (width != p.n) {
      error =
          fmt::format("board row {} has {} squares, expected {} (one per row)", r + 1, width, p.n);
      return std::nullopt;
    }
  }
  return p;
}

}  // namespace nqueens
