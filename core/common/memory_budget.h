#pragma once
// How much memory this process may use: what decides that `eval` reads its
// runs as a stream (eval --stream) rather than whole.
#include <cstdint>
#include <optional>
#include <string>

namespace ranklab {

struct MemoryBudget {
    std::uint64_t bytes = 0;  // 0: unknown
    std::string source;       // what set it: "RANKLAB_MEMORY_BYTES", "ulimit -v", "available memory"
};

// The smallest of: $RANKLAB_MEMORY_BYTES (a whole number of bytes; the
// caller's own budget, e.g. in a container), the address-space limit
// (ulimit -v) and the memory the kernel reports available (MemAvailable).
MemoryBudget memoryBudget();

// The same from given parts (tests): each missing part is left out.
MemoryBudget memoryBudget(const std::optional<std::string>& variable, std::optional<std::uint64_t> addressLimit,
                          std::optional<std::uint64_t> available);

} // namespace ranklab
