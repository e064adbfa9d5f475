// GET /api/* handlers: parameter checks, caps, and the JSON shapes of docs/WEB.md.
#include "api.hpp"
#include "nqueens/construct.hpp"
#include "query.hpp"

#include <fmt/format.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <future>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <thread>
#include <tuple>
#include <vector>

#include "nqueens/complete.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/trace.hpp"
#include "nqueens/verify.hpp"

namespace nqueens::web {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

// A bad or too large parameter: answered with 400 and {"error": message}.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using known::kMaxKnownN;  // the published counts: nqueens/known_counts.hpp
using known::kTotal;
using known::kUnique;
// Counts this toolkit has computed itself and checked against the published ones: N <= 17
// in the tests (the rank tables), 18 and 19 in docs/BENCHMARKS.md (count 18, count 19).
// Larger N are taken from the literature (OEIS A000170 / A002562).
constexpr int kMaxComputedN = 19;

// A stop flag that turns true when the request's time is up: a watcher thread sleeps until
// the deadline, so a search that finds no solution for seconds (N = 32) is stopped on time
// too, not only between solutions.
class Deadline {
 public:
  explicit Deadline(double seconds)
      : at_(Clock::now() +
            std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds))),
        watcher_([this](std::stop_token done) {
          std::mutex m;
          std::condition_variable_any cv;
          std::unique_lock lock(m);
          if (!cv.wait_until(lock, done, at_, [] { return false; }) && !done.stop_requested())
            expired_ = true;
        }) {}
  const std::atomic<bool>* flag() const { return &expired_; }
  // The flag, or the clock itself (exact even before the watcher has run).
  bool passed() const { return expired_.load(std::memory_order_relaxed) || Clock::now() >= at_; }

 private:
  Clock::time_point at_;
  std::atomic<bool> expired_{false};
  std::jthread watcher_;  // last: started once the members it reads exist
};

// Parameters are read by the one reader of query.hpp (strict digits, names checked per
// endpoint in handle_api); these name its calls here.
std::optional<std::string> param(const Params& p, const char* key) {
  return text_param(p, key);
}

std::uint64_t parse_u64(const std::string& text, const char* key) {
  return parse_decimal(text, key);
}

std::uint64_t get_u64(const Params& p, const char* key, std::uint64_t lo, std::uint64_t hi,
                      std::optional<std::uint64_t> fallback = std::nullopt) {
  return number_param(p, key, lo, hi, fallback);
}

int get_n(const Params& p, int max_n) {
  return static_cast<int>(get_u64(p, "n", 1, static_cast<std::uint64_t>(max_n)));
}

bool get_flag(const Params& p, const char* key) {
  return flag_param(p, key);
}

json one_based(const Solution& s) {
  json a = json::array();
  for (int c : s) a.push_back(c + 1);
  return a;
}

// Largest N whose list (all, or unique) has random access; beyond it the list is walked.
int max_rank_n(bool unique) {
  return unique ? kMaxRankN : kMaxRankAllN;
}

// The list size for N, if known (the published counts).
std::optional<std::uint64_t> list_size(int n, bool unique) {
  if (n > kMaxKnownN) return std::nullopt;
  return unique ? kUnique[n] : kTotal[n];
}

// How far the list of N (all, or unique) can be walked from #1 within a request: measured once
// per list, as the number of solutions a walk reaches in max_seconds / kWalkHeadroom, so that a
// machine kWalkHeadroom times slower than during the measurement (load from other requests or
// programs) still answers in time; capped by max_walk_index. (Solutions come much faster later
// in the list than at its start, so a shorter walk scaled up would promise too little.)
// /api/counts promises exactly this and /api/solution refuses beyond it, so the page never
// offers an index the server would time out on.
constexpr double kWalkHeadroom = 4;

