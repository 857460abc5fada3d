#include "ui/views/user_view.h"

#include <QCompleter>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStringListModel>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

constexpr int kColumnsPerModel = 3;  // rank, item, score

QString gradeText(double g) { return QString::number(g, 'g', 4); }

} // namespace

UserView::UserView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    userEdit_ = new QLineEdit(this);
    userEdit_->setPlaceholderText(tr("User id"));
    userEdit_->setAccessibleName(tr("User id"));
    userEdit_->setClearButtonEnabled(true);
    userEdit_->setMaximumWidth(260);
    previous_ = new QPushButton(tr("◀ Previous"), this);
    next_ = new QPushButton(tr("Next ▶"), this);
    for (QPushButton* b : {previous_, next_})
        b->setToolTip(tr("The previous or next averaged user (among the selected users, when there are some)"));
    depth_ = new QSpinBox(this);
    depth_->setRange(1, 100000);
    depth_->setValue(kDefaultDepth);
    depth_->setPrefix(tr("Top "));
    depth_->setAccessibleName(tr("List depth shown"));
    allModels_ = new QPushButton(tr("All models"), this);
    allModels_->setObjectName(QStringLiteral("userAllModels"));
    allModels_->setToolTip(tr("Show every visible model's list again (only two are compared now)"));
    allModels_->hide();
    headline_ = new QLabel(this);
    headline_->setWordWrap(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("User:"), this));
    controls->addWidget(userEdit_);
    controls->addWidget(previous_);
    controls->addWidget(next_);
    controls->addWidget(depth_);
    controls->addWidget(allModels_);
    controls->addStretch(1);

    lists_table_ = new QTableWidget(this);
    lists_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    lists_table_->verticalHeader()->hide();
    // Rows as tall as the text needs (the style's default fits 7 of 20 at 768 px).
    lists_table_->verticalHeader()->setDefaultSectionSize(lists_table_->fontMetrics().height() + 6);
    lists_table_->setWordWrap(false);
    metrics_ = new QTableWidget(this);
    metrics_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    metrics_->verticalHeader()->setDefaultSectionSize(metrics_->fontMetrics().height() + 6);
    training_ = new QListWidget(this);
    outsideLabel_ = new QLabel(this);
    outsideLabel_->setWordWrap(true);
    outside_ = new QTableWidget(this);
    outside_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    outside_->verticalHeader()->hide();
    outside_->verticalHeader()->setDefaultSectionSize(outside_->fontMetrics().height() + 6);
    auto* outsidePage = new QWidget(this);
    auto* outsideLayout = new QVBoxLayout(outsidePage);
    outsideLayout->setContentsMargins(0, 0, 0, 0);
    outsideLayout->addWidget(outsideLabel_);
    outsideLayout->addWidget(outside_, 1);

    // The lists take the tab's width and height; the rest is one tab away
    // below them, so three models and 20 rows fit a 1366 x 768 screen.
    details_ = new QTabWidget(this);
    details_->setObjectName(QStringLiteral("userDetails"));
    details_->setDocumentMode(true);
    details_->addTab(metrics_, tr("Metrics"));
    details_->addTab(outsidePage, tr("Relevant items outside the top"));
    details_->addTab(training_, tr("Training items (excluded)"));

    auto* legend = new QLabel(tr("<span style='background:#c8e6c9'>&nbsp;relevant (grade)&nbsp;</span> "
                                 "&nbsp;▶ first relevant item &nbsp; = tied score: the tie group's positions"),
                              this);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(lists_table_);
    split->addWidget(details_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    details_->setMinimumHeight(details_->tabBar()->sizeHint().height() + 3 * (metrics_->fontMetrics().height() + 6) + 8);
    split->setSizes({600, details_->minimumHeight()});
    QVBoxLayout* layout = layOut(controls, {headline_, split, legend});
    layout->setStretch(1, 0);  // the lists stretch, not the headline
    layout->setStretch(2, 1);

    connect(userEdit_, &QLineEdit::returnPressed, this, &UserView::chooseTyped);
    connect(previous_, &QPushButton::clicked, this, [this] { step(-1); });
    connect(next_, &QPushButton::clicked, this, [this] { step(+1); });
    connect(allModels_, &QPushButton::clicked, this, &UserView::showAllModels);
    connect(depth_, &QSpinBox::valueChanged, this, [this] {
        if (result() && user_) fillLists();
    });
}

UserView::~UserView() = default;

void UserView::showUser(UserId user) {
    user_ = user;
    invalidate();
}

void UserView::compareUser(UserId user, std::vector<std::size_t> models) {
    only_ = std::move(models);
    allModels_->setVisible(!only_.empty());
    showUser(user);
}

void UserView::showAllModels() {
    only_.clear();
    allModels_->hide();
    invalidate();
}

