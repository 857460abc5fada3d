#include "ui/data_panel.h"

#include <QColorDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/app_settings.h"
#include "ui/import_dialog.h"
#include "ui/model_list_model.h"

namespace ranklab::ui {
namespace {

const QString kDataFilter =
    QStringLiteral("Data files (*.txt *.tsv *.csv *.run *.qrels *.json *.gz *.zst);;All files (*)");

QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon, const QString& text, const QString& tip) {
    auto* b = new QToolButton(parent);
    b->setIcon(parent->style()->standardIcon(icon));
    b->setText(text);
    b->setToolTip(tip);
    b->setToolButtonStyle(Qt::ToolButtonIconOnly);
    b->setAutoRaise(true);
    return b;
}

} // namespace

DataPanel::DataPanel(QWidget* parent) : QWidget(parent), models_(new ModelListModel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    truth_ = addFileRow(grid, 0, tr("Ground truth:"), Role::Judgments, false);
    exclusions_ = addFileRow(grid, 1, tr("Exclusions:"), Role::Exclusions, true);
    cohorts_ = addFileRow(grid, 2, tr("Cohorts:"), Role::Cohorts, true);
    layout->addLayout(grid);

    auto* header = new QHBoxLayout;
    auto* modelsLabel = new QLabel(tr("<b>Models</b>"), this);
    header->addWidget(modelsLabel, 1);
    auto* add = toolButton(this, QStyle::SP_FileDialogNewFolder, tr("Add"), tr("Add a model's score file…"));
    remove_ = toolButton(this, QStyle::SP_TrashIcon, tr("Remove"), tr("Remove the selected model"));
    up_ = toolButton(this, QStyle::SP_ArrowUp, tr("Up"), tr("Move the selected model up"));
    down_ = toolButton(this, QStyle::SP_ArrowDown, tr("Down"), tr("Move the selected model down"));
    color_ = toolButton(this, QStyle::SP_DesktopIcon, tr("Colour"), tr("Choose the selected model's colour…"));
    for (QToolButton* b : {add, remove_, up_, down_, color_}) header->addWidget(b);
    layout->addLayout(header);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("modelTable"));
    table_->setModel(models_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(ModelListModel::NameColumn, QHeaderView::ResizeToContents);
    table_->setWordWrap(false);
    layout->addWidget(table_, 1);

    connect(add, &QToolButton::clicked, this, [this] { chooseFile(Role::Run); });
    connect(remove_, &QToolButton::clicked, this, &DataPanel::removeCurrent);
    connect(up_, &QToolButton::clicked, this, [this] { moveCurrent(-1); });
    connect(down_, &QToolButton::clicked, this, [this] { moveCurrent(+1); });
    connect(color_, &QToolButton::clicked, this, &DataPanel::recolorCurrent);
    connect(models_, &ModelListModel::edited, this, &DataPanel::modelsEdited);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DataPanel::updateButtons);
    connect(models_, &QAbstractItemModel::modelReset, this, &DataPanel::updateButtons);
    updateButtons();
}

DataPanel::FileRow DataPanel::addFileRow(QGridLayout* grid, int row, const QString& label, Role role,
                                         bool clearable) {
    FileRow r;
    grid->addWidget(new QLabel(label, this), row, 0);
    r.name = new QLabel(this);
    r.name->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(r.name, row, 1);
    r.choose = new QPushButton(tr("Choose…"), this);
    r.choose->setToolTip(tr("Choose the file and its format"));
    grid->addWidget(r.choose, row, 2);
    connect(r.choose, &QPushButton::clicked, this, [this, role] { chooseFile(role); });
    if (clearable) {
        r.clear = toolButton(this, QStyle::SP_DialogDiscardButton, tr("Clear"), tr("Use no file"));
        grid->addWidget(r.clear, row, 3);
        connect(r.clear, &QToolButton::clicked, this, [this, role] { clearFile(role); });
    }
    return r;
}

void DataPanel::showFile(const FileRow& row, const WorkspaceFile* file, const QString& none) {
    if (!file || file->path.empty()) {
        row.name->setText(QStringLiteral("<i>%1</i>").arg(none));
        row.name->setToolTip({});
    } else {
        const QString path = QString::fromStdString(file->path);
        row.name->setText(QFileInfo(path).fileName().toHtmlEscaped());
        row.name->setToolTip(tr("%1\nformat: %2").arg(path, QString::fromStdString(file->format.toString())));
    }
    if (row.clear) row.clear->setEnabled(file != nullptr);
}