std::uint64_t measure_walk_reach(int n, bool unique, const Limits& lim) {
  const Deadline deadline(lim.max_seconds / kWalkHeadroom);
  Enumerator e(n, EnumerateOptions{unique, deadline.flag()});
  std::uint64_t walked = 0;
  while (walked < lim.max_walk_index && e.next() && !deadline.passed()) ++walked;
  if (walked >= 10000 && walked < lim.max_walk_index)
    walked -= walked % 1000;  // a round number to show; the measurement is not that exact
  return walked;
}

std::uint64_t walk_reach(int n, bool unique, const Limits& lim) {
  static std::mutex m;
  static std::map<std::tuple<int, bool, std::uint64_t, double>, std::uint64_t> measured;
  const auto key = std::make_tuple(n, unique, lim.max_walk_index, lim.max_seconds);
  {
    std::lock_guard lock(m);
    if (auto it = measured.find(key); it != measured.end()) return it->second;
  }
  const std::uint64_t r =
      measure_walk_reach(n, unique, lim);  // (two first requests may both measure)
  std::lock_guard lock(m);
  return measured.emplace(key, r).first->second;
}

// The highest index /api/solution answers for this list: all of it with random access, else
// the measured walk (never past the list's end when its size is known).
std::uint64_t reachable(int n, bool unique, const Limits& lim) {
  const auto size = list_size(n, unique);
  if (n <= max_rank_n(unique)) return size.value_or(0);
  if (size && *size == 0) return 0;
  const std::uint64_t walk = walk_reach(n, unique, lim);
  return size ? std::min(*size, walk) : walk;
}

json counts(const Params& p, const Limits& lim) {
  const int n = get_n(p, lim.max_n);
  json j = {{"n", n},
            {"random_access", n <= max_rank_n(false)},
            {"random_access_unique", n <= max_rank_n(true)},
            {"max_rank_n", max_rank_n(false)},
            {"max_rank_unique_n", max_rank_n(true)}};
  if (n <= kMaxKnownN) {
    j["total"] = kTotal[n];
    j["unique"] = kUnique[n];
    j["total_text"] = std::to_string(kTotal[n]);  // exact where a JS number is not (> 2^53)
    j["unique_text"] = std::to_string(kUnique[n]);
  } else {
    j["total"] = nullptr;
    j["unique"] = nullptr;
    j["total_text"] = nullptr;
    j["unique_text"] = nullptr;
  }
  // (the two lists measured at the same time: a first request for an N waits for one walk)
  auto unique_reach = std::async(std::launch::async, [&] { return reachable(n, true, lim); });
  const std::uint64_t all_reach = reachable(n, false, lim);
  for (const bool unique : {false, true}) {
    const std::uint64_t reach = unique ? unique_reach.get() : all_reach;
    const std::string suffix = unique ? "_unique" : "";
    j["walk_limit" + suffix] = reach;
    j["walk_limit" + suffix + "_text"] = std::to_string(reach);
  }
  j["walk_seconds"] = lim.max_seconds;
  return j;
}

json solution(const Params& p, const Limits& lim) {
  const int n = get_n(p, lim.max_n);
  const bool unique = get_flag(p, "unique");
  const auto size = list_size(n, unique);
  if (size && *size == 0) throw BadRequest(fmt::format("N = {} has no solutions", n));
  std::uint64_t index = 0;
  Solution s;
  if (n <= max_rank_n(unique)) {
    const SolutionIndex& table = SolutionIndex::get(n, unique);
    index = get_u64(p, "index", 1, table.size());
    s = table.unrank(index);
  } else {
    // No table this large (its build would count the whole tree): walk from the first
    // solution, capped by the measured reach and by time.
    index = get_u64(p, "index", 1, size.value_or(std::numeric_limits<std::uint64_t>::max()));
    if (const std::uint64_t reach = reachable(n, unique, lim); index > reach)
      throw BadRequest(
          reach == 0
              ? fmt::format("no solution of N = {}{} can be reached within {} s here", n,
                            unique ? " (unique list)" : "", lim.max_seconds)
              : fmt::format("only solutions 1 to {} of N = {}{} can be reached within {} "
                            "s here (the list is walked from #1), got {}",
                            reach, n, unique ? " (unique list)" : "", lim.max_seconds, index));
    const Deadline deadline(lim.max_seconds);
    Enumerator e(n, EnumerateOptions{unique, deadline.flag()});
    for (std::uint64_t k = 1; k <= index; ++k) {
      const bool found = e.next();
      if (deadline.passed())
        throw BadRequest(fmt::format("index {} would take more than {} s to reach for N = {}",
                                     index, lim.max_seconds, n));
      if (!found) throw BadRequest("index is past the last solution");
    }
    s = e.current();
  }
  json j = {{"n", n}, {"index", index}, {"unique", unique}, {"solution", one_based(s)}};
  if (size) {
    j["size"] = *size;
    j["size_text"] = std::to_string(*size);  // exact where a JS number is not (> 2^53)
  }
  return j;
}

