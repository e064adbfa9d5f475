// The one reader of API parameters (src/web/query.hpp): the raw query string read strictly,
// and each endpoint's names and values checked by handle_api. Over HTTP, every endpoint with
// these forms: tests/web/server_test.cpp (EveryEndpointReadsItsParametersStrictly).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "api.hpp"
#include "query.hpp"

namespace {

using nqueens::web::BadParameter;
using nqueens::web::handle_api;
using nqueens::web::Params;
using nqueens::web::parse_query;

// The error parse_query gives for `raw`, "" when it is accepted.
std::string refusal(const std::string& raw) {
  try {
    parse_query(raw);
  } catch (const BadParameter& e) {
    return e.what();
  }
  return "";
}

TEST(Query, PairsAreDecoded) {
  const Params p = parse_query("n=8&solution=1%2C5%2c8&puzzle=4..+x&empty=");
  EXPECT_EQ(p.size(), 4u);
  EXPECT_EQ(p.find("n")->second, "8");
  EXPECT_EQ(p.find("solution")->second, "1,5,8");
  EXPECT_EQ(p.find("puzzle")->second, "4.. x");  // '+' is a space
  EXPECT_EQ(p.find("empty")->second, "");
  EXPECT_TRUE(parse_query("").empty());
  EXPECT_EQ(parse_query("q=%3D").find("q")->second, "=");  // an '=' in a value, encoded
}

TEST(Query, MalformedQueriesAreRefusedNotGuessed) {
  // The attack: cpp-httplib's reading kept the value after the last '=' of a pair.
  EXPECT_NE(refusal("n=8%20x=5").find("more than one '='"), std::string::npos);
  EXPECT_NE(refusal("n=5=8").find("more than one '='"), std::string::npos);
  EXPECT_NE(refusal("n=8&n=9").find("given twice"), std::string::npos);
  EXPECT_NE(refusal("n=8&%6E=9").find("given twice"), std::string::npos);  // %6E is n
  EXPECT_NE(refusal("n=8&").find("empty parameter"), std::string::npos);
  EXPECT_NE(refusal("&n=8").find("empty parameter"), std::string::npos);
  EXPECT_NE(refusal("n=8&&unique=1").find("empty parameter"), std::string::npos);
  EXPECT_NE(refusal("n").find("no '='"), std::string::npos);
  EXPECT_NE(refusal("=8").find("no name"), std::string::npos);
  EXPECT_NE(refusal("n=%zz").find("two hexadecimal digits"), std::string::npos);
  EXPECT_NE(refusal("n=%4").find("two hexadecimal digits"), std::string::npos);
  EXPECT_NE(refusal("n=8%").find("two hexadecimal digits"), std::string::npos);
  // A message shows at most 40 bytes of what it quotes.
  EXPECT_LT(refusal(std::string(100000, 'a') + "=1=2").size(), 200u);
}

TEST(Query, NumbersAreDecimalDigitsOnly) {
  for (const char* bad : {"+8", " 8", "8 ", "0x8", "8.0", "1e1", "", "８", "8\n"}) {
    const auto r = handle_api("counts", Params{{"n", bad}});
    EXPECT_EQ(r.status, 400) << "n=" << bad << ": " << r.body;
    EXPECT_NE(r.body.find("whole number"), std::string::npos) << r.body;
  }
  EXPECT_EQ(handle_api("counts", Params{{"n", "08"}}).status, 200);  // decimal, leading zero
  EXPECT_NE(handle_api("counts", Params{{"n", "99999999999999999999999"}}).body.find("too large"),
            std::string::npos);
  EXPECT_NE(handle_api("trace", Params{{"n", "8"}, {"from", "-1"}}).body.find("between 0 and"),
            std::string::npos);
  EXPECT_EQ(handle_api("sudoku", Params{{"op", "generate"}, {"number", "12abc"}}).status, 400);
  EXPECT_EQ(handle_api("sudoku", Params{{"op", "generate"}, {"number", " 12"}}).status, 400);
  EXPECT_EQ(handle_api("rank", Params{{"solution", "1,+5,8,6,3,7,2,4"}}).status, 400);
  EXPECT_EQ(handle_api("rank", Params{{"solution", "1,5,8,6,3,7,2,4"}}).status, 200);
}

TEST(Query, EveryEndpointRefusesUnknownAndRepeatedNames) {
  struct Case {
    const char* endpoint;
    Params valid;
  };
  const Case cases[] = {
      {"", {}},
      {"counts", {{"n", "8"}}},
      {"solution", {{"n", "8"}, {"index", "3"}, {"unique", "1"}}},
      {"rank", {{"solution", "1,5,8,6,3,7,2,4"}, {"unique", "0"}}},
      {"trace", {{"n", "6"}, {"from", "2"}, {"limit", "3"}}},
      {"find", {{"n", "10"}}},
      {"complete", {{"n", "8"}, {"queens", "1:1"}}},
      {"known", {}},
      {"limits", {}},
      {"sudoku",
       {{"op", "solve"},
        {"puzzle",
         "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}}},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(handle_api(c.endpoint, c.valid).status, 200) << c.endpoint;
    Params unknown = c.valid;
    unknown.emplace("x", "1");
    const auto u = handle_api(c.endpoint, unknown);
    EXPECT_EQ(u.status, 400) << c.endpoint;
    EXPECT_NE(u.body.find("unknown parameter x"), std::string::npos) << u.body;
    if (c.valid.empty()) continue;
    Params twice = c.valid;
    twice.insert(*c.valid.begin());
    const auto t = handle_api(c.endpoint, twice);
    EXPECT_EQ(t.status, 400) << c.endpoint;
    EXPECT_NE(t.body.find("given twice"), std::string::npos) << t.body;
  }
}

}  // namespace
