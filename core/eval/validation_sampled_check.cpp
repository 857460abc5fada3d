// The check that a run follows the sampled-negative protocol (one positive
// against N sampled negatives per user): its metrics are then sampled
// metrics, which Krichene & Rendle showed can disagree with the
// full-catalogue metrics, even on the order of two models.
#include "eval/sampled_ranks.h"
#include "eval/validation_checks.h"

namespace ranklab {

void checkSampledProtocol(const Dataset& data, std::size_t model, const ValidationSettings& settings,
                          std::vector<Finding>& out) {
    const SampledProtocolScan scan = scanSampledProtocol(data, model, settings.relevanceThreshold);
    Finding f;
    f.kind = "sampled_protocol";
    f.subject = "model " + data.models.at(model).name;
    if (!scan.detected) {
        f.severity = Severity::Ok;
        f.message = "not a sampled-negative protocol (not every user ranks exactly one relevant item against the "
                    "same number of other items)";
    } else {
        f.severity = Severity::Info;
        f.count = scan.users;
        const std::string N = std::to_string(scan.negatives);
        f.message = "every user (" + std::to_string(scan.users) + ") ranks one relevant item against " + N +
                    " others, out of a catalogue of at least " + std::to_string(scan.catalogLowerBound) +
                    " items: a sampled-negative protocol. Its metrics are sampled metrics and can even order models "
                    "differently from the full-catalogue ones; declare it (--sampled " + N +
                    " --catalog-size M) for corrected estimates of the full-catalogue metrics";
    }
    out.push_back(std::move(f));
}

} // namespace ranklab
