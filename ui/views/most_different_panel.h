#pragma once
// The Per user tab's "Most different" list: the users where models A and B
// differ most, by |B − A| of the tab's metric column or by the overlap of
// their top-k lists (Jaccard), the first 200 in a table sortable by any
// column. Double-clicking a row, or "Compare in User tab", asks for that
// user's lists with A and B side by side. Computed in the background on
// the panel's own job tracker, only while the panel is shown.
#include <QWidget>

#include <memory>
#include <optional>

#include "ui/evaluation_result.h"
#include "ui/views/most_different.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;

namespace ranklab::ui {

class JobTracker;

class MostDifferentPanel : public QWidget {
    Q_OBJECT

public:
    static constexpr std::size_t kRows = 200;
    // Roles of the table's items: the number a column sorts by; column 0's user.
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int UserRole = Qt::UserRole + 2;

    explicit MostDifferentPanel(QWidget* parent = nullptr);

    // What to rank; recomputes (when shown) if it changed. Null clears.
    void setInputs(std::shared_ptr<const EvaluationResult> result, const UserPair& pair);

    JobTracker* jobs() const { return jobs_; }
    QComboBox* keyBox() const { return key_; }
    QSpinBox* depthBox() const { return depth_; }
    QTableView* table() const { return table_; }
    QPushButton* compareButton() const { return compare_; }
    QLabel* caption() const { return caption_; }
    // The ranking on screen (null before the first).
    const MostDifferent* shown() const { return shown_ ? &*shown_ : nullptr; }
    // The user on table row `row` as sorted on screen.
    UserId userAt(int row) const;

Q_SIGNALS:
    // Open `user` in the User tab with models A and B side by side.
    void compareRequested(ranklab::UserId user, std::size_t a, std::size_t b);
    // The table shows the newest inputs.
    void refreshed();

protected:
    void showEvent(QShowEvent* event) override;

private:
    MostDifferentSpec spec() const;
    void recompute();
    void fill();
    void compareCurrent();

    QComboBox* key_;
    QSpinBox* depth_;
    QPushButton* compare_;
    QLabel* caption_;
    QTableView* table_;
    QStandardItemModel* model_;
    JobTracker* jobs_;
    std::shared_ptr<const EvaluationResult> result_;
    UserPair pair_;
    std::optional<std::size_t> depthFor_;  // the metric column the depth was set from
    std::optional<MostDifferent> shown_;
    std::shared_ptr<const EvaluationResult> shownResult_;
};

} // namespace ranklab::ui
