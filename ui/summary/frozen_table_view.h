#pragma once
// A table whose first column stays in place while the others scroll
// horizontally: a second, frameless table over the left edge shows column 0
// of the same model with the same selection, row heights, sort indicator and
// vertical scroll position, so a model's name stays beside its numbers
// however many metric columns there are.
#include <QTableView>

namespace ranklab::ui {

class FrozenColumnTableView : public QTableView {
    Q_OBJECT

public:
    explicit FrozenColumnTableView(QWidget* parent = nullptr);
    ~FrozenColumnTableView() override;

    void setModel(QAbstractItemModel* model) override;
    // The overlay that shows column 0.
    QTableView* frozenView() const { return frozen_; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;
    void updateGeometries() override;

private:
    void syncColumns();
    void updateFrozenGeometry();

    QTableView* frozen_;
};

} // namespace ranklab::ui
