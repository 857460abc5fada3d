// The window at scale: how long the GUI thread's event loop goes without a
// tick (a timer every 5 ms) while a workspace of one or more 10M-line runs
// loads, is evaluated and compared in the background, while a cutoff change
// re-evaluates from the cache, and then while the benchmark drives the
// window through EVERY tab and every control change of each tab (every
// combo box choice, check box, spin box, text filter, Previous/Next),
// waiting for the background work each change starts and for its result to
// be shown. Prints the longest gap per tab and control as a table. Runs
// offscreen.
//
//   ranklab_gui_bench --qrels QRELS --run [NAME=]RUN [--run [NAME=]RUN ...]
//                     [--choices N] [--settle-ms MS] [--only TAB]
//
// --choices: at most N choices per combo box (default 4; 0 = all of them).
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "common/allocator_tuning.h"
#include "ui/application.h"
#include "ui/evaluation_panel.h"
#include "ui/event_loop_gaps.h"
#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/views/per_user_view.h"
#include "ui/views/scatter_panel.h"
#include "ui/views/selected_users.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

constexpr int kTimeoutMs = 30 * 60 * 1000;

bool busy(MainWindow& window) {
    if (window.workbench()->jobs()->isBusy()) return true;
    for (const AnalysisView* view : window.analysisViews())
        if (view->jobs()->isBusy()) return true;
    return false;
}

// Lets queued work start, waits until nothing runs in the background, then
// `settleMs` more for results to be shown and painted.
bool settle(MainWindow& window, int settleMs) {
    QTest::qWait(20);
    if (!QTest::qWaitFor([&] { return !busy(window); }, kTimeoutMs)) return false;
    QTest::qWait(settleMs);
    return !busy(window) || settle(window, settleMs);
}

// The text of the label in front of `w` in its layout (or its buddy label).
QString labelOf(QWidget* w) {
    if (QWidget* parent = w->parentWidget()) {
        for (QLabel* label : parent->findChildren<QLabel*>())
            if (label->buddy() == w) return label->text().remove(QLatin1Char('&')).remove(QLatin1Char(':'));
        std::function<QString(QLayout*)> find = [&](QLayout* layout) -> QString {
            if (!layout) return {};
            for (int i = 0; i < layout->count(); ++i) {
                QLayoutItem* item = layout->itemAt(i);
                if (item->widget() == w) {
                    for (int j = i - 1; j >= 0; --j)
                        if (auto* label = qobject_cast<QLabel*>(layout->itemAt(j)->widget()))
                            return label->text().remove(QLatin1Char(':'));
                        else if (layout->itemAt(j)->widget())
                            break;
                    return {};
                }
                if (QString found = find(item->layout()); !found.isEmpty()) return found;
            }
            return {};
        };
        if (QString found = find(parent->layout()); !found.isEmpty()) return found;
    }
    return {};
}

QString shortText(QString text) {
    text = text.remove(QRegularExpression(QStringLiteral("<[^>]*>"))).remove(QLatin1Char('&')).simplified();
    return text.size() > 28 ? text.left(27) + QStringLiteral("…") : text;
}

// One change of one control: what it is called and how to make it.
struct Change {
    QString control, choice;
    std::function<void()> apply;
};

