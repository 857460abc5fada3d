// relstring_N: the grades of the top N documents as text, one character
// each: the grade's digit (0-9, '*' above 9), '-' for a document the qrels
// do not mention, '.' for a negative grade (in the pool but unjudged).
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

std::string relstring(const Query& q, std::span<const double> params) {
    const double n = params.empty() ? 10.0 : params[0];
    std::string out = "'";
    for (std::size_t i = 0; i < q.ranked.size() && double(i) < n; ++i) {
        const double g = q.ranked[i];
        if (!Query::inQrels(g)) out += '-';
        else if (g < 0) out += '.';
        else if (g > 9) out += '*';
        else out += static_cast<char>('0' + static_cast<int>(g));
    }
    return out + "'";
}

} // namespace ranklab::trec
