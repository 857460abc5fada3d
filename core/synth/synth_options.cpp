#include "synth/synth_options.h"

#include "common/error.h"

namespace ranklab::synth {
namespace {

constexpr std::uint32_t kMaxUsers = 100'000'000;
constexpr std::uint32_t kMinItems = 10, kMaxItems = 10'000'000;

void require(bool ok, const std::string& message) {
    if (!ok) throw Error(message);
}

} // namespace

void validate(const SynthOptions& o) {
    require(!o.outDir.empty(), "synth: an output directory is required");
    require(o.users >= 1 && o.users <= kMaxUsers,
            "synth: users must be between 1 and " + std::to_string(kMaxUsers) + " (got " + std::to_string(o.users) + ")");
    require(o.items >= kMinItems && o.items <= kMaxItems, "synth: items must be between " + std::to_string(kMinItems) +
                                                              " and " + std::to_string(kMaxItems) + " (got " +
                                                              std::to_string(o.items) + ")");
    require(o.perUser >= 1 && o.perUser <= o.items / 2,
            "synth: per-user must be between 1 and half the items (" + std::to_string(o.items / 2) + "; got " +
                std::to_string(o.perUser) + ")");
    require(o.threads >= 0, "synth: threads must be 0 (all) or more (got " + std::to_string(o.threads) + ")");
}

} // namespace ranklab::synth
