#include "ui/views/chart_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QMenu>
#include <QPainter>

#include <memory>

#include "ui/appearance.h"
#include "ui/charts/chart_theme.h"

namespace ranklab::ui {

ChartPanel::ChartPanel(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 240);
    // An empty chart keeps the view's scene valid while there is no real one.
    // QChartView made a chart of its own, which setChart releases without
    // deleting: it goes here (LeakSanitizer found it in every window).
    std::unique_ptr<QChart> made(chart());
    showChart(nullptr);
    connect(AppearanceManager::instance(), &AppearanceManager::darkChanged, this, [this](bool dark) {
        if (owned_ && owned_->isVisible()) applyScreenColors(owned_.get(), dark);
        viewport()->update();
    });
}

ChartPanel::~ChartPanel() {
    // The scene would delete the chart with the view; owned_ deletes it instead.
    if (owned_) scene()->removeItem(owned_.get());
}

void ChartPanel::showChart(std::unique_ptr<QChart> chart) {
    placeholder_.clear();
    const bool real = chart != nullptr;
    auto next = real ? std::move(chart) : std::make_unique<QChart>();
    next->setVisible(real);
    // The window's light or dark look (exports apply the print look to their own copy).
    if (real) applyScreenColors(next.get(), AppearanceManager::instance()->isDark());
    setChart(next.get());  // releases (does not delete) the chart shown before
    owned_ = std::move(next);
    viewport()->update();
}

void ChartPanel::showPlaceholder(const QString& text) {
    showChart(nullptr);
    placeholder_ = text;
    viewport()->update();
}

QImage ChartPanel::renderImage() const { return const_cast<ChartPanel*>(this)->grab().toImage(); }

void ChartPanel::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    QAction* exportAction = menu.addAction(tr("Export Chart…"));
    QAction* copyAction = menu.addAction(tr("Copy Chart Image"));
    const bool has = hasChart();
    exportAction->setEnabled(has);
    copyAction->setEnabled(has);
    QAction* chosen = menu.exec(event->globalPos());
    if (chosen == exportAction) Q_EMIT exportRequested();
    if (chosen == copyAction) QApplication::clipboard()->setImage(renderImage());
}

void ChartPanel::paintEvent(QPaintEvent* event) {
    QChartView::paintEvent(event);
    if (placeholder_.isEmpty()) return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(viewport()->rect(), Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
}

} // namespace ranklab::ui
