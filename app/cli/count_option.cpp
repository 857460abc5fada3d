#include "cli/count_option.h"

#include <charconv>
#include <cstdint>
#include <string>

namespace ranklab::cli {

Check positiveWholeNumber() {
    return Check::custom(
        [](std::string& text) {
            std::uint64_t value = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (ec != std::errc() || end != text.data() + text.size() || value == 0)
                return std::string("expected a positive whole number, got \"").append(text).append("\"");
            return std::string();
        },
        "N > 0");
}

} // namespace ranklab::cli
