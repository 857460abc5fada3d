#pragma once
// trec_eval's -m arguments: a measure with optional parameters
// ("P.5,10", "ndcg_cut.1,3", "relstring.20", "iprec_at_recall.0.25") or a
// nickname ("official", "all_trec").
#include <string>
#include <vector>

#include "trec/measure.h"

namespace ranklab::trec {

struct MeasureRequest {
    const MeasureDef* def = nullptr;
    std::vector<double> params;
    bool explicitParams = false;  // given on the command line, not the defaults

    // The printed name of each value: "P_5", "iprec_at_recall_0.10", "map",
    // "relstring_20" (a single parameter shows only when given).
    std::vector<std::string> outputNames() const;
};

// The requests in trec_eval's order (measureTable()), each measure once. No
// arguments means "official". A measure named again adds its parameters.
// Throws Error for an unknown measure or bad parameters.
std::vector<MeasureRequest> parseMeasureRequests(const std::vector<std::string>& args);

} // namespace ranklab::trec
