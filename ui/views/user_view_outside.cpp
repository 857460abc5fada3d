// The User tab's relevant items that some shown model leaves out of the
// top shown: ranked lower, or not ranked at all (split from user_view.cpp).
#include <QColor>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>

#include <algorithm>

#include "ui/views/user_view.h"

namespace ranklab::ui {
namespace {

QString gradeText(double g) { return QString::number(g, 'g', 4); }

} // namespace

void UserView::fillOutside() {
    const Dataset& data = *result()->dataset;
    const double threshold = std::max(0.0, result()->evaluation->settings.relevanceThreshold);
    const std::size_t depth = std::size_t(depth_->value());
    const std::vector<std::size_t> shown = shownModels();
    // Each relevant item's rank per shown model (0: not ranked).
    struct Outside {
        ItemId item;
        double grade;
        std::vector<std::size_t> ranks;
    };
    std::vector<Outside> rows;
    const auto items = data.judgments.items(*user_);
    const auto grades = data.judgments.grades(*user_);
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!(grades[i] >= threshold)) continue;
        Outside row{items[i], grades[i], {}};
        bool outside = false;
        for (std::size_t m : shown) {
            const auto& list = lists_[m];
            const auto at = std::find_if(list.begin(), list.end(), [&](const RankedItem& r) { return r.item == items[i]; });
            const std::size_t rank = at == list.end() ? 0 : std::size_t(at - list.begin()) + 1;
            row.ranks.push_back(rank);
            outside = outside || rank == 0 || rank > depth;
        }
        if (outside) rows.push_back(std::move(row));
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Outside& a, const Outside& b) { return a.grade > b.grade; });
    outsideLabel_->setText(rows.empty() ? tr("Every relevant item is in the top %1 of every shown model").arg(depth)
                                        : tr("<b>Relevant items outside the top %1</b> of some model (%2): ranked "
                                             "lower, or not ranked at all")
                                              .arg(depth)
                                              .arg(rows.size()));
    QStringList headers{tr("item"), tr("grade")};
    for (std::size_t m : shown) headers << tr("%1 rank").arg(result()->models[int(m)].name);
    outside_->clear();
    outside_->setColumnCount(int(headers.size()));
    outside_->setHorizontalHeaderLabels(headers);
    outside_->setRowCount(int(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        outside_->setItem(int(r), 0, new QTableWidgetItem(QString::fromUtf8(data.ids.items.name(rows[r].item))));
        auto* grade = new QTableWidgetItem(gradeText(rows[r].grade));
        grade->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        outside_->setItem(int(r), 1, grade);
        for (std::size_t c = 0; c < rows[r].ranks.size(); ++c) {
            const std::size_t rank = rows[r].ranks[c];
            auto* cell = new QTableWidgetItem(rank == 0 ? tr("not ranked") : QString::number(rank));
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (rank != 0 && rank <= depth) cell->setForeground(QColor(0x80, 0x80, 0x80));  // shown above
            outside_->setItem(int(r), int(c) + 2, cell);
        }
    }
    outside_->resizeColumnsToContents();
    outside_->setVisible(!rows.empty());
    details_->setTabText(1, tr("Relevant items outside the top %1 (%2)").arg(depth).arg(rows.size()));
}

} // namespace ranklab::ui
