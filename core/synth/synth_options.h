#pragma once
// What `ranklab-cli synth` is asked to make.
#include <cstdint>
#include <string>

namespace ranklab::synth {

enum class SynthFormat { Trec, Tsv };
// Item names: i00001, i00002, ... or spread like a real catalogue's
// (ASIN-like, 10 characters, no shared prefix between neighbours).
enum class SynthItemIds { Sequential, Spread };

struct SynthOptions {
    std::string outDir;
    std::uint32_t users = 2000;
    std::uint32_t items = 5000;
    std::uint32_t perUser = 100;  // items each model scores per user
    SynthFormat format = SynthFormat::Trec;
    SynthItemIds itemIds = SynthItemIds::Sequential;
    std::uint64_t seed = 42;
    int threads = 0;  // 0 = all hardware threads; the output never depends on it
};

// Throws Error naming the option and the allowed range if a value is out of bounds.
void validate(const SynthOptions& options);

} // namespace ranklab::synth
