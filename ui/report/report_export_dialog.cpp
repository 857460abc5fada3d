#include "ui/report/report_export_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "report/html_report.h"
#include "ui/app_settings.h"

namespace ranklab::ui {
namespace {

QString sectionLabel(const std::string& s) {
    if (s == "summary") return QObject::tr("Summary table (means, intervals, significance)");
    if (s == "forest") return QObject::tr("Difference forest plots");
    if (s == "cd") return QObject::tr("Critical-difference diagrams (average ranks)");
    if (s == "curves") return QObject::tr("Metric-vs-k curves");
    if (s == "ranks") return QObject::tr("Rank distributions");
    if (s == "cohorts") return QObject::tr("Cohorts");
    if (s == "checks") return QObject::tr("Pre-flight checks and tie band");
    if (s == "beyond") return QObject::tr("Beyond-accuracy metrics");
    if (s == "definitions") return QObject::tr("Metric definitions");
    return QString::fromStdString(s);
}

bool isReportPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("html") || suffix == QLatin1String("htm") || suffix == QLatin1String("pdf");
}

} // namespace

ReportExportDialog::ReportExportDialog(std::size_t restrictedTo, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export Report"));
    setObjectName(QStringLiteral("reportExportDialog"));

    path_ = new QLineEdit(this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    path_->setText(AppSettings::startPath(AppSettings::Folder::Export, QStringLiteral("report.html")));
    path_->setToolTip(tr("A .html file: one self-contained page; a .pdf file: a paginated PDF"));
    title_ = new QLineEdit(QStringLiteral("RankLab report"), this);

    auto* box = new QGroupBox(tr("Sections"), this);
    auto* grid = new QGridLayout(box);
    int i = 0;
    for (const std::string& s : reportSections()) {
        if (s == "manifest") continue;  // always there, last
        auto* check = new QCheckBox(sectionLabel(s), box);
        check->setObjectName(QString::fromStdString(s));
        check->setChecked(true);
        sections_[s] = check;
        grid->addWidget(check, i / 2, i % 2);
        ++i;
    }
    auto* note = new QLabel(this);
    note->setWordWrap(true);
    note->setText(restrictedTo > 0
                      ? tr("The views are restricted to %1 selected users: the report averages only them.")
                            .arg(QLocale().toString(qulonglong(restrictedTo)))
                      : tr("The report uses the evaluation and comparison settings shown now, over all users. "
                           "The manifest (inputs with SHA-256, settings, users) always comes last."));

    auto* form = new QFormLayout;
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Title:"), title_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(box);
    layout->addWidget(note);
    layout->addWidget(buttons);
    setMinimumWidth(560);

    connect(browse, &QPushButton::clicked, this, &ReportExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &ReportExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ReportChoice ReportExportDialog::choice() const {
    ReportChoice c;
    c.path = path_->text().trimmed();
    c.title = title_->text().trimmed();
    if (c.title.isEmpty()) c.title = QStringLiteral("RankLab report");
    for (const std::string& s : reportSections())
        if (const auto it = sections_.find(s); it != sections_.end() && it->second->isChecked()) c.sections.push_back(s);
    return c;
}

void ReportExportDialog::setPath(const QString& path) { path_->setText(path); }
void ReportExportDialog::setTitle(const QString& title) { title_->setText(title); }

QCheckBox* ReportExportDialog::sectionBox(const std::string& section) const {
    const auto it = sections_.find(section);
    return it == sections_.end() ? nullptr : it->second;
}

void ReportExportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Report"), path_->text(),
                                                        tr("HTML page (*.html);;PDF document (*.pdf)"));
    if (!chosen.isEmpty()) setPath(chosen);
}

void ReportExportDialog::accept() {
    const ReportChoice c = choice();
    if (c.path.isEmpty() || !isReportPath(c.path)) {
        QMessageBox::warning(this, tr("Export Report"),
                             tr("The file name must end in .html or .pdf: the extension picks the format."));
        return;
    }
    if (c.sections.empty()) {
        QMessageBox::warning(this, tr("Export Report"), tr("Choose at least one section."));
        return;
    }
    AppSettings::setLastFolder(AppSettings::Folder::Export, c.path);
    QDialog::accept();
}

} // namespace ranklab::ui
