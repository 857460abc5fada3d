#include "synth/user_truth.h"

#include <algorithm>
#include <cmath>

namespace ranklab::synth {
namespace {

// Training interactions per user: log-normal (median ~16, long tail), capped.
constexpr double kTrainLogMean = 2.8, kTrainLogSd = 0.8;
// Test items per user: log-normal (median ~4.5), 1..20.
constexpr double kTestLogMean = 1.5, kTestLogSd = 0.6;
// Grade = 1 + [u > 0.8] + [u > 2.0] with u = quality + 1·(in the main topic) + noise.
constexpr double kMainTopicBonus = 1.0, kGradeNoise = 0.6, kGrade2 = 0.8, kGrade3 = 2.0;

std::uint32_t drawCount(Rng& rng, double logMean, double logSd, std::uint32_t lo, std::uint32_t hi) {
    const double x = std::round(rng.logNormal(logMean, logSd));
    return static_cast<std::uint32_t>(std::clamp(x, double(lo), double(hi)));
}

ItemIndex drawItem(const Catalog& catalog, const UserTruth& user, Rng& rng) {
    if (rng.chance(kExploration)) return catalog.samplePopular(rng);
    double u = rng.uniform();
    std::uint32_t k = 0;
    while (k + 1 < user.topicCount && u >= user.weights[k]) u -= user.weights[k++];
    return catalog.sampleInTopic(user.topics[k], rng);
}

std::uint32_t groupOf(std::size_t trainItems) {
    return trainItems < 8 ? 0 : trainItems < 25 ? 1 : trainItems < 70 ? 2 : 3;
}

} // namespace

std::uint32_t maxTrainItems(std::uint32_t items) { return std::clamp<std::uint32_t>(items / 5, 1, 200); }
std::uint32_t maxTestItems(std::uint32_t items) { return std::clamp<std::uint32_t>(items / 10, 1, 20); }

double UserTruth::probability(const Catalog& catalog, ItemIndex item) const {
    double p = kExploration * catalog.popularity(item) / catalog.totalPopularity();
    const std::uint32_t t = catalog.topicOf(item);
    for (std::uint32_t k = 0; k < topicCount; ++k)
        if (topics[k] == t)
            p += (1.0 - kExploration) * weights[k] * catalog.attractiveness(item) / catalog.topicAttractiveness(t);
    return p;
}

void makeUserTruth(const Catalog& catalog, std::uint64_t seed, std::uint32_t user, ItemSet& scratch,
                   UserTruth& out) {
    Rng rng(seed, Stream::Truth, user);
    const std::uint32_t items = catalog.items();

    // Preference: 1 (35%), 2 (40%) or 3 (25%) distinct topics, exponential weights.
    const double c = rng.uniform();
    out.topicCount = std::min<std::uint32_t>(c < 0.35 ? 1 : c < 0.75 ? 2 : 3, catalog.topics());
    double sum = 0;
    for (std::uint32_t k = 0; k < out.topicCount; ++k) {
        std::uint32_t t;
        do t = rng.below(catalog.topics());
        while (std::find(out.topics.begin(), out.topics.begin() + k, t) != out.topics.begin() + k);
        out.topics[k] = t;
        out.weights[k] = rng.exponential() + 0.05;
        sum += out.weights[k];
    }
    for (std::uint32_t k = 0; k < out.topicCount; ++k) out.weights[k] /= sum;
    for (std::uint32_t a = 0; a < out.topicCount; ++a)  // strongest first (tiny n: insertion sort)
        for (std::uint32_t b = a + 1; b < out.topicCount; ++b)
            if (out.weights[b] > out.weights[a]) {
                std::swap(out.weights[a], out.weights[b]);
                std::swap(out.topics[a], out.topics[b]);
            }

    const std::uint32_t trainWanted = drawCount(rng, kTrainLogMean, kTrainLogSd, 1, maxTrainItems(items));
    const std::uint32_t testWanted = drawCount(rng, kTestLogMean, kTestLogSd, 1, maxTestItems(items));

    // Distinct draws from the preference; a bounded number of tries keeps tiny catalogs finite.
    scratch.clear();
    out.train.clear();
    for (std::uint32_t tries = 0; out.train.size() < trainWanted && tries < 50 * trainWanted + 100; ++tries) {
        const ItemIndex i = drawItem(catalog, out, rng);
        if (scratch.insert(i)) out.train.push_back(i);
    }
    out.test.clear();
    auto inTest = [&](ItemIndex i) {
        return std::any_of(out.test.begin(), out.test.end(), [i](const Judged& j) { return j.item == i; });
    };
    for (std::uint32_t tries = 0; out.test.size() < testWanted && tries < 50 * testWanted + 100; ++tries) {
        const ItemIndex i = drawItem(catalog, out, rng);
        if (!scratch.contains(i) && !inTest(i)) out.test.push_back({i, 0});
    }
    if (out.test.empty()) {  // never in practice: the most popular item not trained on
        for (ItemIndex i : catalog.byPopularity())
            if (!scratch.contains(i)) {
                out.test.push_back({i, 0});
                break;
            }
    }
    for (Judged& j : out.test) {
        const double u = catalog.quality(j.item) +
                         (catalog.topicOf(j.item) == out.topics[0] ? kMainTopicBonus : 0.0) +
                         kGradeNoise * rng.normal();
        j.grade = static_cast<std::uint8_t>(1 + (u > kGrade2) + (u > kGrade3));
    }
    std::sort(out.train.begin(), out.train.end());
    std::sort(out.test.begin(), out.test.end(), [](const Judged& a, const Judged& b) { return a.item < b.item; });
    out.group = groupOf(out.train.size());
}

} // namespace ranklab::synth
