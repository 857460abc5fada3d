#pragma once
// A metric is one declarative record: everything RankLab knows about a
// metric family, in the file of its kernel (core/metrics/ndcg.cpp, ...),
// listed by one line of the table in registry.cpp. The id parser and
// canonical ids (metric_spec.cpp), the GUI's picker and parameter widgets,
// the tooltips, curves, exports and the contract test read these records;
// nothing else lists metrics. docs/adding-a-metric.md walks through adding one.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "metrics/user_truth.h"

namespace ranklab {

// ---- Parameters: `name=value` in the parentheses of an id ----

enum class ParamKind {
    Choice,   // one of the declared values (gain=lin|exp)
    Number,   // a finite real number (rel=2, head=0.8)
    Integer,  // a whole number
};

struct ParamChoice {
    std::string_view value{};                 // canonical spelling in ids ("exp")
    std::string_view label{};                 // for pickers ("exponential (2^grade − 1)")
    std::vector<std::string_view> aliases{};  // also accepted when parsing ("exponential")
    // Replaces %{name} in the record's formula when this value is chosen
    // (empty: the value itself). Same markup as MetricRecord::formula.
    std::string_view formula{};
};

struct MetricParam {
    std::string_view name{};         // "gain": the key in ids, lower case, no spaces
    ParamKind kind = ParamKind::Choice;
    std::string_view label{};        // for pickers ("Gain")
    std::string_view description{};  // one line ("the gain of a grade g")
    // Choice: the allowed values and the default's index.
    std::vector<ParamChoice> choices{};
    std::size_t defaultChoice = 0;
    // Number/Integer: the default. None: the parameter is unset unless given,
    // and the metric falls back on something else (rel: the evaluation's θ),
    // which `unsetLabel` names for pickers ("as the evaluation").
    std::optional<double> defaultValue{};
    std::string_view unsetLabel{};
    // Number/Integer: the allowed closed range [min, max]; an open end is
    // excluded when minOpen / maxOpen.
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool minOpen = false, maxOpen = false;
};

// ---- Values, direction, aggregation ----

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();  // MetricRecord::hi

enum class Direction {
    HigherIsBetter,
    LowerIsBetter,
    None,  // describes the data (counts): tables mark no best model
};

// Whether `a` is a better value than `b` under `direction`: higher, lower,
// or never for a count. NaN is never better nor worse.
inline bool isBetter(Direction direction, double a, double b) {
    switch (direction) {
    case Direction::HigherIsBetter: return a > b;
    case Direction::LowerIsBetter: return a < b;
    case Direction::None: break;
    }
    return false;
}

enum class Aggregation {
    MeanOverUsers,  // a kernel gives each averaged user a value; the column is their mean
    SetLevel,       // one statistic over all averaged users' lists, from an accumulator
};

// Writes one user's values at all requested cutoffs (ascending, kCutoffAll
// last) in one pass. Under the expected tie policy every value is the exact
// expectation over all orders of each tie group (McSherry & Najork 2008).
using MetricKernel = void (*)(const MetricContext&, const UserRanking&, const UserTruth&,
                              std::span<const std::uint32_t> cutoffs, std::span<double> out);

// A set-level metric's partial state over some of the averaged users. The
// shared pass (core/eval/user_pass.h) makes one accumulator per fixed chunk
// of users (the same chunks for any thread count), feeds it every averaged
// user of its chunk in row order, merges the chunks' states in chunk order
// into the first and finishes that one: the result is the same bit for bit
// for any thread count.
class SetAccumulator {
public:
    virtual ~SetAccumulator() = default;
    // One averaged user: exactly what a per-user kernel gets. The user's
    // top-k items come from `ranking` (its item ids, and under the expected
    // policy each item's inclusion weight (slots left in the top k)/(group
    // size) for a tie group that straddles k); `ctx.items` is the item
    // context (catalogue, popularity, attributes) when the pass has one.
    virtual void add(const MetricContext& ctx, const UserRanking& ranking, const UserTruth& truth,
                     std::span<const std::uint32_t> cutoffs) = 0;
    // Folds in the state of the users that come after this one's (same
    // metric, same cutoffs, made by the same factory).
    virtual void merge(const SetAccumulator& later) = 0;
    // The statistic at each cutoff (ascending, kCutoffAll last).
    virtual void finish(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs,
                        std::span<double> out) const = 0;
};

// A fresh, empty accumulator for one metric group (family, parameters and
// cutoffs fixed by `ctx` and `cutoffs`).
using SetAccumulatorFactory = std::unique_ptr<SetAccumulator> (*)(const MetricContext& ctx,
                                                                   std::span<const std::uint32_t> cutoffs);

// ---- Item inputs (MetricRecord::needs) ----

enum ItemNeeds : unsigned {
    kNeedsCatalog = 1,     // the catalogue (training and ground-truth items, or --catalog): always there
    kNeedsTraining = 2,    // the training interactions (--exclude): popularity, a user's training items
    kNeedsAttributes = 4,  // item attributes (--items)
};

// ---- The record ----

struct MetricRecord {
    std::string_view id{};                    // canonical family name ("hr"): lower case, no ( @ , = or space
    std::vector<std::string_view> aliases{};  // also accepted ("hit_rate", "success")
    std::vector<MetricParam> params{};        // in the order canonical ids write them
    // Keys that are not parameters but that users try, with why ({"rel",
    // "gains use the grade itself, docs/metrics.md"}): added to the error.
    std::vector<std::pair<std::string_view, std::string_view>> notParams{};
    bool takesCutoff = true;                // @k / @all; also: whether it has a curve over k

