#pragma once
// What the Summary's chart panes (the forest plot, the critical-difference
// diagram) share: the row over the chart (a title, the box of metric
// columns, a hint), the box refilled for a new result keeping the column
// chosen before, and the export of the chart under a name with its column.
#include <QString>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "ui/evaluation_result.h"

class QChart;
class QComboBox;
class QLabel;
class QWidget;

namespace ranklab::ui {

// Lays `pane` out: `title` (the box's buddy), `metric` and `hint` (greyed)
// in a row over `chart`, which takes the room left.
void layOutMetricPane(QWidget* pane, QLabel* title, QComboBox* metric, QLabel* hint, QWidget* chart);

// Refills `box` with `columns` (an id and its evaluation column): the
// column chosen before when it is offered again, else `fallback` of the
// columns offered; disabled when there is none.
void refillMetricBox(QComboBox* box, const std::vector<std::pair<QString, std::size_t>>& columns,
                     const std::function<std::size_t(const std::vector<std::size_t>&)>& fallback);

// The per-user metric columns of `evaluation` (not the set-level ones): their
// ids and evaluation columns, in order.
std::vector<std::pair<QString, std::size_t>> perUserColumns(const Evaluation& evaluation);

// The evaluation column chosen in `box`, or none.
std::optional<std::size_t> chosenColumn(const QComboBox* box);
// Chooses `column` in `box` (ignored when the box does not offer it).
void chooseColumn(QComboBox* box, std::size_t column);

// The chart export dialog (the file named `stem`, then the column's id, as
// "forest-ndcg-10"), then the chart `make` gives written there; a warning
// when it cannot be written.
void exportPaneChart(QWidget* pane, QString stem, const EvaluationResult* result, std::optional<std::size_t> column,
                     const QString& caption, const std::function<std::unique_ptr<QChart>()>& make);

} // namespace ranklab::ui
