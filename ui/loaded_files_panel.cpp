#include "ui/loaded_files_panel.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStackedLayout>
#include <QStyledItemDelegate>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <set>

#include "common/error.h"
#include "ui/loaded_files_model.h"
#include "ui/workspace_totals.h"

namespace ranklab::ui {
namespace {

// Rows are selected whole, so the dotted frame around the current cell is
// noise: draw cells without it.
class RowDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        QStyleOptionViewItem plain(option);
        plain.state &= ~QStyle::State_HasFocus;
        QStyledItemDelegate::paint(painter, plain, index);
    }
};

// Per file with skipped lines: its name, the count and the first lines.
QString skippedText(const Dataset& data) {
    std::vector<const LoadReport*> reports{&data.judgmentsReport};
    for (const ModelRun& m : data.models) reports.push_back(&m.report);
    if (data.exclusionsReport) reports.push_back(&*data.exclusionsReport);
    if (data.cohortsReport) reports.push_back(&*data.cohortsReport);
    QString html;
    for (const LoadReport* r : reports) {
        if (r->skippedLines == 0) continue;
        html += QStringLiteral("<p><b>%1</b>: %2<br>")
                    .arg(QFileInfo(QString::fromStdString(r->path)).fileName().toHtmlEscaped(),
                         r->skippedLines == 1
                             ? LoadedFilesPanel::tr("1 bad line skipped")
                             : LoadedFilesPanel::tr("%1 bad lines skipped").arg(r->skippedLines));
        QStringList lines;
        for (const BadLine& b : r->firstSkipped)
            lines << LoadedFilesPanel::tr("line %1, column %2: %3 (found \"%4\")")
                         .arg(b.line)
                         .arg(b.column)
                         .arg(QString::fromStdString(b.problem), QString::fromStdString(printable(b.text)))
                         .toHtmlEscaped();
        if (r->skippedLines > r->firstSkipped.size()) lines << QStringLiteral("…");
        html += lines.join(QStringLiteral("<br>")) + QStringLiteral("</p>");
    }
    return html;
}

QWidget* emptyPage(QWidget* parent) {
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* title = new QLabel(LoadedFilesPanel::tr("No workspace open"), page);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    title->setFont(big);
    auto* hint = new QLabel(LoadedFilesPanel::tr("Open a workspace with File \u2192 Open Workspace\u2026 (%1),\n"
                                                 "or drop a .ranklab file on this window.")
                                .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)),
                            page);
    hint->setForegroundRole(QPalette::PlaceholderText);
    for (QLabel* label : {title, hint}) label->setAlignment(Qt::AlignCenter);
    layout->addStretch(1);
    layout->addWidget(title);
    layout->addWidget(hint);
    layout->addStretch(2);
    return page;
}

} // namespace

LoadedFilesPanel::LoadedFilesPanel(LoadedFilesModel* model, QWidget* parent) : QWidget(parent), model_(model) {
    pages_ = new QStackedLayout(this);
    pages_->addWidget(emptyPage(this));

    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    title_ = new QLabel(content);
    QFont bold = title_->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.3);
    title_->setFont(bold);
    path_ = new QLabel(content);
    path_->setForegroundRole(QPalette::PlaceholderText);
    path_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long name or path must not make the window wider; it is cut off
    // and the tooltip has it whole.
    for (QLabel* label : {title_, path_}) label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    totals_ = new QLabel(content);
    totals_->setObjectName(QStringLiteral("workspaceTotals"));
    totals_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    skipped_ = new QLabel(content);
    skipped_->setObjectName(QStringLiteral("skippedLines"));
    skipped_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    skipped_->setWordWrap(true);
    skipped_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    skipped_->hide();

    table_ = new QTableView(content);
    table_->setObjectName(QStringLiteral("loadedFilesTable"));
    table_->setModel(model_);
    table_->setItemDelegate(new RowDelegate(table_));
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(LoadedFilesModel::PathColumn, QHeaderView::Stretch);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // Rows can change height after the workspace is shown (a two-line cell,
    // new rows): the fit follows them.
    connect(table_->verticalHeader(), &QHeaderView::sectionResized, this, [this] { fitTableHeight(); });
    connect(table_->verticalHeader(), &QHeaderView::sectionCountChanged, this, [this] { fitTableHeight(); });
    connect(table_->verticalHeader(), &QHeaderView::geometriesChanged, this, [this] { fitTableHeight(); });
    connect(table_->horizontalScrollBar(), &QScrollBar::rangeChanged, this, [this] { fitTableHeight(); });

    layout->addWidget(title_);
    layout->addWidget(path_);
    layout->addWidget(totals_);
    layout->addSpacing(8);
    // The table takes the height it needs (up to its maximum, see
    // fitTableHeight()); the space left goes below it.
    layout->addWidget(table_, 1);
    layout->addWidget(skipped_);
    layout->addStretch(0);
    pages_->addWidget(content);
}

void LoadedFilesPanel::showWorkspace(const LoadedWorkspace& loaded) {
    QFileInfo info(loaded.path);
    title_->setText(info.fileName());
    path_->setText(QDir::toNativeSeparators(info.absoluteFilePath()));
    path_->setToolTip(path_->text());
    totals_->setText(loaded.dataset ? WorkspaceTotals::of(*loaded.dataset).text() : QString());
    const QString skipped = loaded.dataset ? skippedText(*loaded.dataset) : QString();
    skipped_->setText(skipped);
    skipped_->setVisible(!skipped.isEmpty());
    pages_->setCurrentIndex(1);
    fitTableHeight();
}

void LoadedFilesPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    fitTableHeight();
    QTimer::singleShot(0, this, [this] { fitTableHeight(); });  // after the children's own show and polish
}

void LoadedFilesPanel::fitTableHeight() {
    // As tall as its rows, so a short list leaves no empty table below;
    // the layout still shrinks it (with a scroll bar) when space runs out.
    table_->ensurePolished();  // the style's row height, before the rows are measured
    const int frame = 2 * table_->frameWidth();
    const int header = table_->horizontalHeader()->sizeHint().height();
    // A narrow window shows a horizontal scroll bar: the rows still fit above it.
    const int below = table_->horizontalScrollBar()->maximum() > 0 ? table_->horizontalScrollBar()->sizeHint().height() : 0;
    table_->setMaximumHeight(frame + header + table_->verticalHeader()->length() + below);
}

void LoadedFilesPanel::showEmpty() {
    title_->clear();
    path_->clear();
    totals_->clear();
    skipped_->clear();
    skipped_->hide();
    pages_->setCurrentIndex(0);
}

QString LoadedFilesPanel::selectionAsText() const {
    std::set<int> rows;
    for (const QModelIndex& index : table_->selectionModel()->selectedIndexes()) rows.insert(index.row());
    if (rows.empty())
        for (int r = 0; r < model_->rowCount(); ++r) rows.insert(r);
    QStringList lines;
    QStringList header;
    for (int c = 0; c < model_->columnCount(); ++c) header << model_->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r : rows) {
        QStringList cells;
        for (int c = 0; c < model_->columnCount(); ++c) cells << model_->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace ranklab::ui
