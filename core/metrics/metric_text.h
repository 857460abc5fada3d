#pragma once
// A metric's words with its parameters and cutoff written in, from its
// record: the formula (tooltips, exports, docs) and the trec_eval measure.
#include <string>

#include "metrics/metric_spec.h"

namespace ranklab {

// The record's formula with %K replaced by the cutoff (k, or n at @all and
// without a cutoff) and %{param} by the chosen value's formula text. Keeps
// the record's light markup (_{..} subscript, ^{..} superscript); empty for
// an unknown family.
std::string metricFormula(const MetricSpec& spec);
// The same with the cutoff left as the letter k (pickers: a family, not a column).
std::string familyFormula(const MetricSpec& spec);

// The same formula as plain text for exports: a subscript or superscript of
// one token loses its braces ("2^g(p)"), a longer one keeps them
// ("Σ_{p ≤ 5, rel(p)}").
std::string plainFormula(const std::string& formula);

// trec_eval's measure for this id ("ndcg_cut_10", "map"), or empty when
// trec_eval has none (a parameter off its default, no name at this cutoff).
std::string trecMeasureName(const MetricSpec& spec);

} // namespace ranklab
