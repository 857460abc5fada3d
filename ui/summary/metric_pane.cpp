#include "ui/summary/metric_pane.h"

#include <QChart>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/views/chart_export_dialog.h"

namespace ranklab::ui {

void layOutMetricPane(QWidget* pane, QLabel* title, QComboBox* metric, QLabel* hint, QWidget* chart) {
    metric->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    title->setBuddy(metric);
    hint->setEnabled(false);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(title);
    top->addWidget(metric);
    top->addWidget(hint, 1);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(chart, 1);
}

void refillMetricBox(QComboBox* box, const std::vector<std::pair<QString, std::size_t>>& columns,
                     const std::function<std::size_t(const std::vector<std::size_t>&)>& fallback) {
    const std::optional<std::size_t> before = chosenColumn(box);
    box->clear();
    if (!columns.empty()) {
        std::vector<std::size_t> offered;
        for (const auto& [id, column] : columns) {
            box->addItem(id, qulonglong(column));
            offered.push_back(column);
        }
        const std::size_t wanted =
            before && box->findData(qulonglong(*before)) >= 0 ? *before : fallback(offered);
        box->setCurrentIndex(std::max(0, box->findData(qulonglong(wanted))));
    }
    box->setEnabled(box->count() > 0);
}

std::vector<std::pair<QString, std::size_t>> perUserColumns(const Evaluation& evaluation) {
    std::vector<std::pair<QString, std::size_t>> columns;
    for (std::size_t m = 0; m < evaluation.metricCount(); ++m)
        if (!evaluation.isSetLevel(m)) columns.emplace_back(QString::fromStdString(evaluation.settings.metrics[m].id()), m);
    return columns;
}

std::optional<std::size_t> chosenColumn(const QComboBox* box) {
    if (box->currentIndex() < 0) return std::nullopt;
    return std::size_t(box->currentData().toULongLong());
}

void chooseColumn(QComboBox* box, std::size_t column) {
    const int i = box->findData(qulonglong(column));
    if (i >= 0) box->setCurrentIndex(i);
}

void exportPaneChart(QWidget* pane, QString stem, const EvaluationResult* result, std::optional<std::size_t> column,
                     const QString& caption, const std::function<std::unique_ptr<QChart>()>& make) {
    if (column && result && result->evaluation)
        stem += QLatin1Char('-') + QString::fromStdString(result->evaluation->settings.metrics[*column].id())
                                       .replace(QLatin1Char('@'), QLatin1Char('-'));
    ChartExportDialog dialog(stem, caption, pane);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!writeChartFile(make(), dialog.path(), dialog.format(), dialog.options(), &error))
        QMessageBox::warning(pane, QObject::tr("Export failed"), error);
}

} // namespace ranklab::ui
