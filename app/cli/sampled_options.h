#pragma once
// --sampled N --catalog-size M (eval, compare): the runs follow the
// sampled-negative protocol (one positive against N sampled negatives per
// user, out of M items), so the reports add estimates of the
// full-catalogue metrics beside the naive sampled values.
#include <cstdint>
#include <string>

#include "cli/command_line.h"

#include "io/dataset.h"
#include "eval/evaluation.h"
#include "eval/sampled_estimates.h"

namespace ranklab::cli {

struct SampledOptions {
    std::uint32_t negatives = 0;
    std::uint64_t catalogSize = 0;

    void addTo(Command& command);
    bool enabled() const { return negatives > 0; }
    SampledSettings settings(double level) const;  // the texts add them: study/study_text.h
};

} // namespace ranklab::cli
