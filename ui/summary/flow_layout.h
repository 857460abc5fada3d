#pragma once
// A layout that places its items left to right and starts a new line when
// the next one does not fit, so a row of controls wraps on a narrow window
// instead of widening it: its minimum width is its widest item's.
#include <QLayout>
#include <QList>

namespace ranklab::ui {

class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int horizontalSpacing = 10, int verticalSpacing = 4);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return int(items_.size()); }
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;  // every item on one line
    void setGeometry(const QRect& rect) override;

private:
    // Lays the items out in `rect` (or only measures); returns the height used.
    int arrange(const QRect& rect, bool place) const;

    QList<QLayoutItem*> items_;
    int horizontal_, vertical_;
};

} // namespace ranklab::ui