Solution parse_solution_param(const Params& p, int max_n) {
  auto text = param(p, "solution");
  if (!text) throw BadRequest("missing parameter solution (1-based columns, e.g. 1,5,8,6,3,7,2,4)");
  Solution s;
  std::size_t pos = 0;
  while (pos <= text->size()) {
    std::size_t comma = text->find_first_of(", ", pos);
    if (comma == std::string::npos) comma = text->size();
    const std::string part = text->substr(pos, comma - pos);
    if (!part.empty()) {
      if (static_cast<int>(s.size()) >= max_n)
        throw BadRequest(fmt::format("solution has more than {} columns", max_n));
      const std::uint64_t c = parse_u64(part, "solution column");
      if (c < 1 || c > static_cast<std::uint64_t>(max_n))
        throw BadRequest(fmt::format("solution column {} is off the board", c));
      s.push_back(static_cast<int>(c) - 1);
    }
    pos = comma + 1;
  }
  for (int c : s)
    if (c >= static_cast<int>(s.size()))
      throw BadRequest(
          fmt::format("solution column {} is off the {}x{} board", c + 1, s.size(), s.size()));
  if (s.empty()) throw BadRequest("solution is empty");
  return s;
}

json rank(const Params& p, const Limits&) {
  const bool unique = get_flag(p, "unique");
  Solution s = parse_solution_param(p, max_rank_n(false));
  const int n = static_cast<int>(s.size());
  if (!is_solution(s)) throw BadRequest("not a solution: two queens attack each other");
  if (n > max_rank_n(unique))
    throw BadRequest(
        fmt::format("the unique list has random access up to N = {}", max_rank_n(true)));
  json j = {{"n", n}, {"unique", unique}, {"solution", one_based(s)}};
  if (unique) {
    const Solution c = canonical_form(s);
    j["canonical"] = one_based(c);
    s = c;
  }
  j["index"] = SolutionIndex::get(n, unique).rank(s);
  return j;
}

json step_json(const TraceStep& s) {
  json j = {{"i", s.index},     {"kind", name(s.kind)}, {"row", s.row + 1},
            {"col", s.col + 1}, {"nodes", s.nodes},     {"solutions", s.solutions}};
  if (s.kind == StepKind::reject) {
    j["by"] = {s.by.row + 1, s.by.col + 1};
    j["line"] = name(s.line);
  }
  return j;
}

