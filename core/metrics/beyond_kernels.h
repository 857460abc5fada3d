#pragma once
// The recommender's beyond-accuracy metrics (docs/metrics.md, "Beyond accuracy"):
// per-user values at all requested cutoffs (ascending, kCutoffAll last) in
// one pass, exact expectations under the expected tie policy (an item of a
// tie group straddling k is in the top k with probability (slots left) /
// (group size)); and the set-level statistics computed from the counts c_i.
// One metric per file.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "data/item_context.h"
#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "metrics/user_truth.h"
#include "rank/ranked_run.h"

namespace ranklab {

// What a beyond-accuracy kernel needs besides the user.
struct BeyondInputs {
    const ItemContext& items;
    double threshold;            // relevance threshold (EPC, EFD, serendipity)
    const Discounts& discounts;  // 1/log2(p + 1) prefix sums (EPC, EFD)
    double headShare = 0.8;      // aplt(head=...), aclt(head=...)
};

// From a kernel's context (evaluate() gives beyond-accuracy metrics an item context).
inline BeyondInputs beyondInputs(const MetricContext& ctx, double headShare = 0.8) {
    return BeyondInputs{*ctx.items, ctx.threshold, ctx.discounts, headShare};
}

using BeyondKernel = void (*)(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t> cutoffs,
                              std::span<double> out);

// The MetricKernel of a beyond-accuracy metric: `values` over the context's
// item inputs. headShareKernel passes the metric's first parameter as the
// head share (aplt(head=...), aclt(head=...)).
template <BeyondKernel values>
void beyondKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                  std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    values(beyondInputs(ctx), r, cutoffs, out);
}
template <BeyondKernel values>
void headShareKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                     std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    values(beyondInputs(ctx, ctx.spec.param(0)), r, cutoffs, out);
}

// The beyond-accuracy metrics read item ids: a ranking built without them
// (not through rankRun) is a programming error, not a wrong value.
inline void requireItemIds(const UserRanking& r) {
    if (r.items.size() < r.listLength) throw std::logic_error("a ranked list without its item ids");
}

// k as a position count: kCutoffAll is the whole list.
inline std::uint32_t cutoffLength(std::uint32_t k, std::uint32_t listLength) {
    return k == kCutoffAll ? listLength : k;
}

// Σ_{i ∈ L_u} f(i) in expectation at each cutoff: f is evaluated once per
// position that can reach the largest top k, and each cutoff takes prefix
// sums, the straddling tie group weighted by (slots left)/(group size).
// With `mean`, divides by |L_u| = min(k, n) (0 for an empty list).
template <class F>
void sumOverTopK(const UserRanking& r, std::span<const std::uint32_t> cutoffs, std::span<double> out, bool mean,
                 F&& f) {
    requireItemIds(r);
    thread_local std::vector<double> prefix;
    std::uint32_t reach = 0;
    for (std::uint32_t k : cutoffs) reach = std::max(reach, topKReach(r, cutoffLength(k, r.listLength)));
    prefix.assign(std::size_t(reach) + 1, 0.0);
    for (std::uint32_t p = 0; p < reach; ++p) prefix[p + 1] = prefix[p] + f(r.items[p]);
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        const std::uint32_t k = std::min(cutoffLength(cutoffs[c], r.listLength), r.listLength);
        double sum = prefix[k];
        for (const TieSpan& t : r.ties) {
            if (t.start >= k) break;
            if (k < t.start + t.size) {  // straddles k: its k - start slots are shared by all its items
                sum = prefix[t.start] + double(k - t.start) / double(t.size) * (prefix[t.start + t.size] - prefix[t.start]);
                break;
            }
        }
        out[c] = !mean ? sum : k > 0 ? sum / double(k) : 0.0;
    }
}

void noveltyValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void arpValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void apltValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void acltValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void epcValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void efdValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void ildValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);
void serendipityValues(const BeyondInputs&, const UserRanking&, std::span<const std::uint32_t>, std::span<double>);

// Σ_{p ≤ k} disc(p) for any k (positions past the prefix table are summed here).
double discountSum(const Discounts& discounts, std::uint32_t k);

// Σ over the user's relevant judged items of f(item) times E[disc(position)
// · 1(position ≤ k)], ÷ Σ_{p ≤ k} disc(p): EPC and EFD. Under expected an
// item of group [s, s + g) takes each position of it with probability 1/g.
template <class F>
void discountedRelevantSum(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                           std::span<double> out, F&& f) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        const std::uint32_t k = cutoffLength(cutoffs[c], r.listLength);
        const std::uint32_t inList = std::min(k, r.listLength);
        double sum = 0;
        for (const RankedGroup& g : r.groups) {
            if (g.start >= inList) break;
            const std::uint32_t last = std::min(g.start + g.size, inList);
            const double meanDiscount = in.discounts.between(g.start, last) / double(g.size);
            for (std::uint32_t j = 0; j < g.gradeCount; ++j)
                if (r.grades[g.firstGrade + j] >= in.threshold) sum += meanDiscount * f(r.gradeItems[g.firstGrade + j]);
        }
        const double norm = discountSum(in.discounts, k);
        out[c] = norm > 0 ? sum / norm : 0.0;
    }
}

// ---- Set-level statistics from the counts c_i over the catalogue ----

// The counts of one model at one cutoff: c[slot] for the catalogue's items
// (slot = position in ItemContext::catalog), the number of averaged users
// and k. `training[slot]` marks items of the training file.
struct SetCounts {
    std::span<const double> c;
    // q_i = Σ_u share_{u,i}²: equal to c_i without ties straddling k; makes
    // personalization the exact expectation of the pairwise overlap.
    std::span<const double> q;
    double users = 0;
    std::uint32_t k = 0;
    std::span<const std::uint8_t> training;
};

enum class CoverageOf { Catalog, Training };
enum class GiniZeros { Catalog, Recommended };
enum class EntropyBase { Two, E };

double coverageStatistic(const SetCounts&, CoverageOf of);
// `scratch` is reused between calls (the sort).
double giniStatistic(const SetCounts&, GiniZeros zeros, std::vector<double>& scratch);
double entropyStatistic(const SetCounts&, EntropyBase base);
double personalizationStatistic(const SetCounts&);

} // namespace ranklab
