#include "ui/report/report_export.h"

#include <QFileInfo>

#include "common/error.h"
#include "common/sha256.h"
#include "manifest/manifest.h"
#include "report/report_results.h"
#include "ui/job_tracker.h"
#include "ui/report/report_charts.h"
#include "ui/user_file.h"
#include "ui/views/selected_users.h"
#include "ui/workbench.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui {
namespace {

struct Computed {
    ReportResults results;
    std::vector<ManifestFile> inputs;
};

// The command that reruns this report: only when what the window shows is
// the saved workspace file, unrestricted (the GUI's selection has no file).
std::vector<std::string> rerunCommand(const Workbench& workbench, const ReportChoice& choice, bool restricted) {
    if (workbench.path().isEmpty() || workbench.isModified() || restricted) return {};
    std::string sections;
    for (const std::string& s : choice.sections) sections += (sections.empty() ? "" : ",") + s;
    return {"report", "--workspace", QFileInfo(workbench.path()).absoluteFilePath().toStdString(), "--sections",
            sections, "--title", choice.title.toStdString(), "--out", choice.path.toStdString()};
}

// The study request `verify` recomputes (manifest/study_request.h): the
// report of the saved workspace `workspacePath` (hashed, first among the
// inputs, as `ranklab-cli report --workspace` lists it) with the chosen
// sections and title. None when the title cannot be one (verify then checks
// the inputs only).
void addStudyRequest(Manifest& manifest, const std::string& workspacePath, const ReportChoice& choice) {
    ManifestFile ws;
    ws.role = "workspace";
    ws.path = workspacePath;
    try {
        ws.sha256 = sha256OfFile(workspacePath, &ws.size);
    } catch (const Error&) {
        return;  // the workspace file is gone: the report cannot be recomputed from it
    }
    ws.format = "ranklab";
    ws.duplicates = "error";
    manifest.inputs.insert(manifest.inputs.begin(), std::move(ws));
    const std::optional<RequestInputs> inputs = requestInputsOf(manifest.inputs);
    if (!inputs) return;
    std::string sections;
    for (const std::string& s : choice.sections) sections += (sections.empty() ? "" : ",") + s;
    StudyRequest request;
    request.kind = RequestKind::Report;
    request.inputs = *inputs;
    request.settings = {{"sections", false, {sections}}};
    if (!choice.title.isEmpty()) request.settings.push_back({"title", false, {choice.title.toStdString()}});
    try {
        for (const RequestSetting& s : request.settings) checkRequestSetting(s);
    } catch (const Error&) {
        return;
    }
    manifest.request = std::move(request);
}

} // namespace

ReportExporter::ReportExporter(Workbench* workbench, SelectedUsers* selection, QObject* parent)
    : QObject(parent), workbench_(workbench), selection_(selection), jobs_(new JobTracker(this)) {
    connect(jobs_, &JobTracker::failed, this,
            [this](const QString&, const LoadError& error) { Q_EMIT failed(error.message); });
    connect(jobs_, &JobTracker::cancelled, this, [this] { Q_EMIT failed(tr("The report was cancelled.")); });
}

bool ReportExporter::start(const ReportChoice& choice, QString* error) {
    const std::shared_ptr<const EvaluationResult> shown = workbench_->result();
    if (!shown || !shown->evaluation || !shown->dataset) {
        if (error) *error = tr("Nothing to report yet: load a workspace and evaluate it first.");
        return false;
    }
    if (choice.sections.empty()) {
        if (error) *error = tr("Choose at least one section.");
        return false;
    }
    ReportRequest request;
    request.sections = choice.sections;
    request.settings = shown->evaluation->settings;
    request.comparison = workbench_->comparisonOptions();
    request.interval = parseShownInterval(workbench_->interval()).value_or(ShownInterval::T);
    // The view on screen: the Summary's display (Δ, Δ%, ...) and the metric the tabs show.
    request.display = workbench_->summaryDisplay();
    request.primaryMetric = workbench_->workspace().view.metric;
    const bool restricted = selection_ && selection_->restrictsViews();
    if (restricted) request.settings.onlyUsers = selection_->restriction();
    // Unrestricted, the evaluation shown is the report's; restricted, the
    // selected users are evaluated again (from the cached rankings).
    std::shared_ptr<const Evaluation> evaluated = restricted ? nullptr : shown->evaluation;
    const Workspace files = presentFiles(workbench_->workspace());
    std::string interval = workbench_->interval();
    std::vector<std::string> command = rerunCommand(*workbench_, choice, restricted);

    jobs_->start<std::shared_ptr<Computed>>(
        tr("Computing the report…"),
        [shown, request, evaluated, files](const Progress& progress) {
            auto out = std::make_shared<Computed>();
            Progress compute(progress, 0.0, 0.9);
            out->results = computeReportResults(shown->dataset, request, *shown->cache, evaluated, &compute);
            progress.check();
            out->inputs = describeInputs(toSources(files), toReadOptions(files));
            progress.report(1.0);
            return out;
        },
        [this, request, choice, interval, command, looks = shown->models](std::shared_ptr<Computed> done) {
            try {
                Manifest manifest = startManifest(command);
                manifest.inputs = std::move(done->inputs);
                if (!command.empty()) addStudyRequest(manifest, command[2], choice);
                manifest.evaluation = describeEvaluation(request.settings);
                stats::ComparisonOptions shown = request.comparison;
                shown.bootstrapIntervals = request.interval == ShownInterval::Bootstrap;
                manifest.statistics = describeStatistics(shown, interval);
                manifest.users = done->results.evaluation->counts;
                HtmlReportInput input =
                    reportHtmlInput(done->results, request, choice.title.toStdString(), std::move(manifest));
                ReportCharts charts = renderReportCharts(done->results, request.sections,
                                                         request.interval == ShownInterval::Bootstrap, looks,
                                                         request.display);
                writeReportFile(std::move(input), charts, systemPath(choice.path));
            } catch (const std::exception& e) {
                Q_EMIT failed(QString::fromUtf8(e.what()));
                return;
            }
            Q_EMIT exported(choice.path);
        });
    return true;
}

} // namespace ranklab::ui
