// The JSON API behind the page (documented in docs/WEB.md). Pure functions of the request,
// so they are tested without a socket; server.cpp maps GET /api/<name> onto handle_api.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace nqueens::web {

// Caps on the work one request may cause. Anything above them is answered with HTTP 400.
struct Limits {
  int max_n = 32;                            // boards for counts / solution / trace
  int max_find_n = 100000;                   // `find` (the page draws it in O(N))
  std::uint64_t max_walk_index = 1'000'000;  // beyond random access: index reached by walking
  std::uint64_t max_trace_end = 50'000'000;  // from + limit of a trace page (replayed from 0)
  int max_trace_page = 10000;                // steps per trace page
  double max_seconds = 3.0;  // wall time of a walk or a trace replay, enforced to the millisecond
};

struct Reply {
  int status = 200;
  std::string body;  // JSON
};

using Params = std::multimap<std::string, std::string>;

// endpoint: the path after "/api/" ("counts", "solution", "rank", "trace", "find", "complete",
// "known", "limits", "sudoku").
Reply handle_api(std::string_view endpoint, const Params& params, const Limits& limits = {});

// /api/sudoku (sudoku_api.cpp): op=solve (the default) or op=generate.
Reply handle_sudoku_api(const Params& params);

}  // namespace nqueens::web
