// Fuzz target: numpy runs — a dense score matrix (.npy, read whole and to a
// depth), top-k item indices (with and without a padding index), an .npz
// archive (libzip), a dense matrix named by a vocabulary — and the import
// dialog's preview of each. Any exception but ranklab::Error is a bug.
#include "common/error.h"
#include "fuzz_support.h"
#include "io/npy_preview.h"

using namespace ranklab;

namespace {

struct Mode {
    const char* format;
    const char* suffix;
    std::uint32_t depth;
    bool vocabulary;  // users= a three-line vocabulary
};

const Mode kModes[] = {
    {"npy", ".npy", 0, false},        {"npy", ".npy", 2, false},       {"npy-topk", ".npy", 0, false},
    {"npy-topk,pad=0", ".npy", 0, false}, {"npz", ".npz", 0, false},   {"npz,pad=0", ".npz", 3, false},
    {"npy", ".npy", 1, true},         {"auto", ".npy", 0, false},
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte picks the mode (so the fuzzer can steer it); the rest is the file.
    const Mode& mode = fuzz::steered(kModes, data[0]);
    const std::string path = fuzz::writeInput(data + 1, size - 1, mode.suffix);
    std::string spec = mode.format;
    if (mode.vocabulary) {
        static const std::uint8_t kUsers[] = "u1\nu2\nu3\n";
        spec += ",users=" + fuzz::writeInput(kUsers, sizeof kUsers - 1, ".users.txt");
    }
    ReadOptions options;
    try {
        options = fuzz::smallReadOptions(FormatSpec::parse(spec), data[0] & 0x80);
    } catch (const Error&) {
        return 0;
    }
    options.rankDepth = mode.depth;
    fuzz::readAs(path, options, {Role::Run});
    fuzz::refusalIsFine([&] { (void)previewNumpy(path, options.format, 4, 4); });
    return 0;
}
