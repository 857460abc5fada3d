// The inputs of a study request by role (manifest.h requestInputsOf).
#include "manifest/manifest.h"

namespace ranklab {

std::optional<RequestInputs> requestInputsOf(const std::vector<ManifestFile>& inputs) {
    RequestInputs r;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string& role = inputs[i].role;
        std::optional<std::size_t>* slot = role == "workspace"      ? &r.workspace
                                           : role == "ground_truth" ? &r.groundTruth
                                           : role == "exclusions"   ? &r.exclusions
                                           : role == "cohorts"      ? &r.cohorts
                                           : role == "catalog"      ? &r.catalog
                                           : role == "items"        ? &r.items
                                           : role == "only_users"   ? &r.onlyUsers
                                                                    : nullptr;
        if (role == "run") r.runs.push_back(i);
        else if (!slot || *slot) return std::nullopt;  // an unknown role, or a second file of one
        else *slot = i;
    }
    return r;
}

} // namespace ranklab
