// File → Open Sharded Results…: three shards of the example data set
// (states and per-user files written here through the core, as `ranklab-cli
// eval --buckets a:b --partial STATE --per-user FILE` writes them) open as
// one evaluation: the means are the single evaluation's bits; the users'
// values are read a shard file at a time, only as the table is scrolled, and
// equal the single evaluation's; gaps and bad files are named.
// RANKLAB_SCREENSHOT_DIR keeps sharded-results.png.
#include "ui/sharded/sharded_results_dialog.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QScrollBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "report/eval_report.h"
#include "shard/eval_partial.h"
#include "shard/partial_file.h"
#include "ui/summary_fixture.h"
#include "ui/main_window.h"
#include "ui/sharded/sharded_per_user_model.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

const std::vector<shard::BucketRange> kShards = {{0, 1000}, {1000, 1365}, {1365, 4096}};

EvalSettings shardSettings() {
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg,recall,rr", parseCutoffs("5,10"));
    return settings;
}

void write(const QString& path, const std::string& text) {
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

// Each shard's state in dir/states, its per-user file in dir/users (named
// in the state relative to it, as the CLI names it).
QStringList writeShards(const QTemporaryDir& dir, const std::vector<shard::BucketRange>& shards) {
    QDir(dir.path()).mkpath(QStringLiteral("states"));
    QDir(dir.path()).mkpath(QStringLiteral("users"));
    const Dataset& data = *test::exampleDataset();
    QStringList states;
    for (const shard::BucketRange& range : shards) {
        RankCache cache;
        const shard::BucketSelection selection = shard::restrictToBuckets(data, shardSettings(), range);
        const Evaluation eval = evaluate(data, selection.settings, cache);
        shard::EvalPartial state = shard::evalPartial(eval, range, selection.counts);
        const QString name = QString::fromStdString(shard::toString(range)).replace(QLatin1Char(':'), QLatin1Char('-'));
        state.perUser.push_back({range, "../users/" + name.toStdString() + ".tsv"});
        write(dir.filePath(QStringLiteral("users/") + name + QStringLiteral(".tsv")), formatPerUser(eval, data.ids));
        states << dir.filePath(QStringLiteral("states/") + name + QStringLiteral(".json"));
        write(states.back(), shard::writeEvalPartial(state));
    }
    return states;
}

const Evaluation& single() {
    static const Evaluation e = [] {
        RankCache cache;
        return evaluate(*test::exampleDataset(), shardSettings(), cache);
    }();
    return e;
}

bool waitForFiles(ShardedPerUserModel* model, std::size_t files) {
    return QTest::qWaitFor([&] { return model->filesRead() >= files && !model->isReading(); }, test::kWaitMs);
}

} // namespace

TEST(ShardedResultsTest, MeansAreTheSingleEvaluationsAndUsersAreReadAShardAtATimeAsTheTableScrolls) {
    QTemporaryDir dir;
    QStringList states = writeShards(dir, kShards);
    std::swap(states[0], states[2]);  // any order
    ShardedResultsDialog dialog(states);
    const Evaluation& whole = single();
    EXPECT_TRUE(dialog.status()->text().contains(QString::number(whole.users.size()) + QStringLiteral(" users")))
        << dialog.status()->text().toStdString();

    // The means: the single evaluation's numbers, bit for bit (the tooltip has 17 digits).
    QTableWidget* means = dialog.means();
    ASSERT_EQ(means->rowCount(), static_cast<int>(whole.models.size()));
    ASSERT_EQ(means->columnCount(), static_cast<int>(whole.metricCount()));
    for (std::size_t m = 0; m < whole.models.size(); ++m) {
        EXPECT_EQ(means->verticalHeaderItem(static_cast<int>(m))->text().toStdString(), whole.models[m].name);
        for (std::size_t c = 0; c < whole.metricCount(); ++c)
            EXPECT_EQ(means->item(static_cast<int>(m), static_cast<int>(c))->toolTip().toDouble(),
                      whole.models[m].means[c])
                << whole.models[m].name << " " << whole.settings.metrics[c].id();
    }

    // Nothing read before the table is shown; then the first shard's file only.
    ShardedPerUserModel* model = dialog.perUserModel();
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->fileCount(), 3u);
    EXPECT_EQ(model->filesRead(), 0u);
    EXPECT_EQ(model->rowCount(), 0);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    ASSERT_TRUE(waitForFiles(model, 1));
    QTest::qWait(200);  // the view asks for no more while its rows fill it
    EXPECT_EQ(model->filesRead(), 1u);
    EXPECT_GT(model->rowCount(), 0);

    // Scrolled to the end, again and again: every shard's file, once.
    for (std::size_t f = 2; f <= 3; ++f) {
        dialog.perUser()->scrollToBottom();
        dialog.perUser()->verticalScrollBar()->setValue(dialog.perUser()->verticalScrollBar()->maximum());
        ASSERT_TRUE(waitForFiles(model, f)) << "file " << f;
    }
    EXPECT_FALSE(model->canFetchMore({}));
    EXPECT_TRUE(model->error().isEmpty()) << model->error().toStdString();
    ASSERT_EQ(model->rowCount(), static_cast<int>(whole.users.size() * whole.models.size()));

    // Every row: the single evaluation's value of that user and model, and its bucket.
    std::map<std::string, std::size_t> rowOf;
    for (std::size_t r = 0; r < whole.users.size(); ++r)
        rowOf[std::string(test::exampleDataset()->ids.users.name(whole.users[r]))] = r;
    std::map<std::string, std::size_t> modelOf;
    for (std::size_t m = 0; m < whole.models.size(); ++m) modelOf[whole.models[m].name] = m;
    for (int row = 0; row < model->rowCount(); ++row) {
        const std::string user = model->index(row, ShardedPerUserModel::UserColumn).data().toString().toStdString();
        const std::string name = model->index(row, ShardedPerUserModel::ModelColumn).data().toString().toStdString();
        ASSERT_EQ(rowOf.count(user), 1u) << user;
        EXPECT_EQ(model->index(row, ShardedPerUserModel::BucketColumn).data().toUInt(), userKey(user).bucket());
        for (std::size_t c = 0; c < whole.metricCount(); ++c) {
            const QVariant tip = model->index(row, ShardedPerUserModel::FirstMetricColumn + static_cast<int>(c))
                                     .data(Qt::ToolTipRole);
            ASSERT_EQ(tip.toString().toDouble(), whole.value(modelOf.at(name), rowOf.at(user), c)) << user << " " << c;
        }
    }
    if (const QString shots = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !shots.isEmpty()) {
        dialog.resize(1000, 640);
        QTest::qWait(100);
        EXPECT_TRUE(dialog.grab().save(shots + QStringLiteral("/sharded-results.png")));
    }
}

