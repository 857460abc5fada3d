#pragma once
// ranx-style JSON: {"user": {"item": value, ...}, ...} for runs and ground
// truth; for exclusions the inner value may also be a list of items; for
// cohorts {"user": "group"}. Errors name the line and column.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "io/file_format.h"

namespace ranklab {

struct JsonEntry {
    std::string_view user;
    std::string_view key;
    double value = 0;
    std::uint64_t line = 0;    // of the key
    std::uint64_t column = 0;  // of the key's opening quote, 1-based bytes
};

// Calls `onEntry` for every entry of `text`, in order. Throws InputError
// naming `path` on malformed JSON or a value of the wrong kind.
void parseJsonEntries(std::string_view text, Role role, const std::string& path,
                      const std::function<void(const JsonEntry&)>& onEntry);

} // namespace ranklab