json trace(const Params& p, const Limits& lim) {
  const int n = get_n(p, std::min(lim.max_n, kMaxTraceN));
  const std::uint64_t from = get_u64(p, "from", 0, lim.max_trace_end, 0);
  const std::uint64_t limit = get_u64(p, "limit", 1, lim.max_trace_page, 1000);
  if (from + limit > lim.max_trace_end)
    throw BadRequest(fmt::format("from + limit must be at most {}", lim.max_trace_end));
  const Deadline deadline(lim.max_seconds);
  Tracer t(n);
  // Pages are replayed from the start: the tracer keeps only the current board, so a page
  // costs O(from) steps (about 10 ns each; 50 million steps in well under the time cap).
  TraceStep step;
  for (std::uint64_t done = 0; done < from;) {
    // (chunks of about a millisecond, so the deadline holds to that)
    const std::uint64_t chunk = std::min<std::uint64_t>(from - done, 1 << 17);
    const std::uint64_t got = t.skip(chunk);
    done += got;
    if (got < chunk) break;
    if (deadline.passed())
      throw BadRequest(
          fmt::format("trace page starts too far in: more than {} s", lim.max_seconds));
  }
  // The board before the page's first step (1-based columns of rows 1..placed), so that a
  // page can be shown without the ones before it.
  json queens = json::array();
  for (int r = 0; r < t.placed(); ++r) queens.push_back(t.queens()[r] + 1);
  json steps = json::array();
  bool done = false;
  for (std::uint64_t k = 0; k < limit; ++k) {
    if (!t.next(step)) {
      done = true;
      break;
    }
    steps.push_back(step_json(step));
  }
  if (!done) {  // the page ended exactly at the last step?
    Tracer probe = t;
    TraceStep extra;
    done = !probe.next(extra);
  }
  return {{"n", n},
          {"from", from},
          {"queens", std::move(queens)},
          {"steps", std::move(steps)},
          {"done", done}};
}

json find(const Params& p, const Limits& lim) {
  const int n = get_n(p, lim.max_find_n);
  const Solution s = construct_solution(n);  // throws invalid_argument for 2, 3
  const bool ok = is_solution(s);
  return {
      {"n", n}, {"method", "explicit construction"}, {"verified", ok}, {"solution", one_based(s)}};
}

json known() {
  json rows = json::array();
  for (int n = 1; n <= kMaxKnownN; ++n)
    rows.push_back({{"n", n},
                    {"total_text", std::to_string(kTotal[n])},
                    {"unique_text", std::to_string(kUnique[n])},
                    {"computed", n <= kMaxComputedN}});
  return {{"max_computed_n", kMaxComputedN}, {"counts", std::move(rows)}};
}

// Completion searches that outlived their request and still run (see complete()).
std::atomic<int> g_background_completions{0};
constexpr int kMaxBackgroundCompletions = 2;

json complete(const Params& p, const Limits& lim) {
  const int n = get_n(p, lim.max_n);
  CompletionProblem problem{n, {}, {}};
  if (auto q = param(p, "queens"); q && !q->empty()) problem.fixed = parse_square_list(*q, n);
  check_problem(problem);  // CompletionInputError (invalid_argument): 400
  json j = {{"n", n}};
  if (g_background_completions.load() >= kMaxBackgroundCompletions)
    throw BadRequest("the server is still busy with earlier completions; try again shortly");
  // find_completion has no stop flag and may search for minutes on a hard instance, so it
  // runs on its own thread; the request waits at most max_seconds for it. A search that
  // outlives its request finishes (or hits its node budget) in the background, at most
  // kMaxBackgroundCompletions at a time.
  struct Shared {
    std::mutex m;
    std::condition_variable cv;
    bool finished = false;
    std::optional<Solution> result;
    std::string error;
  };
  auto shared = std::make_shared<Shared>();
  ++g_background_completions;
  std::thread([problem, shared] {
    std::optional<Solution> r;
    std::string error;
    try {
      r = find_completion(problem);
    } catch (const std::exception& e) {
      error = e.what();
    }
    {
      std::lock_guard lock(shared->m);
      shared->result = std::move(r);
      shared->error = std::move(error);
      shared->finished = true;
    }
    shared->cv.notify_all();
    --g_background_completions;
  }).detach();
  std::unique_lock lock(shared->m);
  if (!shared->cv.wait_for(lock, std::chrono::duration<double>(lim.max_seconds),
                           [&] { return shared->finished; }))
    throw BadRequest(fmt::format(
        "no completion found within {} s (completion is NP-complete: remove a queen or two)",
        lim.max_seconds));
  if (!shared->error.empty()) throw BadRequest(shared->error);
  if (!shared->result) {
    j["found"] = false;
    j["reason"] =
        problem.fixed.empty() ? "this N has no solution" : "no solution keeps these queens";
    return j;
  }
  j["found"] = true;
  j["solution"] = one_based(*shared->result);
  return j;
}