std::vector<std::size_t> UserView::shownModels() const {
    std::vector<std::size_t> shown;
    if (!result()) return shown;
    const std::size_t count = std::min(result()->dataset->models.size(), result()->evaluation->models.size());
    if (!only_.empty()) {
        for (std::size_t m : only_)
            if (m < count) shown.push_back(m);
        return shown;
    }
    for (std::size_t m = 0; m < count; ++m)
        if (!(m < std::size_t(result()->models.size()) && !result()->models[int(m)].visible)) shown.push_back(m);
    return shown;
}

void UserView::fillCompleter() {
    const Dataset& data = *result()->dataset;
    QStringList names;
    names.reserve(qsizetype(result()->evaluation->users.size()));
    for (UserId u : result()->evaluation->users) names << QString::fromUtf8(data.ids.users.name(u));
    auto* completer = new QCompleter(names, userEdit_);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    if (userEdit_->completer()) userEdit_->completer()->deleteLater();
    userEdit_->setCompleter(completer);
    connect(completer, qOverload<const QString&>(&QCompleter::activated), this, [this] { chooseTyped(); });
    completed_ = &data;
}

void UserView::chooseTyped() {
    if (!result()) return;
    const std::string text = userEdit_->text().trimmed().toStdString();
    const std::uint32_t id = result()->dataset->ids.users.find(text);
    if (id == std::uint32_t(-1) || text.empty()) {
        headline_->setText(tr("No user \"%1\" in the workspace").arg(userEdit_->text().trimmed().toHtmlEscaped()));
        return;
    }
    showUser(UserId(id));
}

void UserView::step(int delta) {
    if (!result()) return;
    const std::vector<UserId>& pool =
        selection()->isEmpty() ? result()->evaluation->users : *selection()->users();
    if (pool.empty()) return;
    auto it = user_ ? std::lower_bound(pool.begin(), pool.end(), *user_) : pool.begin();
    std::ptrdiff_t at = it - pool.begin();
    if (user_ && it != pool.end() && *it == *user_) at += delta;
    else if (delta < 0) at -= 1;
    at = std::clamp<std::ptrdiff_t>(at, 0, std::ptrdiff_t(pool.size()) - 1);
    showUser(pool[std::size_t(at)]);
}

void UserView::refresh() {
    if (completed_ != result()->dataset.get()) {
        fillCompleter();
        if (user_ && *user_ >= result()->dataset->ids.users.size()) user_.reset();
    }
    if (!user_) {
        const auto& users = selection()->isEmpty() ? result()->evaluation->users : *selection()->users();
        if (!users.empty()) user_ = users.front();
    }
    if (!user_) {
        clearView();
        finishRefresh();
        return;
    }
    userEdit_->setText(QString::fromUtf8(result()->dataset->ids.users.name(*user_)));
    rankLists();
    fillLists();
    fillMetrics();
    fillTraining();
    finishRefresh();
}

void UserView::rankLists() {
    const Dataset& data = *result()->dataset;
    const EvalSettings& s = result()->evaluation->settings;
    RankOptions options;
    options.ties = s.ties;
    options.exclusions = s.useExclusions && data.exclusions ? &*data.exclusions : nullptr;
    options.maxLength = s.maxLength;
    std::shared_ptr<const std::vector<std::uint32_t>> order;
    if (s.ties == TiePolicy::Trec) {
        order = result()->cache->itemOrder(data);
        options.itemOrder = order.get();
    }
    const double threshold = std::max(0.0, s.relevanceThreshold);
    lists_.assign(data.models.size(), {});
    firstHits_.assign(data.models.size(), 0);
    for (std::size_t m : shownModels()) {
        lists_[m] = rankUser(data.models[m].run, data.judgments, *user_, options);
        for (std::size_t p = 0; p < lists_[m].size(); ++p)
            if (lists_[m][p].grade && *lists_[m][p].grade >= threshold) {
                firstHits_[m] = std::uint32_t(p + 1);
                break;
            }
    }
}

