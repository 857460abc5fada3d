#pragma once
// Counts written for people: 3000 -> "3,000".
#include <cstdint>
#include <string>

namespace ranklab {

std::string groupedNumber(std::uint64_t n);

} // namespace ranklab
