// Tier registries (base/tiers.hpp): the messages and the environment override.
#include "base/tiers.hpp"

#include <cstdlib>
#include <stdexcept>

namespace nqueens::base {

std::vector<std::size_t> TierSet::available_tiers() const {
  std::vector<std::size_t> out;
  for (std::size_t t = 0; t < tiers_.size(); ++t)
    if (tiers_[t].available()) out.push_back(t);
  return out;
}

std::size_t TierSet::best() const {
  for (std::size_t t = 0; t < tiers_.size(); ++t)
    if (tiers_[t].available()) return t;
  return tiers_.size() - 1;
}

void TierSet::unavailable(std::string_view name, std::string_view context) const {
  std::string list;
  for (const std::size_t t : available_tiers()) {
    if (!list.empty()) list += ", ";
    list += tiers_[t].name;
  }
  throw std::invalid_argument(
      std::string(context) + std::string(noun_) + " '" + std::string(name) +
      "' is not available on this CPU or in this build (available: " + list + ")");
}

std::size_t TierSet::parse(std::string_view name, std::string_view context) const {
  if (name == "auto") return best();
  for (std::size_t t = 0; t < tiers_.size(); ++t) {
    if (tiers_[t].name != name) continue;
    if (!tiers_[t].available()) unavailable(name, context);
    return t;
  }
  // "(choose auto, avx512, avx2 or scalar)"
  std::string choices = "auto";
  for (std::size_t t = 0; t < tiers_.size(); ++t)
    choices += std::string(t + 1 == tiers_.size() ? " or " : ", ") + std::string(tiers_[t].name);
  throw std::invalid_argument(std::string(context) + "unknown " + std::string(noun_) + " '" +
                              std::string(name) + "' (choose " + choices + ")");
}

void TierSet::require(std::size_t tier) const {
  if (!available(tier)) unavailable(tier < tiers_.size() ? tiers_[tier].name : "?", {});
}

std::size_t TierChoice::from_environment() const {
  const char* value = std::getenv(env_);
  const std::size_t t =
      value == nullptr || *value == '\0'
          ? set_.best()
          : set_.parse(value, std::string(env_) + "=" + std::string(value) + ": ");
  known_.store(static_cast<int>(t), std::memory_order_relaxed);
  return t;
}

}  // namespace nqueens::base
