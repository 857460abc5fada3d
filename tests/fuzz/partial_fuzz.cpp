// Fuzz target: partial-state files (`ranklab-cli merge`), of every command.
// A state is merged into every report format and into a state again; a
// merged state must read back and merge into the same report. Any exception
// but ranklab::Error is a bug (a bad state is refused, naming the file).
#include <string>
#include <vector>

#include "common/error.h"
#include "shard/merge_report.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::string> texts{std::string(reinterpret_cast<const char*>(data), size)};
    const std::vector<std::string> names{"fuzz.json"};
    for (TableFormat format : {TableFormat::Text, TableFormat::Csv, TableFormat::Json, TableFormat::Markdown,
                               TableFormat::Latex}) {
        try {
            (void)shard::mergeReport(texts, names, {format, 4, ShownInterval::T, {}});
        } catch (const Error&) {
        }
    }
    std::string merged;
    try {
        merged = shard::mergeStates(texts, names);
    } catch (const Error&) {
        return 0;
    }
    // What merge writes, it reads: the same state again.
    std::string again;
    try {
        again = shard::mergeStates({merged}, names);
    } catch (const Error&) {
        __builtin_trap();
    }
    if (again != merged) __builtin_trap();
    return 0;
}