    // Words, for tooltips, exports and docs (docs/metrics.md says the same).
    std::string_view name{};        // "normalised discounted cumulative gain"
    std::string_view definition{};  // one line, plain text
    // The value for one user (per user) or for the set, with light markup:
    // _{..} subscript, ^{..} superscript; %K is the cutoff (k, or n at @all)
    // and %{param} the chosen value's ParamChoice::formula (or the value).
    std::string_view formula{};
    std::string_view meanName{};    // what the mean over users is called ("MRR"), or empty
    // trec_eval's measure: `trecName` at a cutoff (%K: the cutoff, e.g.
    // "ndcg_cut_%K"; empty: none), `trecNameAll` at @all or without a cutoff.
    // Only with every parameter at its default.
    std::string_view trecName{};
    std::string_view trecNameAll{};

    // Values.
    double lo = 0.0;
    double hi = 1.0;               // kUnbounded: no upper bound
    bool integral = false;         // whole numbers under the deterministic tie policies (counts)
    Direction direction = Direction::HigherIsBetter;
    // The value of a user whose ranked list is empty (missing from the run,
    // or every item excluded). None: the metric does not read the list
    // (num_rel), so an empty list changes nothing.
    std::optional<double> emptyValue = 0.0;

    // How it aggregates, and the code.
    Aggregation aggregation = Aggregation::MeanOverUsers;
    MetricKernel kernel = nullptr;                // MeanOverUsers
    SetAccumulatorFactory accumulator = nullptr;  // SetLevel
    // Item inputs the metric reads (ItemNeeds bits, beyond-accuracy
    // metrics): evaluate() builds the item context when any is set, and
    // refuses the metric with a message naming the option when one is missing.
    unsigned needs = 0;

    bool unbounded() const { return hi == kUnbounded; }
    bool setLevel() const { return aggregation == Aggregation::SetLevel; }
    // The parameter called `name` and its index, or nullptr / npos.
    const MetricParam* param(std::string_view name) const {
        for (const MetricParam& p : params)
            if (p.name == name) return &p;
        return nullptr;
    }
    std::size_t paramIndex(std::string_view name) const {
        for (std::size_t i = 0; i < params.size(); ++i)
            if (params[i].name == name) return i;
        return static_cast<std::size_t>(-1);
    }
};

} // namespace ranklab
