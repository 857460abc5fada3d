#include "ui/data_panel.h"

#include <QColorDialog>
#include <QFileDialog>
#include <QDir>
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
#include "io/run_sniffing.h"
#include "ui/model_list_model.h"

namespace ranklab::ui {
namespace {

// The names the workspace's models have (a new run named alike joins one).
QStringList modelNamesOf(const Workspace& workspace) {
    QStringList names;
    for (const WorkspaceModel& m : workspace.models)
        if (!m.name.empty()) names << QString::fromStdString(m.name);
    return names;
}


QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon, const QString& text, const QString& tip) {
    auto* b = new QToolButton(parent);
    b->setIcon(parent->style()->standardIcon(icon));
    b->setText(text);
    b->setToolTip(tip);
    b->setToolButtonStyle(Qt::ToolButtonIconOnly);
    b->setAutoRaise(true);
    b->setAccessibleName(text);
    b->setAccessibleDescription(tip);
    return b;
}

} // namespace

QString DataPanel::fileFilter() {
    return tr("Data files (*.txt *.tsv *.csv *.trec *.run *.qrels *.json *.jsonl *.gz *.zst *.parquet *.npy *.npz);;"
              "TREC runs and qrels (*.trec *.run *.qrels);;"
              "Parquet (*.parquet);;"
              "NumPy score matrices (*.npy *.npz);;"
              "Compressed (*.gz *.zst);;"
              "All files (*)");
}