TEST(ShardedResultsTest, MissingBucketsAndBadPerUserFilesAreNamed) {
    QTemporaryDir dir;
    const QStringList states = writeShards(dir, kShards);
    ShardedResultsDialog gap({states[0], states[2]});
    EXPECT_TRUE(gap.status()->text().contains(QStringLiteral("1000:1365"))) << gap.status()->text().toStdString();
    EXPECT_EQ(gap.perUserModel(), nullptr);
    EXPECT_TRUE(gap.means()->isHidden());

    // A per-user file broken on its third line: the error names the file, line and column.
    write(dir.filePath(QStringLiteral("users/0-1000.tsv")), "user\tmodel\tndcg@5\tndcg@10\trecall@5\trecall@10\trr@5\trr@10\n"
                                                          "u1\tbroad\t0.5\t0.5\t0.5\t0.5\t0.5\t0.5\nu2\tbroad\t0.5\tx\t1\t1\t1\t1\n");
    ShardedResultsDialog bad(states);
    ShardedPerUserModel* model = bad.perUserModel();
    ASSERT_NE(model, nullptr);
    model->fetchMore({});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !model->error().isEmpty(); }, test::kWaitMs));
    EXPECT_TRUE(model->error().contains(QStringLiteral("0-1000.tsv:3:"))) << model->error().toStdString();
    EXPECT_TRUE(model->error().contains(QStringLiteral("expected a number for ndcg@10")));
    EXPECT_FALSE(model->canFetchMore({}));
}

TEST(ShardedResultsTest, TheFileMenuOpensShardedResults) {
    QTemporaryDir dir;
    const QStringList states = writeShards(dir, kShards);
    MainWindow window;
    QAction* open = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == QStringLiteral("Open S&harded Results…")) open = a;
    ASSERT_NE(open, nullptr);
    bool inFileMenu = false;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == QStringLiteral("&File"))
            inFileMenu = menu->menu()->actions().contains(open);
    EXPECT_TRUE(inFileMenu);
    ShardedResultsDialog* dialog = window.openShardedResults(states);
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    EXPECT_EQ(dialog->means()->rowCount(), static_cast<int>(single().models.size()));
    dialog->close();
}

TEST(ShardedResultsTest, SmallPiecesOfTheFilesGiveTheSameRowsAndNameTheFilesLines) {
    QTemporaryDir dir;
    const QStringList states = writeShards(dir, kShards);
    ShardedResultsDialog whole(states);
    ShardedPerUserModel* all = whole.perUserModel();
    ASSERT_NE(all, nullptr);
    while (all->canFetchMore({})) {
        all->fetchMore({});
        ASSERT_TRUE(QTest::qWaitFor([&] { return !all->isReading(); }, test::kWaitMs));
    }
    ShardedResultsDialog pieces(states);
    ShardedPerUserModel* model = pieces.perUserModel();
    model->setPieceBytes(1000);  // a few lines at a time
    int fetches = 0;
    while (model->canFetchMore({})) {
        model->fetchMore({});
        ++fetches;
        ASSERT_TRUE(QTest::qWaitFor([&] { return !model->isReading(); }, test::kWaitMs));
    }
    EXPECT_TRUE(model->error().isEmpty()) << model->error().toStdString();
    EXPECT_GT(fetches, 100);
    ASSERT_EQ(model->rowCount(), all->rowCount());
    for (int row = 0; row < all->rowCount(); row += 7)
        for (int c = 0; c < all->columnCount(); ++c)
            ASSERT_EQ(model->index(row, c).data(Qt::ToolTipRole), all->index(row, c).data(Qt::ToolTipRole))
                << row << " " << c;

    // A bad number on line 500 of the first file, read in pieces: named by the file's line.
    const QString file = dir.filePath(QStringLiteral("users/0-1000.tsv"));
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = f.readAll().split('\n');
    f.close();
    ASSERT_GT(lines.size(), 500);
    QList<QByteArray> fields = lines[499].split('\t');
    fields[3] = "oops";
    lines[499] = fields.join('\t');
    write(file, lines.join('\n').toStdString());
    ShardedResultsDialog bad(states);
    bad.perUserModel()->setPieceBytes(1000);
    while (bad.perUserModel()->canFetchMore({})) {
        bad.perUserModel()->fetchMore({});
        ASSERT_TRUE(QTest::qWaitFor([&] { return !bad.perUserModel()->isReading(); }, test::kWaitMs));
    }
    EXPECT_TRUE(bad.perUserModel()->error().contains(QStringLiteral("0-1000.tsv:500:")))
        << bad.perUserModel()->error().toStdString();
}
