#include "stats/permuted_sums.h"

#include <algorithm>
#include <memory>
#include <new>

#include "common/progress.h"
#include "stats/permutation_draws.h"
#include "stats/sums_kernel.h"

namespace ranklab::stats {

namespace {

constexpr std::size_t kTableBytes = 512 * 1024;  // a block's tables, to stay in L2
constexpr std::size_t kMaxBlockUsers = 256;
constexpr std::size_t kSuperBlockUsers = 16384;  // users copied model-major at a time
constexpr std::size_t kTaskResamples = 512;      // resamples one task carries through a super-block

struct AlignedFree {
    void operator()(double* p) const { ::operator delete[](p, std::align_val_t{64}); }
};
using AlignedDoubles = std::unique_ptr<double[], AlignedFree>;

AlignedDoubles alignedZeros(std::size_t n) {
    n = std::max<std::size_t>(n, 1);
    auto* p = static_cast<double*>(::operator new[](n * sizeof(double), std::align_val_t{64}));
    std::fill(p, p + n, 0.0);
    return AlignedDoubles(p);
}

// A run of users: those with a value differing between models, copied
// [user][model][c] (Cp-padded), and which users of the run they are.
struct UserRun {
    std::size_t first = 0, users = 0, kept = 0;
    std::vector<std::uint8_t> informative;
    std::vector<std::size_t> keptBefore;  // informative users before each block of the run
};

} // namespace

std::vector<double> permutedSlotSums(const PermutedSumsInput& in, const ResamplingOptions& options) {
    const std::size_t B = options.resamples, k = in.models, C = in.columns, n = in.users;
    const std::size_t Cp = (C + 7) / 8 * 8;  // a row padded to whole 8-double vectors
    const PermutationDraws draws(k);
    const bool paired = draws.stride() == 16;  // k ≤ 16: the offsets of a pair fit one vector
    const std::size_t rowBytes = k * Cp * sizeof(double);
    const std::size_t blockUsers =
        paired ? std::clamp<std::size_t>(2 * (kTableBytes / (k * rowBytes)), 2, kMaxBlockUsers)
               : std::clamp<std::size_t>(kTableBytes / rowBytes, 1, kMaxBlockUsers);

    std::vector<synth::Rng> rngs;
    rngs.reserve(B);
    for (std::size_t r = 0; r < B; ++r) rngs.push_back(resampleRng(options.seed, ResamplePurpose::Permutations, r));

    AlignedDoubles acc = alignedZeros(B * k * Cp);  // [r][slot][c], padded
    const std::size_t runCapacity = std::min(n, kSuperBlockUsers);
    AlignedDoubles rows = alignedZeros(runCapacity * k * Cp);
    std::vector<double> constant(C, 0.0);  // Σ over constant users
    // The slots' sums add up to the same total in every resample, so the last
    // slot is that total less the others: k − 1 slots are summed.
    std::vector<double> total(C, 0.0);  // Σ over informative users and models
    const std::size_t slots = k > 1 ? k - 1 : k;
    UserRun run;
    run.informative.resize(runCapacity);
    const Progress* progress = options.progress;
    const std::size_t tasks = (B + kTaskResamples - 1) / kTaskResamples;

    for (run.first = 0; run.first < n; run.first += runCapacity) {
        if (progress) {
            progress->check();
            progress->report(static_cast<double>(run.first) / static_cast<double>(n));
        }
        run.users = std::min(runCapacity, n - run.first);
        // Which users are informative, per block in parallel; then each
        // block's rows go after the blocks before it. The constant users'
        // sums and the totals are summed per block, in row order, and the
        // blocks' sums in block order: the same bits for any thread count.
        const std::size_t blocks = (run.users + blockUsers - 1) / blockUsers;
        std::vector<std::size_t> blockKept(blocks);
        std::vector<double> blockConstant(blocks * C, 0.0), blockTotal(blocks * C, 0.0);
        options.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
            std::size_t kept = 0;
            for (std::size_t u = block * blockUsers; u < std::min(run.users, (block + 1) * blockUsers); ++u) {
                const std::size_t user = run.first + u;
                bool same = true;
                for (std::size_t c = 0; c < C && same; ++c) {
                    const double v = in.values[c * k][user];
                    for (std::size_t j = 1; j < k && same; ++j) same = in.values[c * k + j][user] == v;
                }
                run.informative[u] = same ? 0 : 1;
                if (same)
                    for (std::size_t c = 0; c < C; ++c) blockConstant[block * C + c] += in.values[c * k][user];
                else
                    ++kept;
            }
            blockKept[block] = kept;
        });
        run.keptBefore.assign(1, 0);
        for (std::size_t block = 0; block < blocks; ++block) run.keptBefore.push_back(run.keptBefore.back() + blockKept[block]);
        run.kept = run.keptBefore.back();
        options.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
            std::size_t at = run.keptBefore[block];
            for (std::size_t u = block * blockUsers; u < std::min(run.users, (block + 1) * blockUsers); ++u) {
                if (!run.informative[u]) continue;
                double* row = rows.get() + at * k * Cp;
                for (std::size_t j = 0; j < k; ++j)
                    for (std::size_t c = 0; c < C; ++c) {
                        row[j * Cp + c] = in.values[c * k + j][run.first + u];
                        blockTotal[block * C + c] += row[j * Cp + c];
                    }
                ++at;
            }
        });
        for (std::size_t block = 0; block < blocks; ++block)
            for (std::size_t c = 0; c < C; ++c) {
                constant[c] += blockConstant[block * C + c];
                total[c] += blockTotal[block * C + c];
            }

        options.parallelism.forEach(0, tasks, 1, [&](std::size_t task) {
            const std::size_t r0 = task * kTaskResamples, r1 = std::min(B, r0 + kTaskResamples);
            thread_local AlignedDoubles tables;
            thread_local std::size_t tablesSize = 0;
            thread_local std::vector<std::uint32_t> offsets;
            const std::size_t need = paired ? (blockUsers / 2 + 1) * k * k * Cp : 0;
            if (tablesSize < need) {
                tables = alignedZeros(need);
                tablesSize = need;
            }
            offsets.resize((blockUsers + 2) * draws.stride());
            for (std::size_t block = 0; block + 1 < run.keptBefore.size(); ++block) {
                if (progress && block % 64 == 0) progress->check();
                const std::size_t u0 = block * blockUsers, users = std::min(blockUsers, run.users - u0);
                const std::size_t kept0 = run.keptBefore[block], kept = run.keptBefore[block + 1] - kept0;
                const std::uint8_t* informative = run.informative.data() + u0;
                if (kept == 0) {  // the permutations are drawn all the same
                    for (std::size_t r = r0; r < r1; ++r)
                        for (std::size_t u = 0; u < users; ++u) draws.skip(rngs[r]);
                    continue;
                }
                // Paired: each pair of consecutive informative users as one
                // table of every sum row(first, a) + row(second, b), half the
                // additions per resample; a lone last user as its k rows.
                const double* x = rows.get() + kept0 * k * Cp;
                const std::size_t entries = paired ? buildPairTables(x, kept, k, Cp, tables.get()) : kept;
                const double* table = paired ? tables.get() : x;
                for (std::size_t r = r0; r < r1; ++r) {
                    double* sums = acc.get() + r * k * Cp;
                    if (r + 1 < r1)  // the next resample's sums, ahead of their use
                        for (std::size_t line = 0; line < k * Cp; line += 8) __builtin_prefetch(sums + k * Cp + line, 1);
                    if (paired)
                        drawPairOffsets(draws, rngs[r], informative, users, Cp, offsets.data());
                    else
                        drawOffsets(draws, rngs[r], informative, users, Cp, offsets.data());
                    addPermutedRows(table, offsets.data(), draws.stride(), entries, slots, Cp, sums);
                }
            }
        });
    }

    std::vector<double> sums(B * k * C);
    for (std::size_t r = 0; r < B; ++r) {
        double* a = acc.get() + r * k * Cp;
        if (slots < k)
            for (std::size_t c = 0; c < C; ++c) {
                double last = total[c];
                for (std::size_t j = 0; j < slots; ++j) last -= a[j * Cp + c];
                a[slots * Cp + c] = last;
            }
        for (std::size_t j = 0; j < k; ++j)
            for (std::size_t c = 0; c < C; ++c) sums[(r * k + j) * C + c] = a[j * Cp + c] + constant[c];
    }
    return sums;
}

} // namespace ranklab::stats