void UserView::fillLists() {
    const Dataset& data = *result()->dataset;
    const double threshold = std::max(0.0, result()->evaluation->settings.relevanceThreshold);
    const bool expected = result()->evaluation->settings.ties == TiePolicy::Expected;
    const std::vector<std::size_t> shown = shownModels();
    QStringList headers;
    std::size_t longest = 0;
    for (std::size_t m : shown) {
        const QString name = result()->models[int(m)].name;
        headers << tr("%1 rank").arg(name) << tr("item") << tr("score");
        longest = std::max(longest, lists_[m].size());
    }
    const int rows = int(std::min<std::size_t>(longest, std::size_t(depth_->value())));
    lists_table_->clear();
    lists_table_->setColumnCount(int(headers.size()));
    lists_table_->setHorizontalHeaderLabels(headers);
    lists_table_->setRowCount(rows);
    const QColor relevant(200, 230, 201);
    for (std::size_t col = 0; col < shown.size(); ++col) {
        const std::size_t m = shown[col];
        const std::vector<RankedItem>& list = lists_[m];
        for (int row = 0; row < rows && std::size_t(row) < list.size(); ++row) {
            const RankedItem& it = list[std::size_t(row)];
            // The tie group's positions, 1-based.
            std::size_t first = std::size_t(row), last = std::size_t(row);
            while (first > 0 && list[first - 1].tieGroup == it.tieGroup) --first;
            while (last + 1 < list.size() && list[last + 1].tieGroup == it.tieGroup) ++last;
            const bool tied = last > first;
            QString rank = QString::number(row + 1);
            if (tied && expected) rank = QStringLiteral("%1–%2").arg(first + 1).arg(last + 1);
            if (firstHits_[m] == std::uint32_t(row + 1)) rank = QStringLiteral("▶ ") + rank;
            const bool isRelevant = it.grade && *it.grade >= threshold;
            QString item = QString::fromUtf8(data.ids.items.name(it.item));
            if (it.grade) item += tr("  (grade %1)").arg(gradeText(*it.grade));
            QString score = QString::number(it.score, 'g', 6);
            if (tied) score = QStringLiteral("= ") + score;
            const QString texts[kColumnsPerModel] = {rank, item, score};
            for (int k = 0; k < kColumnsPerModel; ++k) {
                auto* cell = new QTableWidgetItem(texts[k]);
                if (isRelevant) {
                    cell->setBackground(relevant);
                    QFont f = cell->font();
                    f.setBold(true);
                    cell->setFont(f);
                }
                if (k != 1) cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (tied) cell->setToolTip(tr("Tied with positions %1–%2 (same score)").arg(first + 1).arg(last + 1));
                lists_table_->setItem(row, int(col) * kColumnsPerModel + k, cell);
            }
        }
    }
    lists_table_->resizeColumnsToContents();
    fillOutside();
}

void UserView::fillMetrics() {
    const Evaluation& e = *result()->evaluation;
    const Dataset& data = *result()->dataset;
    const auto row = std::lower_bound(e.users.begin(), e.users.end(), *user_);
    const bool averaged = row != e.users.end() && *row == *user_;
    const auto grades = data.judgments.grades(*user_);
    const double threshold = std::max(0.0, e.settings.relevanceThreshold);
    const auto relevantCount =
        std::count_if(grades.begin(), grades.end(), [&](double g) { return g >= threshold; });
    headline_->setText(tr("<b>%1</b>: %2 judged items, %3 relevant (grade ≥ %4)%5")
                           .arg(QString::fromUtf8(data.ids.users.name(*user_)).toHtmlEscaped())
                           .arg(grades.size())
                           .arg(relevantCount)
                           .arg(threshold)
                           .arg(averaged ? QString() : tr(" — not among the averaged users (users policy)")));
    metrics_->clear();
    if (!averaged) {
        metrics_->setRowCount(0);
        metrics_->setColumnCount(0);
        return;
    }
    const std::size_t r = std::size_t(row - e.users.begin());
    QStringList headers;
    for (const MetricSpec& spec : e.settings.metrics) headers << QString::fromStdString(spec.id());
    metrics_->setColumnCount(int(headers.size()));
    metrics_->setHorizontalHeaderLabels(headers);
    QStringList names;
    const std::vector<std::size_t> shown = shownModels();
    for (std::size_t m : shown) names << result()->models[int(m)].name;
    metrics_->setRowCount(int(shown.size()));
    metrics_->setVerticalHeaderLabels(names);
    for (std::size_t i = 0; i < shown.size(); ++i)
        for (std::size_t c = 0; c < e.metricCount(); ++c) {
            auto* cell = new QTableWidgetItem(QString::number(e.value(shown[i], r, c), 'f', 4));
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            metrics_->setItem(int(i), int(c), cell);
        }
    metrics_->resizeColumnsToContents();
}

void UserView::fillTraining() {
    const Dataset& data = *result()->dataset;
    training_->clear();
    if (!data.exclusions) {
        training_->addItem(tr("(no exclusions file)"));
        return;
    }
    for (ItemId item : data.exclusions->items(*user_)) training_->addItem(QString::fromUtf8(data.ids.items.name(item)));
    details_->setTabText(2, tr("Training items (%1, excluded)").arg(training_->count()));
    if (training_->count() == 0) training_->addItem(tr("(none for this user)"));
}

void UserView::clearView() {
    lists_.clear();
    firstHits_.clear();
    lists_table_->clear();
    lists_table_->setRowCount(0);
    metrics_->clear();
    training_->clear();
    outside_->clear();
    outside_->setRowCount(0);
    outsideLabel_->clear();
    headline_->setText(tr("Choose a user, or double-click one in the Per user tab"));
    if (!result()) {
        user_.reset();
        completed_ = nullptr;
        only_.clear();
        allModels_->hide();
    }
}

QString UserView::exportBaseName() const { return QStringLiteral("user"); }

} // namespace ranklab::ui
