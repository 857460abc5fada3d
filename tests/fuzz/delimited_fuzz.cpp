// Fuzz target: delimited files (TSV, CSV, whitespace; with and without a
// header) and format detection, for every role. Any exception but
// ranklab::Error is a bug.
#include "fuzz_support.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte picks the format (so the fuzzer can steer it); the rest is the file.
    static const char* const kFormats[] = {"auto", "tsv", "csv", "ws", "tsv,header", "csv,noheader",
                                           "csv,header,user=0,item=1,score=2", "tsv,user=2,item=0,score=1"};
    const FormatSpec format = FormatSpec::parse(fuzz::steered(kFormats, data[0]));
    const bool skip = data[0] & 0x80;
    const std::string path = fuzz::writeInput(data + 1, size - 1, ".tsv");
    fuzz::readAs(path, fuzz::smallReadOptions(format, skip),
                 {Role::Run, Role::Judgments, Role::Exclusions, Role::Cohorts, Role::ItemAttributes});
    return 0;
}
