#pragma once
// Multiple-comparison corrections of a family of p-values, following
// statsmodels' multipletests (0.13.5): adjusted p-values in the input order,
// clipped to 1 and monotone in the sorted order (tied p-values get equal
// adjusted values); `reject` is decided on the raw p-values against each
// method's thresholds, as statsmodels does.
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "common/name_table.h"

namespace ranklab::stats {

enum class Correction {
    None,
    Bonferroni,         // p·m
    Holm,               // step-down: running max of p_(i)·(m − i + 1)
    BenjaminiHochberg,  // step-up FDR: running min from the top of p_(i)·m/i ("fdr_bh")
    Sidak,              // 1 − (1 − p)^m
    HolmSidak,          // step-down Šidák
};

struct CorrectedPValues {
    std::vector<double> adjusted;
    std::vector<bool> reject;  // at family-wise level (or FDR) alpha
};

// NaN p-values (an undefined test) stay NaN, are never rejected, and are not
// counted in the family size m (as R's p.adjust).
CorrectedPValues correctPValues(std::span<const double> pvalues, Correction method, double alpha = 0.05);

// The names --correction, workspaces, manifests, Python and the GUI take:
// statsmodels' names ("fdr_bh" written), "bh" listed in messages, and
// "benjamini-hochberg" also accepted.
inline constexpr Named<Correction> kCorrectionNames[] = {
    {"none", Correction::None},
    {"bonferroni", Correction::Bonferroni},
    {"holm", Correction::Holm},
    {"bh", Correction::BenjaminiHochberg, false, true},
    {"fdr_bh", Correction::BenjaminiHochberg, true, false},
    {"benjamini-hochberg", Correction::BenjaminiHochberg, false, false},
    {"sidak", Correction::Sidak},
    {"holm-sidak", Correction::HolmSidak}};

// "none", "bonferroni", "holm", "fdr_bh", "sidak", "holm-sidak" (statsmodels' names).
std::string_view toString(Correction method);
// Also accepts "bh" and "benjamini-hochberg". Empty when unknown.
std::optional<Correction> parseCorrection(std::string_view name);

} // namespace ranklab::stats
