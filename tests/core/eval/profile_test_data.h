#pragma once
// The worked example the definition-profile tests share
// (definition_profile_test.cpp derives every value by hand).
#include "core/engine_test_support.h"

namespace ranklab::testing {

// u1: ranks d1..d6 (scores 6..1); relevant (grade 1): d1, d3, d6, and x1, x2
//     that it does not retrieve: R = 5.
// u2: ranks e1..e4 (scores 4..1); e1 judged 0, e2 grade 2, e3 grade 1, e4
//     unjudged; e5 grade 3 not retrieved: R = 3.
// u3: judged non-relevant only (f1: 0), ranks f1.
// u4: one relevant item g1, missing from the run.
// No ties, so the tie order changes nothing here.
inline Dataset workedExample() {
    return makeDataset({{"u1", "d1", 1}, {"u1", "d3", 1}, {"u1", "d6", 1}, {"u1", "x1", 1}, {"u1", "x2", 1},
                        {"u2", "e1", 0}, {"u2", "e2", 2}, {"u2", "e3", 1}, {"u2", "e5", 3},
                        {"u3", "f1", 0},
                        {"u4", "g1", 1}},
                       {{"m", {{"u1", "d1", 6}, {"u1", "d2", 5}, {"u1", "d3", 4}, {"u1", "d4", 3}, {"u1", "d5", 2},
                               {"u1", "d6", 1}, {"u2", "e1", 4}, {"u2", "e2", 3}, {"u2", "e3", 2}, {"u2", "e4", 1},
                               {"u3", "f1", 1}}}});
}

} // namespace ranklab::testing