// Every control change of `tab`, each followed (for toggles) by the way back.
std::vector<Change> changesOf(QWidget* tab, int maxChoices, const QString& userName) {
    std::vector<Change> changes;
    int combos = 0;
    for (QWidget* w : tab->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(tab) || !w->isEnabled()) continue;
        if (qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget())) continue;
        if (auto* box = qobject_cast<QComboBox*>(w)) {
            ++combos;
            const QString name = !labelOf(box).isEmpty() ? shortText(labelOf(box))
                                 : !box->toolTip().isEmpty() ? shortText(box->toolTip())
                                 : box->count() ? QStringLiteral("%1… (%2)").arg(shortText(box->itemText(0)).left(14)).arg(combos)
                                                : QStringLiteral("combo %1").arg(combos);
            const int original = box->currentIndex();
            std::vector<int> choices;
            for (int i = 0; i < box->count(); ++i)
                if (i != original) choices.push_back(i);
            if (maxChoices > 0 && int(choices.size()) > maxChoices) {
                // Spread over the list: the first ones, and the last.
                std::vector<int> some;
                for (int k = 0; k < maxChoices; ++k)
                    some.push_back(choices[std::size_t(k) * (choices.size() - 1) / std::size_t(maxChoices - 1)]);
                some.erase(std::unique(some.begin(), some.end()), some.end());
                choices = some;
            }
            choices.push_back(original);
            for (int i : choices)
                changes.push_back({QStringLiteral("%1 (combo)").arg(name), shortText(box->itemText(i)), [box, i] {
                                       box->setCurrentIndex(i);
                                       Q_EMIT box->activated(i);
                                   }});
        } else if (auto* check = qobject_cast<QCheckBox*>(w)) {
            for (int k = 0; k < 2; ++k)
                changes.push_back({shortText(check->text()) + QStringLiteral(" (check)"),
                                   k == 0 ? QStringLiteral("toggle") : QStringLiteral("back"), [check] { check->click(); }});
        } else if (auto* tool = qobject_cast<QToolButton*>(w); tool && tool->isCheckable()) {
            for (int k = 0; k < 2; ++k)
                changes.push_back({shortText(tool->text()) + QStringLiteral(" (toggle)"),
                                   k == 0 ? QStringLiteral("toggle") : QStringLiteral("back"), [tool] { tool->click(); }});
        } else if (auto* spin = qobject_cast<QSpinBox*>(w)) {
            const int original = spin->value();
            const int other = original > spin->minimum() ? std::max(spin->minimum(), original / 2)
                                                         : std::min(spin->maximum(), original + 1);
            const QString name = shortText(labelOf(spin).isEmpty() ? spin->prefix() + spin->suffix() : labelOf(spin));
            for (int v : {other, original})
                changes.push_back({name + QStringLiteral(" (spin)"), QString::number(v), [spin, v] {
                                       spin->setValue(v);
                                       Q_EMIT spin->editingFinished();
                                   }});
        } else if (auto* edit = qobject_cast<QLineEdit*>(w); edit && !edit->isReadOnly()) {
            const QString name = shortText(edit->placeholderText().isEmpty() ? labelOf(edit) : edit->placeholderText());
            const QString original = edit->text();
            for (const QString& text : {userName, original})
                changes.push_back({name + QStringLiteral(" (text)"), text.isEmpty() ? QStringLiteral("(empty)") : text,
                                   [edit, text] {
                                       edit->setText(text);
                                       Q_EMIT edit->editingFinished();
                                       Q_EMIT edit->returnPressed();
                                   }});
        } else if (auto* table = qobject_cast<QTableView*>(w); table && table->model()) {
            // Sorting by every column (the header's click), then selecting every row.
            const int columns = table->model()->columnCount();
            if (table->isSortingEnabled()) {
                for (int c = 0; c < columns; ++c)
                    changes.push_back({QStringLiteral("table: sort"), QStringLiteral("column %1 ↓").arg(c),
                                       [table, c] { table->sortByColumn(c, Qt::DescendingOrder); }});
                changes.push_back({QStringLiteral("table: sort"), QStringLiteral("column 0 ↑"),
                                   [table] { table->sortByColumn(0, Qt::AscendingOrder); }});
            }
            if (table->selectionMode() == QAbstractItemView::ExtendedSelection) {
                changes.push_back({QStringLiteral("table: select"), QStringLiteral("all rows"), [table] { table->selectAll(); }});
                changes.push_back({QStringLiteral("table: select"), QStringLiteral("none"),
                                   [table] { table->clearSelection(); }});
            }
        } else if (auto* button = qobject_cast<QPushButton*>(w)) {
            // Only buttons that step within the tab (no dialogs, no tab switches).
            QString text = button->text();
            if (text.contains(QStringLiteral("Next")) || text.contains(QStringLiteral("Previous")))
                changes.push_back({shortText(text.remove(QLatin1Char('&'))) + QStringLiteral(" (button)"),
                                   QStringLiteral("click"), [button] { button->click(); }});
        }
    }
    return changes;
}

