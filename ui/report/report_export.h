#pragma once
// File → Export Report…: the report of what the workbench shows now (its
// data, evaluation settings, comparison settings and interval, and the
// selection when the views are restricted to it), written as one HTML page
// or a PDF. The computation (report/report_results.h) and the hashing of
// the input files for the manifest run on a JobTracker, off the GUI thread;
// the charts are drawn and the file written (atomically) when they are done.
#include <QObject>
#include <QString>

#include <string>
#include <vector>

namespace ranklab::ui {

class JobTracker;
class SelectedUsers;
class Workbench;

struct ReportChoice {
    QString path;  // .pdf: a PDF; else HTML
    QString title = QStringLiteral("RankLab report");
    std::vector<std::string> sections;  // of reportSections()
};

class ReportExporter : public QObject {
    Q_OBJECT

public:
    ReportExporter(Workbench* workbench, SelectedUsers* selection, QObject* parent = nullptr);

    JobTracker* jobs() const { return jobs_; }
    // Starts the export; false with `error` set when there is nothing to
    // report yet (no evaluation) or no section chosen.
    bool start(const ReportChoice& choice, QString* error = nullptr);

Q_SIGNALS:
    void exported(const QString& path);
    void failed(const QString& message);

private:
    Workbench* workbench_;
    SelectedUsers* selection_;
    JobTracker* jobs_;
};

} // namespace ranklab::ui