// GET /api/: what each endpoint takes (the full reference is docs/WEB.md in the sources).
json index() {
  return {{"documentation", "docs/WEB.md in the nqueens sources"},
          {"endpoints",
           {{"/api/counts?n=N", "published counts and how far random access reaches"},
            {"/api/solution?n=N&index=K[&unique=1]", "solution #K of `nqueens list N`"},
            {"/api/rank?solution=C1,C2,...[&unique=1]", "the index of a solution"},
            {"/api/trace?n=N[&from=S][&limit=L]", "steps of the backtracking search"},
            {"/api/find?n=N", "one solution by construction"},
            {"/api/complete?n=N&queens=R:C,...", "finish a board (1-based row:col)"},
            {"/api/known", "counts for N = 1..27 and which this tool computed"},
            {"/api/sudoku?puzzle=P | op=generate&level=L", "solve, trace and rate a Sudoku"},
            {"/api/limits", "the caps of this server"}}}};
}

json limits(const Limits& lim) {
  return {{"max_n", lim.max_n},
          {"max_rank_n", max_rank_n(false)},
          {"max_rank_unique_n", max_rank_n(true)},
          {"max_find_n", lim.max_find_n},
          {"max_walk_index", lim.max_walk_index},
          {"max_trace_n", std::min(lim.max_n, kMaxTraceN)},
          {"max_trace_end", lim.max_trace_end},
          {"max_trace_page", lim.max_trace_page},
          {"max_seconds", lim.max_seconds}};
}

// Replaces bytes that are not UTF-8 (a parameter echoed in an error) instead of throwing.
std::string text(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The parameters each endpoint takes; any other is refused (400), as is one given twice.
void check_endpoint_names(std::string_view endpoint, const Params& params) {
  if (endpoint == "counts" || endpoint == "find")
    check_names(params, endpoint, {"n"});
  else if (endpoint == "solution")
    check_names(params, endpoint, {"n", "index", "unique"});
  else if (endpoint == "rank")
    check_names(params, endpoint, {"solution", "unique"});
  else if (endpoint == "trace")
    check_names(params, endpoint, {"n", "from", "limit"});
  else if (endpoint == "complete")
    check_names(params, endpoint, {"n", "queens"});
  else if (endpoint.empty() || endpoint == "limits" || endpoint == "known")
    check_names(params, endpoint, {});
}

}  // namespace

Reply handle_api(std::string_view endpoint, const Params& params, const Limits& lim) {
  try {
    check_endpoint_names(endpoint, params);  // (sudoku checks its own)
    json j;
    if (endpoint.empty())
      j = index();
    else if (endpoint == "counts")
      j = counts(params, lim);
    else if (endpoint == "solution")
      j = solution(params, lim);
    else if (endpoint == "rank")
      j = rank(params, lim);
    else if (endpoint == "trace")
      j = trace(params, lim);
    else if (endpoint == "find")
      j = find(params, lim);
    else if (endpoint == "limits")
      j = limits(lim);
    else if (endpoint == "known")
      j = known();
    else if (endpoint == "complete")
      j = complete(params, lim);
    else if (endpoint == "sudoku")
      return handle_sudoku_api(params);
    else
      return {404, text(json{{"error", "no such endpoint"}})};
    return {200, text(j)};
  } catch (const BadRequest& e) {
    return {400, text(json{{"error", e.what()}})};
  } catch (const std::invalid_argument& e) {
    return {400, text(json{{"error", e.what()}})};
  } catch (const std::out_of_range& e) {
    return {400, text(json{{"error", e.what()}})};
  } catch (const std::exception& e) {
    return {500, text(json{{"error", std::string("internal error: ") + e.what()}})};
  }
}

}  // namespace nqueens::web
