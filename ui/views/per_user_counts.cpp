#include "ui/views/per_user_counts.h"

#include <cmath>

namespace ranklab::ui {

PerUserCounts perUserCounts(const Evaluation& e, const UserPair& pair) {
    PerUserCounts c;
    if (pair.a >= e.models.size() || pair.b >= e.models.size() || pair.metric >= e.metricCount()) return c;
    for (std::size_t row = 0; row < e.users.size(); ++row) {
        const double a = e.value(pair.a, row, pair.metric), b = e.value(pair.b, row, pair.metric);
        if (std::isnan(a) || std::isnan(b)) ++c.undefined;
        else if (b > a) ++c.bBetter;
        else if (a > b) ++c.aBetter;
        else ++c.ties;
    }
    return c;
}

} // namespace ranklab::ui
