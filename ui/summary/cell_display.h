#pragma once
// What a summary cell shows: the model's mean with its interval, or its
// difference to the baseline — Δ = mean(model) − mean(baseline) with the
// paired difference's interval, Δ% = 100·Δ / mean(baseline), or Cohen's
// d_z = mean(d) / sd(d) of the per-user differences d = model − baseline,
// or the matched-pairs rank-biserial r = (W⁺ − W⁻)/(W⁺ + W⁻) of those
// differences' signed ranks (the effect size beside Wilcoxon; blank unless
// the comparison ran Wilcoxon).
// The baseline's own row shows its mean in every mode; so does every row
// in all-pairs mode (there is no single reference to subtract).
#include <QString>

#include <optional>

namespace ranklab::ui {

enum class CellDisplay { Mean, Delta, DeltaPercent, EffectSize, RankBiserial };

// Every mode, in the toolbar's order.
inline constexpr CellDisplay kCellDisplays[] = {CellDisplay::Mean, CellDisplay::Delta, CellDisplay::DeltaPercent,
                                               CellDisplay::EffectSize, CellDisplay::RankBiserial};

// "mean ± CI", "Δ to baseline", "Δ% to baseline", "effect size d_z",
// "rank-biserial r (beside Wilcoxon)" (toolbar tooltips).
QString cellDisplayLabel(CellDisplay display);
// "mean", "delta", "delta_percent", "d_z", "rank_biserial": the displayed
// quantity's key in exports and workspaces.
QString cellDisplayKey(CellDisplay display);
std::optional<CellDisplay> cellDisplayFromKey(const QString& key);

// 100·diff / baselineMean; NaN when the baseline's mean is 0 or undefined.
double relativeChange(double diff, double baselineMean);

} // namespace ranklab::ui
