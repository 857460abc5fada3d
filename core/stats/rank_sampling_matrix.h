#pragma once
// The sampling law of the sampled-negative protocol: a user's one positive
// has full rank R among the M items of the catalogue (R − 1 items score
// above it); the protocol ranks it against N negatives drawn uniformly,
// without replacement, from the M − 1 other items. Its sampled rank r then
// has r − 1 ~ Hypergeometric(population M − 1, successes R − 1, draws N):
//
//   P(r | R) = C(R − 1, r − 1) · C(M − R, N − r + 1) / C(M − 1, N)
//
// for r = 1..N + 1. Row R of the matrix A holds that law. Each row keeps
// only its contiguous run of entries above 1e-300 (the law is unimodal, the
// dropped mass is below what a double resolves), so A costs M times the
// width of the law, not M·(N + 1).
#include <cstdint>
#include <span>
#include <vector>

namespace ranklab::stats {

class RankSamplingMatrix {
public:
    // Throws ranklab::Error unless 1 <= negatives <= catalog − 1.
    RankSamplingMatrix(std::uint64_t catalog, std::uint32_t negatives);

    std::uint64_t catalog() const { return catalog_; }       // M
    std::uint32_t negatives() const { return negatives_; }   // N
    std::uint32_t sampledRanks() const { return negatives_ + 1; }

    // Row R (1-based full rank): the first sampled rank (1-based) with a
    // stored entry, and P(r | R) for r = first().. first() + size − 1.
    std::uint32_t first(std::uint64_t fullRank) const { return first_[fullRank - 1]; }
    std::span<const double> row(std::uint64_t fullRank) const {
        return {values_.data() + offset_[fullRank - 1], offset_[fullRank] - offset_[fullRank - 1]};
    }

private:
    std::uint64_t catalog_;
    std::uint32_t negatives_;
    std::vector<std::uint32_t> first_;
    std::vector<std::uint64_t> offset_;
    std::vector<double> values_;
};

} // namespace ranklab::stats
