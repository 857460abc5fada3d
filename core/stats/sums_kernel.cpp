#include "stats/sums_kernel.h"

namespace ranklab::stats {

namespace {

typedef double Lanes __attribute__((vector_size(64), may_alias));  // 8 doubles: one zmm, two ymm
using Bytes = PermutationDraws::Bytes;
typedef std::uint32_t Words __attribute__((vector_size(64), may_alias, aligned(4)));

// `Vectors` 8-double vectors of each slot's sums stay in registers while
// `users` users are added.
template <std::size_t Vectors>
__attribute__((always_inline)) inline void addSlots(const double* rows, const std::uint32_t* offsets,
                                                    std::size_t stride, std::size_t users, std::size_t k,
                                                    double* acc) {
    constexpr std::size_t Cp = Vectors * 8;
    for (std::size_t j = 0; j < k; ++j) {
        Lanes sum[Vectors];
#pragma GCC unroll 8
        for (std::size_t v = 0; v < Vectors; ++v) sum[v] = *reinterpret_cast<const Lanes*>(acc + j * Cp + v * 8);
        for (std::size_t u = 0; u < users; ++u) {
            const double* src = rows + offsets[u * stride + j];
#pragma GCC unroll 8
            for (std::size_t v = 0; v < Vectors; ++v) sum[v] += *reinterpret_cast<const Lanes*>(src + v * 8);
        }
#pragma GCC unroll 8
        for (std::size_t v = 0; v < Vectors; ++v) *reinterpret_cast<Lanes*>(acc + j * Cp + v * 8) = sum[v];
    }
}

} // namespace

#ifdef RANKLAB_NO_TARGET_CLONES
// Thread-sanitizer and fuzzing builds: one build, no ifunc (see core/CMakeLists.txt).
#define RANKLAB_SUMS_CLONES
#else
#define RANKLAB_SUMS_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#endif

RANKLAB_SUMS_CLONES void drawOffsets(const PermutationDraws& draws, synth::Rng& rng, const std::uint8_t* informative,
                                     std::size_t users, std::size_t Cp, std::uint32_t* out) {
    const std::size_t stride = draws.stride(), k = draws.models();
    alignas(16) std::uint8_t perm[PermutationDraws::kMaxModels + 16];
    std::uint32_t base = 0;
    const auto rowStep = static_cast<std::uint32_t>(k * Cp);
    const auto scale = static_cast<std::uint32_t>(Cp);
    if (draws.usesTables()) {  // one vector per user
        for (std::size_t u = 0; u < users; ++u) {
            const Bytes p = draws.drawFromTables(rng);
            *reinterpret_cast<Words*>(out) = __builtin_convertvector(p, Words) * scale + base;
            const std::uint32_t keep = informative[u];
            out += keep * 16;
            base += keep * rowStep;
        }
        return;
    }
    for (std::size_t u = 0; u < users; ++u) {
        draws.draw(rng, perm);
        for (std::size_t j = 0; j < stride; j += 16) {
            const Words lanes = __builtin_convertvector(*reinterpret_cast<const Bytes*>(perm + j), Words);
            *reinterpret_cast<Words*>(out + j) = lanes * scale + base;
        }
        const std::uint32_t keep = informative[u];
        out += keep * stride;
        base += keep * rowStep;
    }
}

RANKLAB_SUMS_CLONES std::size_t drawPairOffsets(const PermutationDraws& draws, synth::Rng& rng,
                                                const std::uint8_t* informative, std::size_t users, std::size_t Cp,
                                                std::uint32_t* out) {
    const std::size_t k = draws.models();
    const auto scale = static_cast<std::uint32_t>(Cp), width = static_cast<std::uint32_t>(k * Cp);
    const auto pairStep = static_cast<std::uint32_t>(k * k * Cp);
    std::uint32_t base = 0;
    std::size_t entries = 0;
    Words firstOfPair{};
    bool pending = false;
    auto take = [&](Bytes permutation, std::uint8_t keep) {
        const Words lanes = __builtin_convertvector(permutation, Words);
        if (!keep) return;
        if (!pending) {
            firstOfPair = lanes;
            pending = true;
            return;
        }
        *reinterpret_cast<Words*>(out + entries * 16) = firstOfPair * width + lanes * scale + base;
        ++entries;
        base += pairStep;
        pending = false;
    };
    if (draws.usesTables()) {  // the tables and the generator's state in registers
        const PermutationDraws::Tables tables = draws.tables();
        synth::Rng local = rng;
        for (std::size_t u = 0; u < users; ++u) take(tables.draw(local), informative[u]);
        rng = local;
    } else {
        for (std::size_t u = 0; u < users; ++u) take(draws.drawBytes(rng), informative[u]);
    }
    if (pending) {
        *reinterpret_cast<Words*>(out + entries * 16) = firstOfPair * scale + base;
        ++entries;
    }
    return entries;
}

RANKLAB_SUMS_CLONES std::size_t buildPairTables(const double* __restrict rows, std::size_t kept, std::size_t k,
                                                std::size_t Cp, double* __restrict tables) {
    std::size_t entries = 0;
    for (std::size_t p = 0; p + 1 < kept; p += 2, ++entries) {
        const double* one = rows + p * k * Cp;
        const double* two = one + k * Cp;
        double* t = tables + entries * k * k * Cp;
        for (std::size_t a = 0; a < k; ++a)
            for (std::size_t b = 0; b < k; ++b)
                for (std::size_t c = 0; c < Cp; c += 8)
                    *reinterpret_cast<Lanes*>(t + (a * k + b) * Cp + c) =
                        *reinterpret_cast<const Lanes*>(one + a * Cp + c) + *reinterpret_cast<const Lanes*>(two + b * Cp + c);
    }
    if (kept % 2 == 1) {
        const double* last = rows + (kept - 1) * k * Cp;
        double* t = tables + entries * k * k * Cp;
        for (std::size_t i = 0; i < k * Cp; ++i) t[i] = last[i];
        ++entries;
    }
    return entries;
}

RANKLAB_SUMS_CLONES void addPermutedRows(const double* rows, const std::uint32_t* offsets, std::size_t stride,
                                         std::size_t users, std::size_t k, std::size_t Cp, double* acc) {
    switch (Cp / 8) {
    case 1: return addSlots<1>(rows, offsets, stride, users, k, acc);
    case 2: return addSlots<2>(rows, offsets, stride, users, k, acc);
    case 3: return addSlots<3>(rows, offsets, stride, users, k, acc);
    case 4: return addSlots<4>(rows, offsets, stride, users, k, acc);
    case 5: return addSlots<5>(rows, offsets, stride, users, k, acc);
    case 6: return addSlots<6>(rows, offsets, stride, users, k, acc);
    default: break;
    }
    for (std::size_t j = 0; j < k; ++j)
        for (std::size_t u = 0; u < users; ++u) {
            const double* src = rows + offsets[u * stride + j];
            double* dst = acc + j * Cp;
            for (std::size_t c = 0; c < Cp; ++c) dst[c] += src[c];
        }
}

} // namespace ranklab::stats
