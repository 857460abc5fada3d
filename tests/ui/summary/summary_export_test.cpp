// The summary's file exports are byte for byte what `ranklab-cli compare`
// writes for the same files and options (the CLI binary is run here), and
// they are written atomically.
#include "ui/summary/summary_view.h"

#include <QComboBox>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/summary_toolbar.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

// What `ranklab-cli compare ARGS --format FORMAT` prints.
QByteArray cliOutput(QStringList arguments, const QString& format) {
    arguments << QStringLiteral("--format") << format;
    QProcess cli;
    cli.start(QStringLiteral(RANKLAB_CLI), arguments);
    if (!cli.waitForFinished(120000) || cli.exitCode() != 0) {
        ADD_FAILURE() << "ranklab-cli failed: " << cli.readAllStandardError().toStdString();
        return {};
    }
    return cli.readAllStandardOutput();
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

struct FormatCase {
    SummaryFormat format;
    const char* cli;
};

constexpr FormatCase kFormats[] = {{SummaryFormat::Csv, "csv"},     {SummaryFormat::Markdown, "md"},
                                   {SummaryFormat::Latex, "latex"}, {SummaryFormat::Json, "json"},
                                   {SummaryFormat::Text, "table"}};

void expectEveryFormatEqualsCli(const SummaryView& view, const QStringList& arguments) {
    QTemporaryDir dir;
    for (const FormatCase& f : kFormats) {
        SCOPED_TRACE(f.cli);
        const QString path = dir.filePath(QStringLiteral("comparison.") + fileSuffix(f.format));
        QString error;
        ASSERT_TRUE(view.exportTo(path, f.format, &error)) << error.toStdString();
        const QByteArray expected = cliOutput(arguments, QString::fromLatin1(f.cli));
        ASSERT_FALSE(expected.isEmpty());
        EXPECT_EQ(readFile(path).toStdString(), expected.toStdString());
    }
}

} // namespace

TEST(SummaryExportTest, EveryFormatEqualsRanklabCliCompareAgainstABaseline) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    expectEveryFormatEqualsCli(view, test::compareArguments(QStringLiteral("broad"), QStringLiteral("t,wilcoxon")));
}

TEST(SummaryExportTest, BootstrapIntervalsAndAllPairsEqualTheCliWithTheSameOptions) {
    stats::ComparisonOptions options = test::exampleOptions();
    options.baseline.reset();
    options.tests = {stats::SignificanceTest::Wilcoxon};
    SummaryView view;
    view.setResult(test::exampleResult(options));
    view.toolBar()->ciBox()->setCurrentIndex(view.toolBar()->ciBox()->findData(int(CiKind::Bootstrap)));
    QStringList arguments = test::compareArguments(QStringLiteral("all"), QStringLiteral("wilcoxon"));
    arguments << QStringLiteral("--interval") << QStringLiteral("bootstrap");
    expectEveryFormatEqualsCli(view, arguments);
}

TEST(SummaryExportTest, AFileThatCannotBeWrittenIsAnErrorAndLeavesNothingBehind) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing/comparison.csv"));
    QString error;
    EXPECT_FALSE(view.exportTo(path, SummaryFormat::Csv, &error));
    EXPECT_THAT(error.toStdString(), HasSubstr(path.toStdString()));
    EXPECT_FALSE(QFile::exists(path));
}

TEST(SummaryExportTest, ExportReplacesAnExistingFileWhole) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("comparison.json"));
    {
        QFile old(path);
        ASSERT_TRUE(old.open(QIODevice::WriteOnly));
        old.write(QByteArray(1 << 20, 'x'));  // longer than the export
    }
    ASSERT_TRUE(view.exportTo(path, SummaryFormat::Json));
    EXPECT_EQ(readFile(path), view.exportText(SummaryFormat::Json));
    EXPECT_THAT(readFile(path).toStdString(), HasSubstr("\"pairs\""));
}

TEST(SummaryExportTest, TheFormatFollowsTheFileNamesSuffix) {
    EXPECT_EQ(formatForPath(QStringLiteral("/x/table.CSV")), SummaryFormat::Csv);
    EXPECT_EQ(formatForPath(QStringLiteral("table.md")), SummaryFormat::Markdown);
    EXPECT_EQ(formatForPath(QStringLiteral("table.markdown")), SummaryFormat::Markdown);
    EXPECT_EQ(formatForPath(QStringLiteral("table.tex")), SummaryFormat::Latex);
    EXPECT_EQ(formatForPath(QStringLiteral("table.json")), SummaryFormat::Json);
    EXPECT_EQ(formatForPath(QStringLiteral("table.txt")), SummaryFormat::Text);
    EXPECT_EQ(formatForPath(QStringLiteral("table.png")), SummaryFormat::Png);
    EXPECT_EQ(formatForPath(QStringLiteral("table.xlsx")), std::nullopt);
    EXPECT_EQ(formatForPath(QStringLiteral("table")), std::nullopt);
}

TEST(SummaryExportTest, WhileTheComparisonIsComputedOnlyThePictureCanBeExported) {
    SummaryView view;
    view.setResult(test::exampleResult(std::nullopt));
    QTemporaryDir dir;
    QString error;
    EXPECT_FALSE(view.exportTo(dir.filePath(QStringLiteral("t.csv")), SummaryFormat::Csv, &error));
    EXPECT_THAT(error.toStdString(), HasSubstr("still being computed"));
    EXPECT_TRUE(view.exportTo(dir.filePath(QStringLiteral("t.png")), SummaryFormat::Png, &error));
}
