// The tier registry (src/base/tiers.hpp) on a made-up set of tiers: availability, what "auto"
// means, the one-line messages for an unknown or unavailable name, the environment override
// and a refused choice that changes nothing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "base/tiers.hpp"

namespace base = nqueens::base;

namespace {

bool yes() {
  return true;
}
bool no() {
  return false;
}

constexpr base::Tier kMadeUp[] = {{"wide", no}, {"narrow", yes}, {"plain", yes}};
constexpr base::TierSet kMadeUpSet(kMadeUp, "test tier");

std::string message_of(std::string_view name) {
  try {
    kMadeUpSet.parse(name, "CONTEXT: ");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(TierSet, NamesAvailabilityAndAuto) {
  EXPECT_EQ(kMadeUpSet.name(0), "wide");
  EXPECT_EQ(kMadeUpSet.name(3), "");
  EXPECT_FALSE(kMadeUpSet.available(0));
  EXPECT_TRUE(kMadeUpSet.available(2));
  EXPECT_FALSE(kMadeUpSet.available(3));
  EXPECT_EQ(kMadeUpSet.available_tiers(), (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(kMadeUpSet.best(), 1u);
  EXPECT_EQ(kMadeUpSet.parse("auto"), 1u);
  EXPECT_EQ(kMadeUpSet.parse("plain"), 2u);
}

TEST(TierSet, BadNamesGiveOneLine) {
  EXPECT_EQ(message_of("wide"),
            "CONTEXT: test tier 'wide' is not available on this CPU or in this build (available: "
            "narrow, plain)");
  EXPECT_EQ(message_of("sse9"),
            "CONTEXT: unknown test tier 'sse9' (choose auto, wide, narrow or plain)");
  EXPECT_EQ(message_of(""), "CONTEXT: unknown test tier '' (choose auto, wide, narrow or plain)");
  EXPECT_THROW(kMadeUpSet.require(0), std::invalid_argument);
  EXPECT_NO_THROW(kMadeUpSet.require(2));
}

TEST(TierChoice, EnvironmentElseFastest) {
  const char* kVariable = "NQUEENS_TIERS_TEST_CHOICE";
  {
    ::setenv(kVariable, "plain", 1);
    base::TierChoice choice(kMadeUpSet, kVariable);
    EXPECT_EQ(choice.current(), 2u);
    ::setenv(kVariable, "narrow", 1);
    EXPECT_EQ(choice.current(), 2u);  // read once
  }
  {
    ::setenv(kVariable, "auto", 1);
    base::TierChoice choice(kMadeUpSet, kVariable);
    EXPECT_EQ(choice.current(), 1u);
  }
  {
    ::setenv(kVariable, "wide", 1);
    base::TierChoice choice(kMadeUpSet, kVariable);
    try {
      choice.current();
      ADD_FAILURE() << "an unavailable tier in the environment was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()),
                "NQUEENS_TIERS_TEST_CHOICE=wide: test tier 'wide' is not available on this CPU or "
                "in this build (available: narrow, plain)");
    }
    EXPECT_THROW(choice.current(), std::invalid_argument);  // every time, never a tier
  }
  {
    ::setenv(kVariable, "", 1);
    base::TierChoice choice(kMadeUpSet, kVariable);
    EXPECT_EQ(choice.current(), 1u);  // empty: the fastest available
  }
  ::unsetenv(kVariable);
  base::TierChoice choice(kMadeUpSet, kVariable);
  EXPECT_EQ(choice.current(), 1u);
}
