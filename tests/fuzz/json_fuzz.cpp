// Fuzz target: ranx-style JSON for every role, parsed in memory and read as
// a file. Any exception but ranklab::Error is a bug.
#include <string_view>

#include "fuzz_support.h"
#include "io/json_reader.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (Role role : {Role::Judgments, Role::Run, Role::Exclusions, Role::Cohorts, Role::ItemAttributes}) {
        std::uint64_t entries = 0, lastLine = 0;
        fuzz::refusalIsFine([&] {
            parseJsonEntries(
                text, role, "fuzz.json",
                [&](const JsonEntry& entry) {
                    // Entries come in order, within the text.
                    if (entry.line < lastLine || entry.line == 0) __builtin_trap();
                    lastLine = entry.line;
                    ++entries;
                },
                [](const JsonRepeatedUser& repeated) {
                    if (repeated.line < repeated.firstLine) __builtin_trap();
                });
        });
    }
    const std::string path = fuzz::writeInput(data, size, ".json");
    fuzz::readAs(path, fuzz::smallReadOptions(FormatSpec::parse("json")),
                 {Role::Run, Role::Judgments, Role::Exclusions, Role::Cohorts});
    return 0;
}
