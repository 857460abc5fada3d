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
    std::string printable;        // the parameters as given ("1=0,2=5"), when given

    // What computes it: an engine family (empty if none) or a Query measure.
    // ndcg and dcg given rel_level=gain parameters leave the engine.
    QueryMeasure compute() const;
    std::string_view engineFamily() const;

    // The printed name of each value: "P_5", "iprec_at_recall_0.10", "map",
    // "relstring_20" (a single parameter shows only when given).
    std::vector<std::string> outputNames() const;
};

// The requests in trec_eval's order (measureTable()), each measure once. No
// arguments means "official". As in trec_eval, the first -m giving a measure
// parameters sets them (later ones are ignored); cutoffs are sorted
// ascending; parameters are read as C's atol/atof read them. Throws
// MeasureParamError (errors.h) with trec_eval's message and exit code (1: an
// unknown measure or an empty parameter; 2: a repeated or non-positive
// cutoff, malformed name=value pairs).
std::vector<MeasureRequest> parseMeasureRequests(const std::vector<std::string>& args);

} // namespace ranklab::trec
