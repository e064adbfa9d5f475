#include "nqueens/parallel.hpp"

namespace nqueens {

int hardware_threads() {
  const unsigned h = std::thread::hardware_concurrency();
  return h == 0 ? 1 : static_cast<int>(h);
}

}  // namespace nqueens
