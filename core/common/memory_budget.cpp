#include "common/memory_budget.h"

#include <sys/resource.h>

#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "common/error.h"

namespace ranklab {

MemoryBudget memoryBudget(const std::optional<std::string>& variable, std::optional<std::uint64_t> addressLimit,
                          std::optional<std::uint64_t> available) {
    MemoryBudget out;
    auto consider = [&](std::uint64_t bytes, const char* source) {
        if (bytes > 0 && (out.bytes == 0 || bytes < out.bytes)) out = {bytes, source};
    };
    if (variable) {
        std::uint64_t bytes = 0;
        const char* begin = variable->data();
        const char* end = begin + variable->size();
        const auto [at, ec] = std::from_chars(begin, end, bytes);
        if (ec != std::errc() || at != end || bytes == 0)
            throw Error("RANKLAB_MEMORY_BYTES is \"" + *variable + "\"; expected a positive whole number of bytes");
        consider(bytes, "RANKLAB_MEMORY_BYTES");
    }
    if (addressLimit) consider(*addressLimit, "ulimit -v");
    if (available) consider(*available, "available memory");
    return out;
}

MemoryBudget memoryBudget() {
    std::optional<std::string> variable;
    if (const char* text = std::getenv("RANKLAB_MEMORY_BYTES"); text && *text) variable = text;
    std::optional<std::uint64_t> addressLimit;
    if (rlimit limit{}; ::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        addressLimit = limit.rlim_cur;
    std::optional<std::uint64_t> available;
    std::ifstream meminfo("/proc/meminfo");
    for (std::string line; std::getline(meminfo, line);) {
        std::istringstream fields(line);
        std::string name;
        std::uint64_t kib = 0;
        if (fields >> name >> kib && name == "MemAvailable:") available = kib * 1024;
    }
    return memoryBudget(variable, addressLimit, available);
}

} // namespace ranklab
