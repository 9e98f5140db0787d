#include "sim/gym_seeding.h"

#include <nettle/sha2.h>

#include <string>

namespace clustersim {

NumpyLegacyRandom::NumpyLegacyRandom(std::uint64_t gym_seed) {
  // hash_seed: SHA-512 of str(seed), first 8 bytes read little-endian.
  const std::string text = std::to_string(gym_seed);
  sha512_ctx ctx;
  sha512_init(&ctx);
  sha512_update(&ctx, text.size(), reinterpret_cast<const std::uint8_t*>(text.data()));
  std::uint8_t digest[SHA512_DIGEST_SIZE];
  sha512_digest(&ctx, sizeof digest, digest);
  std::uint64_t big = 0;
  for (int i = 7; i >= 0; --i) big = (big << 8) | digest[i];
  // _int_list_from_bigint: 32-bit words, least significant first.
  std::vector<std::uint32_t> key;
  for (; big > 0; big >>= 32) key.push_back(static_cast<std::uint32_t>(big & 0xffffffffu));
  if (key.empty()) key.push_back(0);  // NumPy seeds with [0] for a zero integer
  InitByArray(key);
}

void NumpyLegacyRandom::InitGenrand(std::uint32_t s) {
  mt_[0] = s;
  for (mti_ = 1; mti_ < 624; ++mti_)
    mt_[mti_] = 1812433253u * (mt_[mti_ - 1] ^ (mt_[mti_ - 1] >> 30)) + static_cast<std::uint32_t>(mti_);
}

void NumpyLegacyRandom::InitByArray(const std::vector<std::uint32_t>& key) {
  // Matsumoto & Nishimura's reference init_by_array, as NumPy uses it.
  InitGenrand(19650218u);
  const std::size_t n = 624, len = key.size();
  std::size_t i = 1, j = 0;
  for (std::size_t k = n > len ? n : len; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<std::uint32_t>(j);
    ++i, ++j;
    if (i >= n) mt_[0] = mt_[n - 1], i = 1;
    if (j >= len) j = 0;
  }
  for (std::size_t k = n - 1; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - static_cast<std::uint32_t>(i);
    ++i;
    if (i >= n) mt_[0] = mt_[n - 1], i = 1;
  }
  mt_[0] = 0x80000000u;
  mti_ = 624;
}

void NumpyLegacyRandom::Twist() {
  constexpr std::uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu, kMatrix = 0x9908b0dfu;
  for (int k = 0; k < 624; ++k) {
    const std::uint32_t y = (mt_[k] & kUpper) | (mt_[(k + 1) % 624] & kLower);
    mt_[k] = mt_[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
  }
  mti_ = 0;
}

std::uint32_t NumpyLegacyRandom::Next32() {
  if (mti_ >= 624) Twist();
  std::uint32_t y = mt_[mti_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

std::int64_t NumpyLegacyRandom::RandInt(std::int64_t low, std::int64_t high) {
  const std::uint64_t rng = static_cast<std::uint64_t>(high - low - 1);  // inclusive range
  if (rng == 0) return low;
  std::uint64_t mask = rng;
  for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
  std::uint64_t v;
  if (rng <= 0xffffffffu) {
    do v = Next32() & mask;
    while (v > rng);
  } else {
    do v = ((static_cast<std::uint64_t>(Next32()) << 32) | Next32()) & mask;
    while (v > rng);
  }
  return low + static_cast<std::int64_t>(v);
}

std::vector<std::int64_t> RlSchedulerWindowStarts(std::uint64_t seed, std::int64_t window, std::int64_t limit,
                                                  int count) {
  NumpyLegacyRandom rng(seed);
  std::vector<std::int64_t> starts;
  for (int i = 0; i < count; ++i) starts.push_back(rng.RandInt(window, limit - window - 1));
  return starts;
}

}  // namespace clustersim