struct Row {
    QString tab, control, worstChoice;
    double gapMs = 0, settleS = 0;
    int changes = 0;
};

} // namespace

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::string qrels, only;
    std::vector<std::string> runs;
    int maxChoices = 4, settleMs = 150;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--qrels" && i + 1 < argc) qrels = argv[++i];
        else if (a == "--run" && i + 1 < argc) runs.push_back(argv[++i]);
        else if (a == "--choices" && i + 1 < argc) maxChoices = std::stoi(argv[++i]);
        else if (a == "--settle-ms" && i + 1 < argc) settleMs = std::stoi(argv[++i]);
        else if (a == "--only" && i + 1 < argc) only = argv[++i];
    }
    if (qrels.empty() || runs.empty()) {
        std::cerr << "usage: ranklab_gui_bench --qrels QRELS --run [NAME=]RUN [--run ...] [--choices N] "
                     "[--settle-ms MS] [--only TAB]\n";
        return 2;
    }
    QApplication app(argc, argv);
    setUpApplication(app);

    QTemporaryDir dir;
    Workspace ws;
    ws.groundTruth = {qrels, {}};
    for (const std::string& run : runs) {
        const auto eq = run.find('=');
        const std::string path = eq == std::string::npos ? run : run.substr(eq + 1);
        const std::string name = eq == std::string::npos ? QFileInfo(QString::fromStdString(path)).baseName().toStdString()
                                                         : run.substr(0, eq);
        ws.models.push_back({name, path, {}, "", true});
    }
    const QString path = dir.filePath(QStringLiteral("bench.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());

    MainWindow window;
    window.resize(1366, 768);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return 1;

    EventLoopGaps gaps(5);
    QObject::connect(window.workbench(), &Workbench::evaluated, [&] {
        std::printf("  result %s at %.0f ms\n", window.workbench()->result()->comparison ? "with comparison" : "(evaluation)",
                    gaps.elapsedMs());
    });
    QElapsedTimer clock;
    gaps.start();
    clock.start();
    window.openWorkspace(path);
    if (!QTest::qWaitFor([&] { return window.dataset() != nullptr; }, kTimeoutMs) || !settle(window, settleMs)) return 1;
    gaps.stop();
    unsigned long long lines = 0;
    for (const auto& model : window.dataset()->models) lines += model.report.lines;
    std::printf("load + evaluate + compare %zu runs, %llu run lines, %zu users: %.1f s, longest event-loop gap %.1f ms "
                "(ending at %.0f ms, %d ticks)\n",
                window.dataset()->models.size(), lines, window.workbench()->evaluation()->users.size(),
                double(clock.elapsed()) / 1000, gaps.longestGapMs(), gaps.longestGapEndMs(), gaps.ticks());

    Workspace next = window.workbench()->workspace();
    const auto cutoffsBefore = next.evaluation.cutoffs;
    next.evaluation.cutoffs = {5, 20};
    gaps.start();
    clock.restart();
    window.workbench()->edit(next);
    if (!settle(window, settleMs)) return 1;
    gaps.stop();
    std::printf("re-evaluate from the cache (cutoffs 5, 20) + compare: %.1f s, longest event-loop gap %.1f ms "
                "(ending at %.0f ms)\n",
                double(clock.elapsed()) / 1000, gaps.longestGapMs(), gaps.longestGapEndMs());
    next.evaluation.cutoffs = cutoffsBefore;
    window.workbench()->edit(next);
    if (!settle(window, settleMs)) return 1;

    // Every tab, every control.
    const auto& evaluation = *window.workbench()->evaluation();
    const std::string_view someUser = window.dataset()->ids.users.name(evaluation.users[evaluation.users.size() / 2]);
    const QString userName = QString::fromUtf8(someUser.data(), qsizetype(someUser.size()));
    QTabWidget* tabs = window.tabs();
    std::vector<Row> rows;
    auto measure = [&](const QString& tab, const QString& control, const QString& choice,
                       const std::function<void()>& apply) {
        gaps.start();
        clock.restart();
        apply();
        const bool ok = settle(window, settleMs);
        gaps.stop();
        const double gap = gaps.longestGapMs(), seconds = double(clock.elapsed() - settleMs) / 1000;
        std::printf("  %-18s %-34s %-28s %8.1f ms  %6.2f s%s\n", qPrintable(tab), qPrintable(control),
                    qPrintable(choice), gap, seconds, ok ? "" : "  (timed out)");
        std::fflush(stdout);
        auto it = std::find_if(rows.begin(), rows.end(),
                               [&](const Row& r) { return r.tab == tab && r.control == control; });
        if (it == rows.end()) it = rows.insert(rows.end(), Row{tab, control, {}, 0, 0, 0});
        ++it->changes;
        if (gap >= it->gapMs) {
            it->gapMs = gap;
            it->worstChoice = choice;
        }
        it->settleS = std::max(it->settleS, seconds);
    };
    std::printf("\nevery tab and control (longest event-loop gap; seconds until its work was done):\n");
    for (int t = 0; t < tabs->count(); ++t) {
        const QString tab = tabs->tabText(t).remove(QLatin1Char('&'));
        if (!only.empty() && tab != QString::fromStdString(only)) continue;
        measure(tab, QStringLiteral("open the tab"), {}, [&] { tabs->setCurrentIndex(t); });
        for (const Change& change : changesOf(tabs->widget(t), maxChoices, userName)) {
            if (tabs->currentIndex() != t) tabs->setCurrentIndex(t);  // a change may switch tabs
            measure(tab, change.control, change.choice, change.apply);
        }
    }

    // The evaluation panel of the left column: ndcg's parameters (whose combo
    // boxes once crashed the window), the ties, users, profile, threshold,
    // sampled negatives and cutoffs, each change re-evaluating.
    if (only.empty() || only == "Evaluation panel") {
        const QString tab = QStringLiteral("Evaluation panel");
        EvaluationPanel* panel = window.evaluationPanel();
        const auto items = panel->metricList()->findItems(QStringLiteral("ndcg"), Qt::MatchExactly);
        if (!items.isEmpty() && items.first()->checkState() != Qt::Checked)
            measure(tab, QStringLiteral("metric list"), QStringLiteral("check ndcg"),
                    [&] { items.first()->setCheckState(Qt::Checked); });
        panel->selectFamily(QStringLiteral("ndcg"));
        for (const Change& change : changesOf(panel, maxChoices, QStringLiteral("5, 10")))
            measure(tab, change.control, change.choice, change.apply);
    }

    // The selection made by a drag on the Per user chart (real mouse events),
    // the other views restricted to it and opened once each, then undone.
    if (only.empty() || only == "Per user") {
        if (auto* perUser = window.analysisView<PerUserView>()) {
            const QString tab = QStringLiteral("Per user");
            tabs->setCurrentWidget(perUser);
            settle(window, settleMs);
            ScatterPanel* panel = perUser->chartPanel();
            measure(tab, QStringLiteral("drag a rectangle on the chart"), QStringLiteral("middle of the plot"), [&] {
                const QRectF area = panel->chart()->plotArea();
                const QPoint from = panel->mapFromScene(panel->chart()->mapToScene(area.topLeft() + QPointF(area.width() * 0.3, area.height() * 0.3)));
                const QPoint to = panel->mapFromScene(panel->chart()->mapToScene(area.topLeft() + QPointF(area.width() * 0.7, area.height() * 0.7)));
                QTest::mousePress(panel->viewport(), Qt::LeftButton, {}, from);
                QTest::mouseMove(panel->viewport(), to);
                QTest::mouseRelease(panel->viewport(), Qt::LeftButton, {}, to);
                if (!QTest::qWaitFor([&] { return !perUser->rectangleJobs()->isBusy(); }, kTimeoutMs))
                    std::printf("  (the selection timed out)\n");
            });
            std::printf("  (%zu users selected)\n", window.selectedUsers()->count());
            measure(QStringLiteral("Window"), QStringLiteral("restrict views to the selection"), QStringLiteral("on"),
                    [&] { window.restrictAction()->trigger(); });
            for (int t = 0; t < tabs->count(); ++t) {
                const QString name = tabs->tabText(t).remove(QLatin1Char('&'));
                measure(name, QStringLiteral("open the tab, restricted"), {}, [&] { tabs->setCurrentIndex(t); });
            }
            measure(QStringLiteral("Window"), QStringLiteral("restrict views to the selection"), QStringLiteral("off"),
                    [&] { window.restrictAction()->trigger(); });
            measure(QStringLiteral("Window"), QStringLiteral("clear the selection"), {},
                    [&] { window.selectedUsers()->clear(); });
        }
    }

    std::printf("\n| Tab | Control | Changes | Longest gap (ms) | at | Work done in (s) |\n|---|---|---|---|---|---|\n");
    double worst = 0;
    for (const Row& r : rows) {
        std::printf("| %s | %s | %d | %.1f | %s | %.2f |\n", qPrintable(r.tab), qPrintable(r.control), r.changes,
                    r.gapMs, qPrintable(r.worstChoice), r.settleS);
        worst = std::max(worst, r.gapMs);
    }
    std::printf("\n| Tab | Longest gap (ms) |\n|---|---|\n");
    for (int t = 0; t < tabs->count(); ++t) {
        const QString tab = tabs->tabText(t).remove(QLatin1Char('&'));
        double m = -1;
        for (const Row& r : rows)
            if (r.tab == tab) m = std::max(m, r.gapMs);
        if (m >= 0) std::printf("| %s | %.1f |\n", qPrintable(tab), m);
    }
    std::printf("\nlongest event-loop gap over every tab and control: %.1f ms\n", worst);
    return 0;
}
