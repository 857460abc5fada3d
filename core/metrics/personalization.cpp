// personalization@k = 1 − Σ_i c_i(c_i − 1) / (|U|(|U| − 1)·k): one minus the
// mean overlap of two users' top-k lists (Evidently); k of @all is the
// longest list. 0 with fewer than two users (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

double personalizationStatistic(const SetCounts& s) {
    if (s.users < 2 || s.k == 0) return 0.0;
    double pairs = 0;
    for (double c : s.c) pairs += c * (c - 1.0);
    return 1.0 - pairs / (s.users * (s.users - 1.0) * double(s.k));
}

} // namespace ranklab
