// Fuzz target: the byte sources (plain, gzip, zstd). Decompressing in 1-byte
// and 64 KiB reads must give the same bytes and the same error: the README
// promises results that do not depend on the read size. Then the bytes are
// read as a run (auto format). Any exception but ranklab::Error is a bug.
#include <string>
#include <vector>

#include "common/error.h"
#include "fuzz_support.h"
#include "io/byte_source.h"

using namespace ranklab;

namespace {

struct Outcome {
    std::string bytes;
    std::string error;
};

// At most 8 MiB decoded: enough to cross every buffer, small enough to run fast.
Outcome decode(const std::string& path, std::size_t readSize) {
    Outcome outcome;
    try {
        auto source = ByteSource::open(path, 100);
        std::vector<char> buffer(readSize);
        while (outcome.bytes.size() < (std::size_t(8) << 20)) {
            const std::size_t n = source->read(buffer.data(), buffer.size());
            if (n == 0) break;
            if (n > readSize) __builtin_trap();
            outcome.bytes.append(buffer.data(), n);
        }
    } catch (const Error& e) {
        outcome.error = e.what();
    }
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = fuzz::writeInput(data, size, ".bin");
    const Outcome small = decode(path, 1 + (size % 7));
    const Outcome large = decode(path, 1 << 16);
    const std::size_t common = std::min(small.bytes.size(), large.bytes.size());
    if (small.bytes.compare(0, common, large.bytes, 0, common) != 0) __builtin_trap();
    if (small.bytes.size() < (std::size_t(8) << 20) && large.bytes.size() < (std::size_t(8) << 20)) {
        if (small.bytes != large.bytes || small.error != large.error) __builtin_trap();
    }
    fuzz::readAs(path, fuzz::smallReadOptions(), {Role::Run});
    return 0;
}
