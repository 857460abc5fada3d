#pragma once
// The numbers behind the Per user tab's shapes: of the users both models
// were averaged over, how many B beats A, how many A beats B, how many tie
// exactly (the spike in the middle of the histogram), and how many have no
// value (NaN) for the metric. Off the GUI thread: one pass over the rows.
#include <QString>

#include <cstddef>

#include "eval/evaluation.h"
#include "ui/charts/density_plot.h"

class QComboBox;
class QLabel;

namespace ranklab::ui {

struct PerUserCounts {
    std::size_t bBetter = 0, aBetter = 0, ties = 0, undefined = 0;
    std::size_t users() const { return bBetter + aBetter + ties + undefined; }
};

PerUserCounts perUserCounts(const Evaluation& evaluation, const UserPair& pair);

// Writes the counts on the relation filter's entries (PerUserRelation as
// item data) and "1,204 of 3,000 users shown · …" (`rows` kept) on `shown`.
void showPerUserCounts(const PerUserCounts& counts, std::size_t rows, const QString& a, const QString& b,
                       QComboBox* relation, QLabel* shown);

} // namespace ranklab::ui
