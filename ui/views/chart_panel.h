#pragma once
// A chart on screen: a QChartView that owns the chart it shows (a new chart
// replaces and deletes the old one), antialiased, with a context menu to
// export the chart (the view's File → Export dialog) or copy its picture,
// and a placeholder text while there is no chart.
#include <QChartView>

#include <memory>

namespace ranklab::ui {

class ChartPanel : public QChartView {
    Q_OBJECT

public:
    explicit ChartPanel(QWidget* parent = nullptr);
    ~ChartPanel() override;

    // Shows `chart` (null: the placeholder); deletes the chart shown before.
    void showChart(std::unique_ptr<QChart> chart);
    // Removes the chart and shows `text` in its place ("Computing…").
    void showPlaceholder(const QString& text);
    QString placeholder() const { return placeholder_; }
    bool hasChart() const { return owned_ && owned_->isVisible(); }
    // The chart shown, as its class; null when none is shown or it is another.
    template <class C>
    C* shown() const {
        return hasChart() ? qobject_cast<C*>(owned_.get()) : nullptr;
    }

    // The chart as shown, as an image of the widget's size.
    QImage renderImage() const;

Q_SIGNALS:
    void exportRequested();

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    std::unique_ptr<QChart> owned_;
    QString placeholder_;
};

} // namespace ranklab::ui
