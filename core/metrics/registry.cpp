#include "metrics/registry.h"

namespace ranklab {

const std::vector<MetricFamily>& metricFamilies() {
    //  name, aliases, cutoff, rel, gain, norm, count, definition, kernel
    static const std::vector<MetricFamily> families = {
        {"hits", {}, true, true, false, false, true, "number of relevant items in the top k", hitsKernel},
        {"hr", {"hit_rate", "success"}, true, true, false, false, false,
         "1 if at least one relevant item is in the top k, else 0 (trec_eval success)", hitRateKernel},
        {"precision", {"p"}, true, true, false, false, false,
         "relevant items in the top k divided by k (trec_eval P)", precisionKernel},
        {"recall", {"r"}, true, true, false, false, false,
         "relevant items in the top k divided by the user's relevant items R", recallKernel},
        {"f1", {}, true, true, false, false, false, "2 hits(k) / (k + R): harmonic mean of precision and recall",
         f1Kernel},
        {"rr", {"mrr"}, true, true, false, false, false,
         "1 / rank of the first relevant item if within k, else 0 (mean: MRR; rr@all is recip_rank)",
         reciprocalRankKernel},
        {"ap", {"map"}, true, true, false, true, false,
         "sum of precision at each relevant rank <= k, divided by R (norm=min: by min(R, k)); mean: MAP",
         averagePrecisionKernel},
        {"dcg", {}, true, false, true, false, false,
         "sum of gain(grade) / log2(rank + 1) over the top k; gain=lin: grade, gain=exp: 2^grade - 1", dcgKernel},
        {"ndcg", {}, true, false, true, false, false,
         "dcg@k divided by the dcg@k of the ideal order of the user's judged grades (trec_eval ndcg_cut)",
         ndcgKernel},
        {"rprec", {"r_precision", "rprecision"}, false, true, false, false, false,
         "precision at rank R, the user's number of relevant items (trec_eval Rprec)", rPrecisionKernel},
        {"num_ret", {}, false, false, false, false, true, "number of ranked items (after exclusions)",
         numRetKernel},
        {"num_rel", {}, false, true, false, false, true, "number of relevant judged items R", numRelKernel},
        {"num_rel_ret", {}, false, true, false, false, true, "number of relevant items in the ranked list",
         numRelRetKernel},
    };
    return families;
}

const MetricFamily* findMetricFamily(std::string_view name) {
    for (const MetricFamily& f : metricFamilies()) {
        if (f.name == name) return &f;
        for (auto alias : f.aliases)
            if (alias == name) return &f;
    }
    return nullptr;
}

} // namespace ranklab
