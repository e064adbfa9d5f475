// The web API handler alone (src/web/api.hpp): handle_api is a pure function of the endpoint
// and the parameters, so these tests call it directly, without a socket or a server.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "api.hpp"
#include "nqueens/rank.hpp"

namespace {

using json = nlohmann::json;
using nqueens::web::handle_api;
using nqueens::web::Limits;
using nqueens::web::Params;

json body(const nqueens::web::Reply& r) {
  return json::parse(r.body);
}

TEST(ApiHandler, SolutionEightNinetyTwo) {
  const auto r = handle_api("solution", Params{{"n", "8"}, {"index", "92"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(body(r)["solution"], json({8, 4, 1, 3, 6, 2, 7, 5}));
  EXPECT_EQ(body(r)["size"], 92);
}

TEST(ApiHandler, UnknownEndpointIs404) {
  EXPECT_EQ(handle_api("nothing", {}).status, 404);
}

TEST(ApiHandler, NegativeNumbersAreOutOfRangeNotMalformed) {
  const auto r = handle_api("solution", Params{{"n", "8"}, {"index", "-3"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(body(r)["error"].get<std::string>().find("between 1 and 92"), std::string::npos)
      << r.body;
  const auto fraction = handle_api("counts", Params{{"n", "8.5"}});
  EXPECT_NE(body(fraction)["error"].get<std::string>().find("whole number"), std::string::npos);
}

TEST(ApiHandler, WalkStopsAtTheDeadlineNotAfter256Solutions) {
  // Beyond random access the list is walked. With no time at all, nothing can be reached, and
  // even index 100 (less than the 256 solutions the deadline used to be checked after) is
  // refused in words.
  Limits lim;
  lim.max_seconds = 0;
  const auto r = handle_api("solution", Params{{"n", "24"}, {"index", "100"}}, lim);
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_NE(r.body.find("no solution of N = 24 can be reached within 0 s"), std::string::npos)
      << r.body;
  EXPECT_EQ(body(handle_api("counts", Params{{"n", "24"}}, lim))["walk_limit"], 0u);
  // With time, the first solutions are answered.
  EXPECT_EQ(handle_api("solution", Params{{"n", "24"}, {"index", "10"}}).status, 200);
}

TEST(ApiHandler, WalkWithNoSolutionInSightStopsOnTime) {
  // N = 32, index 300: the walk spends seconds between solutions; a 50 ms cap must end it
  // through the stop flag (the test only checks that it ends with the cap's message).
  Limits lim;
  lim.max_seconds = 0.05;
  const auto r = handle_api("solution", Params{{"n", "32"}, {"index", "300"}}, lim);
  EXPECT_EQ(r.status, 400) << r.body;
}

TEST(ApiHandler, CountsSayWhatIsReachable) {
  const auto all = body(handle_api("counts", Params{{"n", "18"}}));
  EXPECT_EQ(all["random_access"], true);
  EXPECT_EQ(all["random_access_unique"], true);
  EXPECT_EQ(all["walk_limit"], 666090624u);
  EXPECT_EQ(all["walk_limit_unique"], 83263591u);
  EXPECT_EQ(all["walk_limit_text"], "666090624");
  const auto twenty = body(handle_api("counts", Params{{"n", "20"}}));
  EXPECT_EQ(twenty["random_access"], true);
  EXPECT_EQ(twenty["random_access_unique"], false);
  EXPECT_EQ(twenty["walk_limit"], 39029188884u);
  const auto small = body(handle_api("counts", Params{{"n", "3"}}));
  EXPECT_EQ(small["total"], 0);
  EXPECT_EQ(small["walk_limit"], 0u);
}

TEST(ApiHandler, TheMeasuredWalkIsWhatSolutionAnswers) {
  // Beyond random access the reachable range is measured (a walk of a quarter of the time cap):
  // /api/counts promises it, /api/solution answers it and refuses one past it, in words.
  for (const auto& [n, unique] : {std::pair{"20", "1"}, std::pair{"21", "0"}}) {
    const auto c = body(handle_api("counts", Params{{"n", n}}));
    const auto reach = c[unique == std::string("1") ? "walk_limit_unique" : "walk_limit"];
    ASSERT_TRUE(reach.is_number_unsigned()) << c;
    const std::uint64_t k = reach.get<std::uint64_t>();
    ASSERT_GE(k, 1u) << "no solution of N = " << n << " reached in 0.75 s";
    EXPECT_LE(k, Limits{}.max_walk_index);
    const auto last =
        handle_api("solution", Params{{"n", n}, {"index", std::to_string(k)}, {"unique", unique}});
    EXPECT_EQ(last.status, 200) << last.body;
    const auto past = handle_api(
        "solution", Params{{"n", n}, {"index", std::to_string(k + 1)}, {"unique", unique}});
    EXPECT_EQ(past.status, 400) << past.body;
    EXPECT_NE(past.body.find("only solutions 1 to " + std::to_string(k)), std::string::npos)
        << past.body;
  }
}

TEST(ApiHandler, CountsBeyondTwoToTheFiftyThreeAreExactText) {
  // N = 27: 234,907,967,154,122,528 solutions, 29,363,495,934,315,694 unique; a double (a
  // JavaScript number) would round both, so the page reads the _text fields.
  const auto c = body(handle_api("counts", Params{{"n", "27"}}));
  EXPECT_EQ(c["total_text"], "234907967154122528");
  EXPECT_EQ(c["unique_text"], "29363495934315694");
  EXPECT_EQ(c["total"].get<std::uint64_t>(), 234907967154122528u);
  const auto beyond = body(handle_api("counts", Params{{"n", "28"}}));
  EXPECT_TRUE(beyond["total_text"].is_null());
}

TEST(ApiHandler, RandomAccessBeyondSeventeen) {
  // The last solution of N = 18 is the mirror image of the first one.
  const auto first = body(handle_api("solution", Params{{"n", "18"}, {"index", "1"}}));
  const auto last = body(handle_api("solution", Params{{"n", "18"}, {"index", "666090624"}}));
  ASSERT_TRUE(last.contains("solution")) << last;
  for (int r = 0; r < 18; ++r)
    EXPECT_EQ(last["solution"][r].get<int>(), 19 - first["solution"][r].get<int>());
  std::string cols;
  for (const auto& c : last["solution"]) {
    if (!cols.empty()) cols += ',';
    cols += c.dump();
  }
  const auto back = body(handle_api("rank", Params{{"solution", cols}}));
  EXPECT_EQ(back["index"], 666090624u);
  // In the unique list it stands for its class: the index of its canonical form, and that
  // index of the unique list is the canonical form.
  const auto in_unique = body(handle_api("rank", Params{{"solution", cols}, {"unique", "1"}}));
  ASSERT_TRUE(in_unique.contains("index")) << in_unique;
  const auto canonical = body(handle_api(
      "solution", Params{{"n", "18"}, {"index", in_unique["index"].dump()}, {"unique", "1"}}));
  EXPECT_EQ(canonical["solution"], in_unique["canonical"]);
  // The unique list of N = 18 and the list of N = 20 have random access too.
  const auto last_unique =
      body(handle_api("solution", Params{{"n", "18"}, {"index", "83263591"}, {"unique", "1"}}));
  ASSERT_TRUE(last_unique.contains("solution")) << last_unique;
  const auto twenty = body(handle_api("solution", Params{{"n", "20"}, {"index", "39029188884"}}));
  ASSERT_TRUE(twenty.contains("solution")) << twenty;
  const auto twenty_first = body(handle_api("solution", Params{{"n", "20"}, {"index", "1"}}));
  for (int r = 0; r < 20; ++r)
    EXPECT_EQ(twenty["solution"][r].get<int>(), 21 - twenty_first["solution"][r].get<int>());
}

TEST(ApiHandler, TraceReplayHonoursTheDeadline) {
  Limits lim;
  lim.max_seconds = 0;
  EXPECT_EQ(handle_api("trace", Params{{"n", "12"}, {"from", "1000000"}}, lim).status, 400);
  EXPECT_EQ(handle_api("trace", Params{{"n", "12"}, {"from", "0"}, {"limit", "3"}}, lim).status,
            200);
}

}  // namespace
