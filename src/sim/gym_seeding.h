#pragma once
// The random window starts of RLScheduler's evaluation protocol, bit for bit:
// OpenAI gym's 2019 seeding (SHA-512 of the decimal seed, first 8 bytes as a
// little-endian integer, split into 32-bit words for MT19937's
// init_by_array) followed by NumPy's legacy RandomState.randint (masked
// rejection sampling on 32-bit draws). Neither the standard library nor a
// Debian package reproduces NumPy's seeding, so MT19937 is written out here.

#include <array>
#include <cstdint>
#include <vector>

namespace clustersim {

class NumpyLegacyRandom {
 public:
  // gym.utils.seeding.np_random(seed)
  explicit NumpyLegacyRandom(std::uint64_t gym_seed);
  // RandomState.randint(low, high): uniform on [low, high).
  std::int64_t RandInt(std::int64_t low, std::int64_t high);
  std::uint32_t Next32();

 private:
  void InitGenrand(std::uint32_t s);
  void InitByArray(const std::vector<std::uint32_t>& key);
  void Twist();
  std::array<std::uint32_t, 624> mt_{};
  int mti_ = 625;
};

// `count` window starts randint(window, limit - window - 1) from `seed`.
std::vector<std::int64_t> RlSchedulerWindowStarts(std::uint64_t seed, std::int64_t window, std::int64_t limit,
                                                  int count);

}  // namespace clustersim
