#pragma once
// The caption line an exported chart carries: what the numbers are and the
// settings that made them, e.g. "ndcg@k (linear gain) · ties: expected ·
// users: relevant · θ = 1 · 1,234 users".
#include <QString>

#include <cstddef>

#include "eval/eval_settings.h"

namespace ranklab::ui {

// `what` names the plotted quantity ("ndcg@k, 95% bootstrap band").
QString chartCaption(const QString& what, const EvalSettings& settings, std::size_t users);

} // namespace ranklab::ui