void DataPanel::setWorkspace(const Workspace& workspace) {
    updating_ = true;
    workspace_ = workspace;
    showFile(truth_, &workspace_.groundTruth, tr("none — choose the judged items"));
    showFile(exclusions_, workspace_.exclusions ? &*workspace_.exclusions : nullptr, tr("none"));
    showFile(cohorts_, workspace_.cohorts ? &*workspace_.cohorts : nullptr, tr("none"));
    const int current = currentModel();
    models_->setModels(workspace_.models);
    if (current >= 0 && current < models_->rowCount()) selectModel(current);
    updating_ = false;
    updateButtons();
}

void DataPanel::putFile(Workspace& next, const QString& path, Role role, const FormatSpec& format) {
    const WorkspaceFile file{QFileInfo(path).absoluteFilePath().toStdString(), format};
    switch (role) {
    case Role::Judgments: next.groundTruth = file; break;
    case Role::Exclusions: next.exclusions = file; break;
    case Role::Cohorts: next.cohorts = file; break;
    case Role::ItemAttributes: break;  // no workspace slot yet (the CLI's --items)
    case Role::Run: {
        WorkspaceModel m;
        m.path = file.path;
        m.format = format;
        next.models.push_back(m);
        break;
    }
    }
}

void DataPanel::addFile(const QString& path, Role role, const FormatSpec& format) {
    Workspace next = workspace_;
    putFile(next, path, role, format);
    Q_EMIT workspaceEdited(next);
}

void DataPanel::chooseFile(Role role) {
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a %1 file").arg(QString::fromLatin1(roleName(role))),
                                                      AppSettings::lastFolder(AppSettings::Folder::Data), kDataFilter);
    if (path.isEmpty()) return;
    AppSettings::setLastFolder(AppSettings::Folder::Data, path);
    ImportDialog dialog(path, role, {}, false, this);
    if (dialog.exec() == QDialog::Accepted) addFile(path, dialog.role(), dialog.format());
}

void DataPanel::importFiles(const QStringList& paths) {
    Workspace next = workspace_;
    for (const QString& path : paths) {
        const Role guess = next.groundTruth.path.empty() ? Role::Judgments : Role::Run;
        ImportDialog dialog(path, guess, {}, true, this);
        if (dialog.exec() == QDialog::Accepted) putFile(next, path, dialog.role(), dialog.format());
    }
    if (!(next == workspace_)) Q_EMIT workspaceEdited(next);
}

void DataPanel::clearFile(Role role) {
    Workspace next = workspace_;
    if (role == Role::Exclusions) next.exclusions.reset();
    if (role == Role::Cohorts) next.cohorts.reset();
    if (!(next == workspace_)) Q_EMIT workspaceEdited(next);
}

int DataPanel::currentModel() const {
    const QModelIndex i = table_->selectionModel()->currentIndex();
    return i.isValid() ? i.row() : -1;
}

void DataPanel::selectModel(int row) {
    table_->selectionModel()->setCurrentIndex(models_->index(row, 0),
                                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void DataPanel::removeCurrent() { models_->removeModel(currentModel()); }

void DataPanel::moveCurrent(int delta) {
    const int row = currentModel();
    models_->moveModel(row, delta);
    if (row >= 0) selectModel(std::clamp(row + delta, 0, models_->rowCount() - 1));
}

void DataPanel::recolorCurrent() {
    const int row = currentModel();
    if (row < 0) return;
    const QColor c = QColorDialog::getColor(models_->colorAt(row), this, tr("Colour of %1").arg(
        models_->index(row, 0).data().toString()));
    if (c.isValid()) models_->setColor(row, c);
}

void DataPanel::modelsEdited() {
    if (updating_) return;
    Workspace next = workspace_;
    next.models = models_->models();
    Q_EMIT workspaceEdited(next);
}

void DataPanel::updateButtons() {
    const int row = currentModel();
    remove_->setEnabled(row >= 0);
    color_->setEnabled(row >= 0);
    up_->setEnabled(row > 0);
    down_->setEnabled(row >= 0 && row + 1 < models_->rowCount());
}

} // namespace ranklab::ui
