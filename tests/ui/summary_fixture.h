#pragma once
// The summary tests' inputs: the example workspace (three models over the
// same users) loaded, evaluated and compared by the core, as the
// workbench's evaluation job hands them to the summary view, and the
// `ranklab-cli compare` arguments that compute the same comparison.
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>

#include <cmath>
#include <memory>

#include "eval/evaluation.h"
#include "compare/comparison.h"
#include "synth/synth.h"
#include "ui/evaluation_result.h"
#include "ui_fixtures.h"

namespace ranklab::ui::test {

// The example data set as run.sh makes resources/examples (`ranklab-cli synth
// --users 3000 --items 4000 --per-user 100 --seed 42`: the same options give
// the same bytes), written by the core's generator into a folder of the test
// run, with the example workspace file beside it.
inline QString exampleDir() {
    static QTemporaryDir dir;
    static const bool written = [] {
        synth::SynthOptions options;
        options.outDir = dir.path().toStdString();
        options.users = 3000;
        options.items = 4000;
        options.perUser = 100;
        options.seed = 42;
        synth::writeSyntheticData(options);
        return QFile::copy(QStringLiteral(RANKLAB_EXAMPLES "/example.ranklab"), dir.filePath("example.ranklab"));
    }();
    EXPECT_TRUE(written);
    return dir.path();
}
// The per-user differences model − baseline on evaluation column `metric`,
// by hand: their number, mean and standard error of the mean.
struct PairedByHand {
    std::size_t n = 0;
    double mean = 0, se = 0;
};
inline PairedByHand pairedByHand(const Evaluation& e, std::size_t model, std::size_t baseline, std::size_t metric) {
    const std::size_t n = e.users.size();
    double sum = 0;
    for (std::size_t u = 0; u < n; ++u) sum += e.value(model, u, metric) - e.value(baseline, u, metric);
    const double mean = sum / double(n);
    double squares = 0;
    for (std::size_t u = 0; u < n; ++u) {
        const double d = e.value(model, u, metric) - e.value(baseline, u, metric) - mean;
        squares += d * d;
    }
    return {n, mean, std::sqrt(squares / double(n - 1)) / std::sqrt(double(n))};
}

inline constexpr const char* kSummaryMetrics = "ndcg,hr,ap,rr";
inline constexpr const char* kSummaryCutoffs = "5,10";
inline constexpr std::size_t kSummaryResamples = 2000;
inline constexpr std::size_t kBroad = 1;  // the baseline: toprank beats it, popularity loses to it

inline std::shared_ptr<const Dataset> exampleDataset() {
    static const auto data =
        std::make_shared<const Dataset>(loadWithCore(exampleDir() + QStringLiteral("/example.ranklab")));
    return data;
}

inline std::shared_ptr<const Evaluation> exampleEvaluation() {
    static const std::shared_ptr<const Evaluation> evaluation = [] {
        EvalSettings settings;
        settings.metrics = expandMetrics(kSummaryMetrics, parseCutoffs(kSummaryCutoffs));
        RankCache cache;
        return std::make_shared<const Evaluation>(evaluate(*exampleDataset(), settings, cache));
    }();
    return evaluation;
}

// Against `broad`, paired t-test then Wilcoxon, Holm, α = 0.05, 2,000 resamples.
inline stats::ComparisonOptions exampleOptions() {
    stats::ComparisonOptions options;
    options.baseline = kBroad;
    options.tests = {stats::SignificanceTest::TTest, stats::SignificanceTest::Wilcoxon};
    options.correction = stats::Correction::Holm;
    options.resampling.resamples = kSummaryResamples;
    return options;
}

inline std::shared_ptr<EvaluationResult> exampleResult(std::optional<stats::ComparisonOptions> options,
                                                        quint64 generation = 1) {
    auto result = std::make_shared<EvaluationResult>();
    result->dataset = exampleDataset();
    result->evaluation = exampleEvaluation();
    if (options) result->comparison = std::make_shared<const stats::Comparison>(
                     stats::compareEvaluation(*result->evaluation, *options));
    const QColor colors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c)};
    for (std::size_t m = 0; m < result->evaluation->models.size(); ++m)
        result->models.push_back({QString::fromStdString(result->evaluation->models[m].name), colors[m % 3], true});
    result->generation = generation;
    result->cache = std::make_shared<RankCache>();
    return result;
}

// The default comparison, computed once.
inline std::shared_ptr<const EvaluationResult> exampleComparedResult() {
    static const std::shared_ptr<const EvaluationResult> result = exampleResult(exampleOptions());
    return result;
}

// Shows the example's comparison in `view` (a SummaryView) at width × height;
// false unless it is exposed on screen.
template <class View>
bool showExampleComparison(View& view, int width, int height) {
    view.resize(width, height);
    view.setResult(exampleComparedResult());
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

// `ranklab-cli compare` over the same files and settings as exampleResult.
inline QStringList compareArguments(const QString& baseline, const QString& tests) {
    const QString dir = exampleDir() + QLatin1Char('/');
    return {QStringLiteral("compare"), QStringLiteral("--qrels"), dir + QStringLiteral("qrels.txt"),
            QStringLiteral("--run"), QStringLiteral("toprank=") + dir + QStringLiteral("toprank.run"),
            QStringLiteral("--run"), QStringLiteral("broad=") + dir + QStringLiteral("broad.run"),
            QStringLiteral("--run"), QStringLiteral("popularity=") + dir + QStringLiteral("popularity.run"),
            QStringLiteral("--exclude"), dir + QStringLiteral("train.tsv"),
            QStringLiteral("--metrics"), QString::fromLatin1(kSummaryMetrics),
            QStringLiteral("--cutoffs"), QString::fromLatin1(kSummaryCutoffs),
            QStringLiteral("--baseline"), baseline, QStringLiteral("--test"), tests,
            QStringLiteral("--correction"), QStringLiteral("holm"),
            QStringLiteral("--resamples"), QString::number(kSummaryResamples)};
}

} // namespace ranklab::ui::test
