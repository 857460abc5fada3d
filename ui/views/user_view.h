#pragma once
// The User tab: one user's ranked lists from every shown model side by side
// (rank, item, score), ranked as the evaluation ranks them (its tie policy
// and exclusions): relevant items highlighted with their grade, each model's
// first relevant item marked, tied scores marked with their tie group's
// positions, the user's training items (the exclusions) listed beside, and
// the user's value of every metric column per model below. The user's
// relevant items that some shown model leaves out of the top shown (ranked
// lower, or not ranked at all) are listed under the lists with their grades. A user is chosen
// by id (with completion), by previous/next, or from the Per user tab; its
// "Most different" list shows a user with only its two models side by side
// until "All models" is pressed.
#include <memory>
#include <optional>
#include <vector>

#include "rank/ranker.h"
#include "ui/views/analysis_view.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace ranklab::ui {

class UserView : public AnalysisView {
    Q_OBJECT

public:
    static constexpr int kDefaultDepth = 20;

    explicit UserView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~UserView() override;

    // Shows `user` (refreshing now if the tab is shown, else when it is),
    // with the models shown so far.
    void showUser(UserId user);
    // Shows `user` with only `models` (evaluation order), side by side.
    void compareUser(UserId user, std::vector<std::size_t> models);
    // Back to every visible model.
    void showAllModels();
    // The models whose lists are shown, in column order.
    std::vector<std::size_t> shownModels() const;
    QPushButton* allModelsButton() const { return allModels_; }
    std::optional<UserId> currentUser() const { return user_; }
    // Per model (evaluation order; empty for hidden models): the user's
    // whole ranked list, as drawn.
    const std::vector<std::vector<RankedItem>>& lists() const { return lists_; }
    // The 1-based rank of each model's first relevant item (0: none).
    const std::vector<std::uint32_t>& firstHits() const { return firstHits_; }

    QLineEdit* userEdit() const { return userEdit_; }
    QSpinBox* depthBox() const { return depth_; }
    QTableWidget* listsTable() const { return lists_table_; }
    QTableWidget* metricsTable() const { return metrics_; }
    QListWidget* trainingList() const { return training_; }
    // Relevant items outside some shown model's top: item, grade, then per
    // shown model the rank ("not ranked" when the model does not rank it).
    QTableWidget* outsideTable() const { return outside_; }
    QLabel* outsideLabel() const { return outsideLabel_; }
    QLabel* headline() const { return headline_; }
    QTabWidget* details() const { return details_; }

    QString exportBaseName() const override;

protected:
    void refresh() override;
    void clearView() override;
    bool followsSelection() const override { return false; }

private:
    void fillCompleter();
    void step(int delta);  // previous / next averaged user
    void chooseTyped();
    void rankLists();
    void fillLists();
    void fillMetrics();
    void fillTraining();
    void fillOutside();

    QLineEdit* userEdit_;
    QPushButton* previous_;
    QPushButton* next_;
    QPushButton* allModels_;
    std::vector<std::size_t> only_;  // the models compared; empty: every visible one
    QSpinBox* depth_;
    QLabel* headline_;
    QTableWidget* lists_table_;
    QTableWidget* metrics_;
    QListWidget* training_;
    QLabel* outsideLabel_;
    QTableWidget* outside_;
    QTabWidget* details_;  // metrics, relevant items outside the top, training items
    std::optional<UserId> user_;
    const Dataset* completed_ = nullptr;
    std::vector<std::vector<RankedItem>> lists_;
    std::vector<std::uint32_t> firstHits_;
};

} // namespace ranklab::ui
