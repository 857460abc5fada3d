#pragma once
// SHA-256's compression function over whole 64-byte blocks, in two
// implementations: portable C++ (FIPS 180-4, section 6.2.2) and the x86
// SHA extensions (SHA-NI: sha256rnds2, sha256msg1, sha256msg2), about four
// times faster; Sha256 uses the second when the processor has it. Both are
// here so a test can hold one against the other.
#include <cstddef>
#include <cstdint>

namespace ranklab::sha256_detail {

void blocksPortable(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);
// Whether this processor (and build) can run blocksHardware.
bool hardwareAvailable();
// Only when hardwareAvailable().
void blocksHardware(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);

} // namespace ranklab::sha256_detail
