#include "ui/summary/frozen_table_view.h"

#include <QHeaderView>
#include <QScrollBar>

namespace ranklab::ui {

FrozenColumnTableView::FrozenColumnTableView(QWidget* parent) : QTableView(parent), frozen_(new QTableView(this)) {
    frozen_->setObjectName(QStringLiteral("frozenColumn"));
    frozen_->setFocusPolicy(Qt::NoFocus);
    frozen_->verticalHeader()->hide();
    frozen_->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    frozen_->horizontalHeader()->setHighlightSections(false);
    frozen_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setFrameShape(QFrame::NoFrame);
    frozen_->setVerticalScrollMode(ScrollPerPixel);
    frozen_->setWordWrap(false);
    // A line on its right edge tells the frozen column from those scrolling under it.
    frozen_->setStyleSheet(QStringLiteral("QTableView#frozenColumn { border-right: 1px solid palette(mid); }"));
    viewport()->stackUnder(frozen_);
    setVerticalScrollMode(ScrollPerPixel);

    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical != 0) return;
        frozen_->setColumnWidth(0, size);
        updateFrozenGeometry();
    });
    connect(verticalHeader(), &QHeaderView::sectionResized, this,
            [this](int logical, int, int size) { frozen_->setRowHeight(logical, size); });
    connect(frozen_->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, frozen_->verticalScrollBar(),
            &QAbstractSlider::setValue);
    // Sorting: a click on the frozen header sorts the table; the indicator follows.
    connect(frozen_->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        if (!isSortingEnabled()) return;
        const QHeaderView* h = horizontalHeader();
        const Qt::SortOrder order = h->sortIndicatorSection() == logical && h->sortIndicatorOrder() == Qt::AscendingOrder
                                        ? Qt::DescendingOrder
                                        : Qt::AscendingOrder;
        sortByColumn(logical, order);
    });
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int logical, Qt::SortOrder order) {
        frozen_->horizontalHeader()->setSortIndicatorShown(logical == 0);
        frozen_->horizontalHeader()->setSortIndicator(logical, order);
    });
}

FrozenColumnTableView::~FrozenColumnTableView() = default;

void FrozenColumnTableView::setModel(QAbstractItemModel* model) {
    QTableView::setModel(model);
    frozen_->setModel(model);
    frozen_->setSelectionModel(selectionModel());
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumnTableView::syncColumns);
        connect(model, &QAbstractItemModel::layoutChanged, this, &FrozenColumnTableView::syncColumns);
        connect(model, &QAbstractItemModel::columnsInserted, this, &FrozenColumnTableView::syncColumns);
        connect(model, &QAbstractItemModel::rowsInserted, this, &FrozenColumnTableView::syncColumns);
    }
    syncColumns();
}

void FrozenColumnTableView::syncColumns() {
    QAbstractItemModel* m = model();
    if (!m) return;
    frozen_->setSelectionBehavior(selectionBehavior());
    frozen_->setAlternatingRowColors(alternatingRowColors());
    for (int c = 0; c < m->columnCount(); ++c) frozen_->setColumnHidden(c, c != 0);
    if (m->columnCount() > 0) frozen_->setColumnWidth(0, columnWidth(0));
    for (int r = 0; r < m->rowCount(); ++r) frozen_->setRowHeight(r, rowHeight(r));
    frozen_->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
    frozen_->setVisible(m->columnCount() > 0);
    updateFrozenGeometry();
}

void FrozenColumnTableView::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    updateFrozenGeometry();
}

void FrozenColumnTableView::updateGeometries() {
    QTableView::updateGeometries();
    updateFrozenGeometry();
}

void FrozenColumnTableView::updateFrozenGeometry() {
    if (!frozen_) return;
    const int header = horizontalHeader()->isVisible() ? horizontalHeader()->height() : 0;
    frozen_->horizontalHeader()->setFixedHeight(header);
    frozen_->setGeometry(verticalHeader()->width() + frameWidth(), frameWidth(), columnWidth(0),
                         viewport()->height() + header);
    frozen_->verticalScrollBar()->setValue(verticalScrollBar()->value());
}

QModelIndex FrozenColumnTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) {
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    // Moving left onto a column hidden under the frozen one scrolls it out.
    if (cursorAction == MoveLeft && current.column() > 0 &&
        visualRect(current).topLeft().x() < frozen_->columnWidth(0)) {
        const int shift = horizontalScrollBar()->value() + visualRect(current).topLeft().x() - frozen_->columnWidth(0);
        horizontalScrollBar()->setValue(shift);
    }
    return current;
}

void FrozenColumnTableView::scrollTo(const QModelIndex& index, ScrollHint hint) {
    // The frozen column is always in view: only scroll vertically to it.
    const int horizontal = horizontalScrollBar()->value();
    QTableView::scrollTo(index, hint);
    if (index.column() == 0) horizontalScrollBar()->setValue(horizontal);
}

} // namespace ranklab::ui
