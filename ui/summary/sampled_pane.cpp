#include "ui/summary/sampled_pane.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "report/sampled_report.h"

namespace ranklab::ui {
namespace {

QString number(double v, int digits) { return std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'f', digits); }

QString cell(const SampledEstimate& e, int digits) {
    return QStringLiteral("%1 [%2, %3]").arg(number(e.value, digits), number(e.interval.lo, digits),
                                             number(e.interval.hi, digits));
}

} // namespace

SampledPane::SampledPane(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("sampledPane"));
    heading_ = new QLabel(this);
    heading_->setWordWrap(true);
    table_ = new QTableWidget(this);
    table_->setObjectName(QStringLiteral("sampledTable"));
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(heading_);
    layout->addWidget(table_, 1);
    hide();
}

void SampledPane::setEstimates(std::shared_ptr<const SampledEvaluation> s, int digits) {
    table_->clear();
    if (!s) {
        table_->setRowCount(0);
        hide();
        return;
    }
    heading_->setText(
        tr("<b>Sampled-negative protocol</b> (N = %1 negatives, catalogue M = %2): <b>estimates</b> of the "
           "full-catalogue metrics beside the naive sampled value, with 95% bootstrap intervals over users")
            .arg(s->settings.negatives)
            .arg(qulonglong(s->settings.catalogSize)));
    QStringList header = {tr("model"), tr("metric"), tr("users"), tr("naive (sampled)"), tr("rescaled (est.)"),
                          tr("CLS (est.)"), tr("BV (est.)"), tr("MLE (est.)")};
    table_->setColumnCount(int(header.size()));
    table_->setHorizontalHeaderLabels(header);
    int rows = 0;
    for (const auto& m : s->models) rows += int(m.metrics.size()) + 1;
    table_->setRowCount(rows);
    int row = 0;
    auto put = [&](int r, int c, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        if (c >= 2) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(r, c, item);
    };
    for (const auto& m : s->models) {
        const QString model = QString::fromStdString(m.model);
        const QString users = QString::number(qulonglong(m.ranks.users.size()));
        for (const auto& metric : m.metrics) {
            put(row, 0, model);
            put(row, 1, QString::fromStdString(metric.metric));
            put(row, 2, users);
            for (std::size_t e = 0; e < 5; ++e) put(row, 3 + int(e), cell(sampledEstimate(metric, e), digits));
            ++row;
        }
        put(row, 0, model);
        put(row, 1, QStringLiteral("auc"));
        put(row, 2, users);
        put(row, 3, cell(m.auc, digits));
        put(row, 4, tr("(unbiased)"));
        ++row;
    }
    table_->resizeColumnsToContents();
    show();
}

} // namespace ranklab::ui
