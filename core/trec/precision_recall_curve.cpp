#include "trec/precision_recall_curve.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>

#include "trec/query.h"
#include "trec/query_measures.h"

namespace ranklab {
namespace {

constexpr double kRankingShare = 0.5;

// One user's interpolated precisions: at the 11 levels, and at j/R for
// j = 0..R (empty when R = 0).
struct UserPrecisions {
    std::array<double, kElevenPoints> eleven{};
    std::vector<double> atCount;
};

// The user's ranked list as trec_eval's Query: the grade at every rank
// (not judged: kNotInQrels), and every judged grade.
trec::Query userQuery(const UserRanking& ranking, const UserTruth& truth, double threshold) {
    return trec::makeQuery(trec::rankedGrades(ranking),
                           std::vector<double>(truth.gradesDescending.begin(), truth.gradesDescending.end()),
                           threshold);
}

UserPrecisions userPrecisions(const trec::Query& q) {
    UserPrecisions out;
    std::array<double, kElevenPoints> levels{};
    for (std::size_t i = 0; i < kElevenPoints; ++i) levels[i] = elevenPointRecall(i);
    trec::iprecAtRecall(q, levels, out.eleven);
    if (q.numRel == 0) return out;
    std::vector<double> own(q.numRel + 1);
    for (std::uint32_t j = 0; j <= q.numRel; ++j) own[j] = double(j) / double(q.numRel);
    out.atCount.resize(own.size());
    trec::iprecAtRecall(q, own, out.atCount);
    return out;
}

} // namespace

double elevenPointRecall(std::size_t i) { return double(i) / 10.0; }

PrecisionRecallResult computePrecisionRecall(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                                             const Progress* progress) {
    PrecisionRecallResult out;
    out.settings = settings;
    out.ties = settings.ties == TiePolicy::Expected ? TiePolicy::Trec : settings.ties;
    const UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const std::size_t models = data.models.size(), rows = users.size();
    const TruthTable truth(data.judgments);
    const double threshold = settings.relevanceThreshold;

    for (std::size_t m = 0; m < models; ++m) {
        if (progress) progress->check();
        const double from = double(m) / double(models), to = double(m + 1) / double(models);
        std::unique_ptr<Progress> rankingPart, valuesPart;
        if (progress) {
            rankingPart = std::make_unique<Progress>(*progress, from, from + (to - from) * kRankingShare);
            valuesPart = std::make_unique<Progress>(*progress, from + (to - from) * kRankingShare, to);
        }
        const std::shared_ptr<const RankedRun> ranked = cache.get(
            data, m, out.ties, settings.useExclusions, settings.parallelism, rankingPart.get(), settings.maxLength);

        std::vector<UserPrecisions> perUser(rows);
        std::mutex reportMutex;
        std::size_t done = 0;
        settings.parallelism.forRange(0, rows, std::max<std::size_t>(256, rows / 256), [&](std::size_t lo, std::size_t hi) {
            if (valuesPart) valuesPart->check();
            for (std::size_t row = lo; row < hi; ++row) {
                const UserId u = users[row];
                perUser[row] = userPrecisions(userQuery(ranked->user(u), truth.user(u), threshold));
            }
            if (valuesPart) {
                std::lock_guard lock(reportMutex);
                done += hi - lo;
                valuesPart->report(double(done) / double(rows));
            }
        });

        PrecisionRecallCurve curve;
        curve.model = data.models[m].name;
        // 11-point: the plain mean, users in selection order.
        for (const UserPrecisions& user : perUser)
            for (std::size_t i = 0; i < kElevenPoints; ++i) curve.elevenPoint[i] += user.eleven[i];
        // Full: the levels any user reaches (equal fractions j/R are equal
        // doubles), then each user's steps added over the levels they cover.
        std::map<std::size_t, std::vector<double>> byCount;  // R -> its levels j/R
        for (const UserPrecisions& user : perUser)
            if (!user.atCount.empty() && !byCount.count(user.atCount.size() - 1)) {
                const std::size_t r = user.atCount.size() - 1;
                std::vector<double> levels(r + 1);
                for (std::size_t j = 0; j <= r; ++j) levels[j] = double(j) / double(r);
                byCount.emplace(r, std::move(levels));
            }
        std::vector<double> recall{0.0};
        for (const auto& entry : byCount) recall.insert(recall.end(), entry.second.begin(), entry.second.end());
        std::sort(recall.begin(), recall.end());
        recall.erase(std::unique(recall.begin(), recall.end()), recall.end());
        // For each R, the index in `recall` of every level j/R.
        std::map<std::size_t, std::vector<std::size_t>> indexOf;
        for (const auto& [r, levels] : byCount) {
            std::vector<std::size_t>& index = indexOf[r];
            for (double level : levels)
                index.push_back(std::size_t(std::lower_bound(recall.begin(), recall.end(), level) - recall.begin()));
        }
        // A user with R relevant items holds atCount[j] on the levels in
        // ((j − 1)/R, j/R] (level 0: atCount[0]); a difference array adds it.
        std::vector<double> step(recall.size() + 1, 0.0);
        for (const UserPrecisions& user : perUser) {
            if (user.atCount.empty()) continue;  // R = 0: precision 0 everywhere
            const std::vector<std::size_t>& index = indexOf[user.atCount.size() - 1];
            step[0] += user.atCount[0];
            step[1] -= user.atCount[0];
            for (std::size_t j = 1; j < index.size(); ++j) {
                step[index[j - 1] + 1] += user.atCount[j];
                step[index[j] + 1] -= user.atCount[j];
            }
        }
        const double n = rows == 0 ? 1.0 : double(rows);
        for (double& value : curve.elevenPoint) value /= n;
        double running = 0;
        curve.recall = recall;
        curve.precision.resize(recall.size());
        for (std::size_t i = 0; i < recall.size(); ++i) {
            running += step[i];
            curve.precision[i] = running / n;
        }
        out.curves.push_back(std::move(curve));
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab
