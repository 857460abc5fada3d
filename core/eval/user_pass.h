#pragma once
// The one pass over a model's ranked users. Everything that walks ranked
// users (evaluate, the metric curves, the rank distributions, and through
// evaluate the cohorts and the tie band) goes through walkUsers(): fixed
// chunks of rows, run in parallel, cancellable, with progress. The chunks
// do not depend on the thread count, so per-chunk states merged in chunk
// order give the same sums for any number of threads.
//
// runMetricPass() is the metrics' use of it: per-user kernels write a
// per-user table, set-level accumulators (one per chunk, merged in order)
// give one value per column.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "eval/user_selection.h"
#include "metrics/metric_record.h"
#include "rank/ranked_run.h"

namespace ranklab {

// The fixed partition of `rows` averaged users into chunks.
struct UserChunks {
    std::size_t rows = 0;
    std::size_t size = 1;   // rows per chunk (the last one may hold fewer)
    std::size_t count = 0;  // number of chunks

    explicit UserChunks(std::size_t rows);
    std::size_t begin(std::size_t chunk) const { return chunk * size; }
    std::size_t end(std::size_t chunk) const { return std::min(rows, (chunk + 1) * size); }
};

// Runs body(chunk, lo, hi) for every chunk of `chunks`, in parallel. Checks
// `progress` for cancellation before each chunk (throws Cancelled) and
// reports the share of rows done after each one.
void walkUsers(const UserChunks& chunks, const Parallelism& parallelism, const Progress* progress,
               const std::function<void(std::size_t chunk, std::size_t lo, std::size_t hi)>& body);

// Metrics that share family and parameters, computed together: one kernel
// call (or one accumulator) per user for all their cutoffs.
struct MetricGroup {
    const MetricRecord* record = nullptr;
    MetricSpec spec;                     // the parameters, filled in (cutoff: any member's)
    double threshold = 0;                // resolved relevance threshold
    std::vector<std::uint32_t> cutoffs;  // ascending, kCutoffAll last
    std::vector<std::size_t> columns;    // column of each cutoff
};

// Groups `metrics` by family key, in order of first appearance; a metric's
// own rel= wins over `relevanceThreshold`, and negative grades are never
// relevant (threshold >= 0, docs/metrics.md).
std::vector<MetricGroup> groupMetrics(const std::vector<MetricSpec>& metrics, double relevanceThreshold);

// Where the pass writes per-user values: value of (row, column) at
// data[row * rowStride + column * columnStride].
struct UserTable {
    double* data = nullptr;
    std::size_t rowStride = 0;
    std::size_t columnStride = 0;
};

struct MetricPassInput {
    const RankedRun& ranked;
    const TruthTable& truth;
    std::span<const UserId> users;  // the averaged users, the table's rows
    const Discounts& discounts;     // covering the longest list and the most judgments
    const ItemContext* items = nullptr;
};

// Computes every group for every user of `input`: per-user groups into
// `table` (set-level groups' cells get NaN), set-level groups into
// `setValues[column]` (per-user groups' entries are left alone).
void runMetricPass(const std::vector<MetricGroup>& groups, const MetricPassInput& input, UserTable table,
                   std::span<double> setValues, const Parallelism& parallelism, const Progress* progress);

} // namespace ranklab
