#include "ui/sharded/sharded_results_dialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "eval/evaluation.h"
#include "io/side_file.h"
#include "shard/eval_partial.h"
#include "shard/partial_file.h"
#include "ui/sharded/sharded_per_user_model.h"

namespace ranklab::ui {

namespace {

// A saved partial state: a regular file, read within the side-file limit.
// A FIFO or a device is refused before it is opened (opening a FIFO blocks
// until a writer comes; /dev/zero never ends): this runs on the GUI thread.
std::string readWhole(const std::string& path) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error || !std::filesystem::exists(status)) throw Error(path + ": cannot open the partial state (no such file)");
    if (!std::filesystem::is_regular_file(status))
        throw Error(path + ": not a regular file (a folder, FIFO or device); Open Sharded Results reads the partial "
                           "states that --partial saved");
    return readSideFile(path, "partial state");
}

// The eval part of eval and compare states, merged (throws naming the file).
shard::EvalPartial mergedStates(const QStringList& paths) {
    std::vector<shard::EvalPartial> parts;
    std::vector<std::string> names;
    for (const QString& path : paths) {
        const std::string name = path.toStdString();
        const std::string text = readWhole(name);
        const std::string command = shard::partialCommand(text, name);
        if (command != "eval" && command != "compare")
            throw Error(name + ": a partial state of \"" + command + "\"; the sharded results are those of eval or "
                                                                     "compare");
        parts.push_back(shard::readEvalPartial(text, name, command));
        names.push_back(name);
    }
    if (parts.empty()) throw Error("no partial states given");
    return shard::mergeEvalPartials(parts, names);
}

} // namespace

ShardedResultsDialog::ShardedResultsDialog(const QStringList& statePaths, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Sharded Results"));
    auto* layout = new QVBoxLayout(this);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);
    means_ = new QTableWidget(this);
    means_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(means_, 1);
    perUserNote_ = new QLabel(this);
    perUserNote_->setWordWrap(true);
    layout->addWidget(perUserNote_);
    perUser_ = new QTableView(this);
    perUser_->verticalHeader()->setDefaultSectionSize(perUser_->fontMetrics().height() + 6);
    layout->addWidget(perUser_, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 600);

    shard::EvalPartial whole;
    Evaluation evaluation;
    try {
        whole = mergedStates(statePaths);
        evaluation = shard::evaluationOf(whole);  // throws naming missing buckets
    } catch (const std::exception& e) {
        status_->setText(tr("These partial states do not make one evaluation: %1").arg(QString::fromUtf8(e.what())));
        means_->hide();
        perUser_->hide();
        return;
    }
    const std::size_t users = evaluation.counts.evaluated;
    status_->setText((users == 1 ? tr("1 user") : tr("%1 users").arg(users)) +
                     tr(" in all 4,096 buckets, from %1 partial state%2; each mean is the single evaluation's, from "
                        "the states' exact sums.")
                         .arg(statePaths.size())
                         .arg(statePaths.size() == 1 ? QString() : QStringLiteral("s")));
    QStringList metrics;
    for (const auto& spec : evaluation.settings.metrics) metrics << QString::fromStdString(spec.id());
    means_->setColumnCount(static_cast<int>(metrics.size()));
    means_->setHorizontalHeaderLabels(metrics);
    means_->setRowCount(static_cast<int>(evaluation.models.size()));
    for (std::size_t m = 0; m < evaluation.models.size(); ++m) {
        means_->setVerticalHeaderItem(static_cast<int>(m),
                                      new QTableWidgetItem(QString::fromStdString(evaluation.models[m].name)));
        for (std::size_t c = 0; c < evaluation.metricCount(); ++c) {
            const double mean = evaluation.models[m].means[c];
            auto* item = new QTableWidgetItem(QString::number(mean, 'f', 4));
            item->setToolTip(QString::number(mean, 'g', 17));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            means_->setItem(static_cast<int>(m), static_cast<int>(c), item);
        }
    }
    means_->resizeColumnsToContents();

    // The users' values: in the shards' files, read as the table is scrolled.
    std::vector<shard::BucketRange> covered;
    for (const auto& f : whole.perUser) covered.push_back(f.buckets);
    std::string missing;
    try {
        missing = shard::missingBuckets(shard::unionOfDisjoint(covered));
    } catch (const std::exception& e) {
        missing = e.what();
    }
    if (whole.perUser.empty()) {
        perUserNote_->setText(tr("The shards left no per-user values (write them with `ranklab-cli eval --buckets "
                                 "a:b --partial STATE --per-user FILE`)."));
        perUser_->hide();
        return;
    }
    model_ = new ShardedPerUserModel(whole.perUser, metrics, this);
    perUser_->setModel(model_);
    const auto note = [this, missing] {
        QString text = model_->filesRead() == model_->fileCount()
                           ? tr("Users' values: all %1 shard files read.").arg(model_->fileCount())
                           : tr("Users' values: %1 of %2 shard files read; the next is read when you scroll to the "
                                "end.")
                                 .arg(model_->filesRead())
                                 .arg(model_->fileCount());
        if (!missing.empty())
            text += QLatin1Char(' ') + tr("No file holds buckets %1.").arg(QString::fromStdString(missing));
        if (!model_->error().isEmpty()) text += QLatin1Char(' ') + model_->error();
        perUserNote_->setText(text);
    };
    connect(model_, &ShardedPerUserModel::fileRead, this, note);
    connect(model_, &ShardedPerUserModel::failed, this, note);
    note();
}

} // namespace ranklab::ui
