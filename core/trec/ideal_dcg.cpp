// ideal_dcg: the DCG of the ideal ranking of every judged grade > 0 (grades
// descending, gain = grade, discount 1 / log2(rank + 1)). Neither -M nor -l
// changes it.
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void idealDcg(const Query& q, std::span<const double>, std::span<double> out) {
    double sum = 0;
    for (std::size_t i = 0; i < q.judged.size() && q.judged[i] > 0; ++i)
        sum += q.judged[i] / std::log2(double(i + 2));
    out[0] = sum;
}

} // namespace ranklab::trec