DataPanel::DataPanel(QWidget* parent) : QWidget(parent), models_(new ModelListModel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    truth_ = addFileRow(grid, 0, tr("Ground truth:"), Role::Judgments, false);
    exclusions_ = addFileRow(grid, 1, tr("Training interactions\n(exclusions):"), Role::Exclusions, true);
    cohorts_ = addFileRow(grid, 2, tr("Cohorts:"), Role::Cohorts, true);
    catalog_ = addFileRow(grid, 3, tr("Item catalogue:"), Role::Catalog, true);
    items_ = addFileRow(grid, 4, tr("Item attributes:"), Role::ItemAttributes, true);
    // What each input is for, where the label alone does not say it.
    auto explain = [](const FileRow& row, const QString& text) { row.label->setToolTip(text); };
    explain(exclusions_, tr("The users' training interactions: excluded from their rankings, and the item "
                            "popularity of novelty, arp, aplt, aclt, epc and efd"));
    explain(catalog_, tr("One item id a line: the items coverage and gini count (default: the items of the "
                         "training interactions and the ground truth)"));
    explain(items_, tr("Item attribute pairs (several per item), for ild and serendipity"));
    layout->addLayout(grid);

    auto* header = new QHBoxLayout;
    auto* modelsLabel = new QLabel(tr("<b>Models</b>"), this);
    header->addWidget(modelsLabel, 1);
    auto* add = toolButton(this, QStyle::SP_FileDialogNewFolder, tr("Add"), tr("Add a model's score file…"));
    remove_ = toolButton(this, QStyle::SP_TrashIcon, tr("Remove"), tr("Remove the selected model"));
    up_ = toolButton(this, QStyle::SP_ArrowUp, tr("Up"), tr("Move the selected model up"));
    down_ = toolButton(this, QStyle::SP_ArrowDown, tr("Down"), tr("Move the selected model down"));
    color_ = toolButton(this, QStyle::SP_DesktopIcon, tr("Colour"), tr("Choose the selected model's colour…"));
    locate_ = toolButton(this, QStyle::SP_MessageBoxWarning, tr("Locate…"),
                         tr("The selected model's file is missing: point to where it is now…"));
    locate_->setObjectName(QStringLiteral("locateModel"));

    add->setToolTip(tr("Add models' score files (several at once)…"));
    for (QToolButton* b : {add, remove_, up_, down_, color_, locate_}) header->addWidget(b);
    layout->addLayout(header);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("modelTable"));
    table_->setModel(models_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    table_->verticalHeader()->hide();
    // The name and the short format fit their text; the file (a path, and
    // its coverage badge) takes the room left, however wide the column is.
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(ModelListModel::NameColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(ModelListModel::FileColumn, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(ModelListModel::FormatColumn, QHeaderView::ResizeToContents);
    table_->setWordWrap(false);
    // At least four rows stay visible; the workspace column scrolls instead.
    table_->setMinimumHeight(2 * table_->frameWidth() + table_->horizontalHeader()->sizeHint().height() +
                             4 * table_->verticalHeader()->defaultSectionSize());
    layout->addWidget(table_, 1);

    connect(add, &QToolButton::clicked, this, [this] { chooseFile(Role::Run); });
    connect(remove_, &QToolButton::clicked, this, &DataPanel::removeCurrent);
    connect(up_, &QToolButton::clicked, this, [this] { moveCurrent(-1); });
    connect(down_, &QToolButton::clicked, this, [this] { moveCurrent(+1); });
    connect(color_, &QToolButton::clicked, this, &DataPanel::recolorCurrent);
    connect(locate_, &QToolButton::clicked, this, [this] { chooseLocation(Role::Run); });
    connect(models_, &ModelListModel::edited, this, &DataPanel::modelsEdited);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DataPanel::updateButtons);
    connect(models_, &QAbstractItemModel::modelReset, this, &DataPanel::updateButtons);
    updateButtons();
}

DataPanel::FileRow DataPanel::addFileRow(QGridLayout* grid, int row, const QString& label, Role role,
                                         bool clearable) {
    FileRow r;
    r.label = new QLabel(label, this);
    grid->addWidget(r.label, row, 0);
    r.name = new QLabel(this);
    r.name->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long file name is cut (the tooltip has the path), never widens the column.
    r.name->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    r.name->setMinimumWidth(40);
    grid->addWidget(r.name, row, 1);
    r.choose = new QPushButton(tr("Choose…"), this);
    r.choose->setToolTip(tr("Choose the file and its format"));
    grid->addWidget(r.choose, row, 2);
    connect(r.choose, &QPushButton::clicked, this, [this, role] {
        if (isMissing(role)) chooseLocation(role);
        else chooseFile(role);
    });
    if (clearable) {
        r.clear = toolButton(this, QStyle::SP_DialogDiscardButton, tr("Clear"), tr("Use no file"));
        grid->addWidget(r.clear, row, 3);
        connect(r.clear, &QToolButton::clicked, this, [this, role] { clearFile(role); });
    }
    return r;
}

const DataPanel::FileRow* DataPanel::rowOf(Role role) const {
    switch (role) {
    case Role::Judgments: return &truth_;
    case Role::Exclusions: return &exclusions_;
    case Role::Cohorts: return &cohorts_;
    case Role::Catalog: return &catalog_;
    case Role::ItemAttributes: return &items_;
    case Role::Run: break;
    }
    return nullptr;
}

const WorkspaceFile* DataPanel::fileOf(Role role) const {
    switch (role) {
    case Role::Judgments: return &workspace_.groundTruth;
    case Role::Exclusions: return workspace_.exclusions ? &*workspace_.exclusions : nullptr;
    case Role::Cohorts: return workspace_.cohorts ? &*workspace_.cohorts : nullptr;
    case Role::Catalog: return workspace_.catalog ? &*workspace_.catalog : nullptr;
    case Role::ItemAttributes: return workspace_.items ? &*workspace_.items : nullptr;
    case Role::Run: break;
    }
    return nullptr;
}

QPushButton* DataPanel::chooseButton(Role role) const { return rowOf(role) ? rowOf(role)->choose : nullptr; }

QLabel* DataPanel::fileLabel(Role role) const { return rowOf(role) ? rowOf(role)->name : nullptr; }

bool DataPanel::isMissing(Role role) const {
    if (role == Role::Run) return models_->isMissing(currentModel());
    const WorkspaceFile* file = fileOf(role);
    return file && !file->path.empty() && !dataFileExists(file->path);
}

void DataPanel::showFile(const FileRow& row, const WorkspaceFile* file, const QString& none) {
    const bool missing = file && !file->path.empty() && !dataFileExists(file->path);
    if (!file || file->path.empty()) {
        row.name->setText(QStringLiteral("<i>%1</i>").arg(none));
        row.name->setToolTip({});
    } else if (missing) {
        const QString path = QString::fromStdString(file->path);
        row.name->setText(QStringLiteral("<span style='color:#b00020'>%1</span>")
                              .arg(tr("missing: %1").arg(QFileInfo(path).fileName()).toHtmlEscaped()));
        row.name->setToolTip(tr("%1 was not found; use Locate… to point to where it is now").arg(path));
    } else {
        const QString path = QString::fromStdString(file->path);
        row.name->setText(QFileInfo(path).fileName().toHtmlEscaped());
        row.name->setToolTip(tr("%1\nformat: %2").arg(path, QString::fromStdString(file->format.toString())));
    }
    row.choose->setText(missing ? tr("Locate…") : tr("Choose…"));
    row.choose->setToolTip(missing ? tr("Point to where the file is now (its format and reading stay)")
                                   : tr("Choose the file and its format"));
    if (row.clear) row.clear->setEnabled(file != nullptr);
}

void DataPanel::setWorkspace(const Workspace& workspace) {
    updating_ = true;
    workspace_ = workspace;
    showFile(truth_, &workspace_.groundTruth, tr("none — choose the judged items"));
    showFile(exclusions_, workspace_.exclusions ? &*workspace_.exclusions : nullptr, tr("none"));
    showFile(cohorts_, workspace_.cohorts ? &*workspace_.cohorts : nullptr, tr("none"));
    showFile(catalog_, workspace_.catalog ? &*workspace_.catalog : nullptr, tr("none (the files' items)"));
    showFile(items_, workspace_.items ? &*workspace_.items : nullptr, tr("none"));
    const int current = currentModel();
    models_->setModels(workspace_.models);
    if (current >= 0 && current < models_->rowCount()) selectModel(current);
    updating_ = false;
    updateButtons();
}

void DataPanel::putFile(Workspace& next, const QString& path, Role role, const FormatSpec& format,
                        const std::optional<WorkspaceSettings>& reading, const QString& name) {
    const WorkspaceFile file{QFileInfo(path).absoluteFilePath().toStdString(), format, reading};
    switch (role) {
    case Role::Judgments: next.groundTruth = file; break;
    case Role::Exclusions: next.exclusions = file; break;
    case Role::Cohorts: next.cohorts = file; break;
    case Role::ItemAttributes: next.items = file; break;
    case Role::Catalog: next.catalog = file; break;
    case Role::Run: {
        WorkspaceModel m;
        m.path = file.path;
        m.name = name.trimmed().toStdString();  // empty: the run's tag or the file's name
        m.format = format;
        m.reading = reading;
        next.models.push_back(m);
        break;
    }
    }
}

void DataPanel::addFile(const QString& path, Role role, const FormatSpec& format,
                        const std::optional<WorkspaceSettings>& reading) {
    Workspace next = workspace_;
    putFile(next, path, role, format, reading);
    Q_EMIT workspaceEdited(next);
}

void DataPanel::chooseFile(Role role) {
    const QString folder = AppSettings::startFolder(AppSettings::Folder::Data);
    if (role == Role::Run) {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Add models"), folder, fileFilter());
        if (paths.isEmpty()) return;
        AppSettings::setLastFolder(AppSettings::Folder::Data, paths.first());
        addModels(paths);
        return;
    }
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Choose a %1 file").arg(QString::fromLatin1(roleName(role))), folder, fileFilter());
    if (path.isEmpty()) return;
    AppSettings::setLastFolder(AppSettings::Folder::Data, path);
    if (role == Role::Catalog) {  // one id a line: nothing to map
        addFile(path, role, FormatSpec{}, std::nullopt);
        return;
    }
    ImportDialog dialog(path, role, {}, false, this);
    dialog.setReading(workspace_.settings);
    dialog.setTakenNames(modelNamesOf(workspace_));
    if (dialog.exec() != QDialog::Accepted) return;
    Workspace next = workspace_;
    putFile(next, path, dialog.role(), dialog.format(), dialog.reading(), dialog.modelName());
    Q_EMIT workspaceEdited(next);
}

void DataPanel::addModels(const QStringList& paths) {
    Workspace next = workspace_;
    for (const QString& path : paths) {
        ImportDialog dialog(path, Role::Run, {}, false, this);
        dialog.setReading(workspace_.settings);
        dialog.setTakenNames(modelNamesOf(next));
        if (dialog.exec() == QDialog::Accepted)
            putFile(next, path, Role::Run, dialog.format(), dialog.reading(), dialog.modelName());
    }
    if (!(next == workspace_)) Q_EMIT workspaceEdited(next);
}

void DataPanel::importFiles(const QStringList& paths) { addFiles(paths, false); }

void DataPanel::dropFiles(const QStringList& paths) { addFiles(paths, true); }

void DataPanel::addFiles(const QStringList& paths, bool runsAtOnce) {
    Workspace next = workspace_;
    for (const QString& path : paths) {
        if (runsAtOnce && !next.groundTruth.path.empty() && looksLikeRunFile(path.toStdString())) {
            putFile(next, path, Role::Run, FormatSpec{}, std::nullopt);
            continue;
        }
        const Role guess = next.groundTruth.path.empty() ? Role::Judgments : Role::Run;
        ImportDialog dialog(path, guess, {}, true, this);
        dialog.setReading(workspace_.settings);
        dialog.setTakenNames(modelNamesOf(next));
        if (dialog.exec() == QDialog::Accepted)
            putFile(next, path, dialog.role(), dialog.format(), dialog.reading(), dialog.modelName());
    }
    if (!(next == workspace_)) Q_EMIT workspaceEdited(next);
}

void DataPanel::locateFile(Role role, const QString& path) {
    if (path.isEmpty()) return;
    if (role == Role::Run) {
        models_->setPath(currentModel(), path);  // emits the edit through modelsEdited()
        return;
    }
    Workspace next = workspace_;
    const std::string absolute = QFileInfo(path).absoluteFilePath().toStdString();
    if (role == Role::Judgments) next.groundTruth.path = absolute;
    if (role == Role::Exclusions && next.exclusions) next.exclusions->path = absolute;
    if (role == Role::Cohorts && next.cohorts) next.cohorts->path = absolute;
    if (role == Role::Catalog && next.catalog) next.catalog->path = absolute;
    if (role == Role::ItemAttributes && next.items) next.items->path = absolute;
    if (!(next == workspace_)) Q_EMIT workspaceEdited(next);
}

void DataPanel::chooseLocation(Role role) {
    QString old;
    if (role == Role::Run) {
        const int row = currentModel();
        if (row < 0) return;
        old = QString::fromStdString(models_->models()[std::size_t(row)].path);
    } else if (const WorkspaceFile* file = fileOf(role)) {
        old = QString::fromStdString(file->path);
    }
    const QString name = QFileInfo(old).fileName();
    const QString start = AppSettings::startPath(AppSettings::Folder::Data, name);
    const QString path = QFileDialog::getOpenFileName(this, tr("Locate %1").arg(name), start, fileFilter());
    if (path.isEmpty()) return;
    AppSettings::setLastFolder(AppSettings::Folder::Data, path);
    locateFile(role, path);
}

void DataPanel::clearFile(Role role) {
    Workspace next = workspace_;
    if (role == Role::Exclusions) next.exclusions.reset();
    if (role == Role::Cohorts) next.cohorts.reset();
    if (role == Role::Catalog) next.catalog.reset();
    if (role == Role::ItemAttributes) next.items.reset();
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
    locate_->setEnabled(models_->isMissing(row));
    // A warning icon alone says nothing: with a missing file to point to, "Locate…" beside it.
    locate_->setToolButtonStyle(locate_->isEnabled() ? Qt::ToolButtonTextBesideIcon : Qt::ToolButtonIconOnly);
}

} // namespace ranklab::ui
