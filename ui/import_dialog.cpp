// The import dialog: its controls, the format they say and the preview of a
// text file as read with it. The sample read for the preview is in
// import_dialog_sample.cpp, the handling of bad lines and repeated entries in
// import_dialog_reading.cpp, the model name and the numpy and Parquet
// previews in import_dialog_parts.cpp.
#include "ui/import_dialog.h"

#include <limits>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/dataset_loader.h"
#include "io/format_detection.h"
#include "io/npy_preview.h"
#include "io/npy_run_reader.h"
#include "io/parquet_preview.h"
#include "io/parquet_source.h"
#include "ui/import_preview.h"

namespace ranklab::ui {
namespace {

// The format choices of the combo box, as FormatSpec kind and separator.
struct KindChoice {
    const char* label;
    FormatKind kind;
    Separator separator;
};
const KindChoice kKinds[] = {
    {"Detect automatically", FormatKind::Auto, Separator::Auto},
    {"TREC (qrels or run)", FormatKind::Trec, Separator::Auto},
    {"Tab-separated (TSV)", FormatKind::Delimited, Separator::Tab},
    {"Comma-separated (CSV)", FormatKind::Delimited, Separator::Comma},
    {"Whitespace-separated", FormatKind::Delimited, Separator::Whitespace},
    {"JSON (ranx style)", FormatKind::Json, Separator::Auto},
    {"numpy dense matrix (.npy)", FormatKind::Npy, Separator::Auto},
    {"numpy top-k item indices (.npy)", FormatKind::NpyTopk, Separator::Auto},
    {"numpy archive (.npz)", FormatKind::Npz, Separator::Auto},
    {"Parquet (file, folder of parts or glob)", FormatKind::Parquet, Separator::Auto},
};

bool isNumpy(FormatKind kind) {
    return kind == FormatKind::Npy || kind == FormatKind::NpyTopk || kind == FormatKind::Npz;
}

const Role kRoles[] = {Role::Judgments, Role::Run, Role::Exclusions, Role::Cohorts, Role::ItemAttributes};

QString roleLabel(Role role) {
    switch (role) {
    case Role::Judgments: return ImportDialog::tr("Ground truth");
    case Role::Run: return ImportDialog::tr("Model (scores)");
    case Role::Exclusions: return ImportDialog::tr("Training interactions (exclusions)");
    case Role::Cohorts: return ImportDialog::tr("Cohorts");
    case Role::ItemAttributes: return ImportDialog::tr("Item attributes");
    case Role::Catalog: return ImportDialog::tr("Item catalogue");
    }
    return {};
}

QSpinBox* columnBox(QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setRange(-1, 999);
    box->setSpecialValueText(ImportDialog::tr("auto"));
    box->setToolTip(ImportDialog::tr("0-based column; \"auto\" lets the header or the layout decide"));
    return box;
}

ColumnRef columnRef(const QSpinBox* box) {
    ColumnRef ref;
    ref.index = box->value();
    return ref;
}

} // namespace

ImportDialog::ImportDialog(const QString& path, Role role, const FormatSpec& format, bool chooseRole, QWidget* parent)
    : QDialog(parent), path_(path) {
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Add %1").arg(QFileInfo(path).fileName()));
    numpyKind_ = detectNumpyFormat(path.toStdString());
    parquet_ = !numpyKind_ && looksLikeParquet(path.toStdString());
    if (!numpyKind_ && !parquet_) {
        try {
            sample_ = readSample(path);
        } catch (const std::exception& e) {
            readError_ = QString::fromStdString(e.what());
        }
    }
    buildControls(chooseRole);
    suggestName({});  // the file's name until its format says more (a TREC run's tag)
    setRole(numpyKind_ ? Role::Run : role);
    // A numpy or Parquet input opens on its detected kind, so its options can be set.
    if ((numpyKind_ || parquet_) && format.kind == FormatKind::Auto) {
        FormatSpec detected = format;
        detected.kind = numpyKind_ ? *numpyKind_ : FormatKind::Parquet;
        setFormat(detected);
    } else {
        setFormat(format);
    }
    resize(720, 560);
}

void ImportDialog::buildControls(bool chooseRole) {
    auto* layout = new QVBoxLayout(this);
    auto* pathLabel = new QLabel(QStringLiteral("<b>%1</b>").arg(path_.toHtmlEscaped()), this);
    pathLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pathLabel->setWordWrap(true);
    layout->addWidget(pathLabel);

    text_ = new QPlainTextEdit(this);
    text_->setReadOnly(true);
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text_->setMaximumHeight(fontMetrics().lineSpacing() * 8);
    const QStringList lines = QString::fromUtf8(sample_.data(), qsizetype(sample_.size())).split(QLatin1Char('\n'));
    text_->setPlainText(numpyKind_ ? tr("(a binary numpy file: its arrays are shown below)")
                        : parquet_ ? tr("(Parquet, read through DuckDB: its columns and first rows are shown below)")
                                   : lines.mid(0, 12).join(QLatin1Char('\n')));
    layout->addWidget(new QLabel(tr("First lines of the file:"), this));
    layout->addWidget(text_);

    auto* form = new QFormLayout;
    roleBox_ = new QComboBox(this);
    for (Role r : kRoles) roleBox_->addItem(roleLabel(r), int(r));
    roleBox_->setEnabled(chooseRole);
    form->addRow(tr("Use as:"), roleBox_);
    nameEdit_ = new QLineEdit(this);
    nameEdit_->setObjectName(QStringLiteral("modelName"));
    nameEdit_->setAccessibleName(tr("Model name"));
    nameEdit_->setToolTip(tr("The name the model is shown and reported under. Two files with one name are read as "
                             "repeated runs of that model (seeds, folds)."));
    nameNote_ = new QLabel(this);
    nameNote_->setObjectName(QStringLiteral("modelNameNote"));
    nameNote_->setWordWrap(true);
    auto* nameColumn = new QVBoxLayout;
    nameColumn->setContentsMargins(0, 0, 0, 0);
    nameColumn->addWidget(nameEdit_);
    nameColumn->addWidget(nameNote_);
    form->addRow(tr("Model &name:"), nameColumn);
    connect(nameEdit_, &QLineEdit::textEdited, this, [this] {
        nameTyped_ = true;
        updateNameNote();
    });
    kindBox_ = new QComboBox(this);
    for (const KindChoice& k : kKinds) kindBox_->addItem(tr(k.label));
    form->addRow(tr("Format:"), kindBox_);
    headerBox_ = new QComboBox(this);
    headerBox_->addItems({tr("Detect automatically"), tr("First line is a header"), tr("No header")});
    form->addRow(tr("Header:"), headerBox_);
    auto* columns = new QHBoxLayout;
    userBox_ = columnBox(this);
    itemBox_ = columnBox(this);
    valueBox_ = columnBox(this);
    userBox_->setObjectName(QStringLiteral("userColumn"));
    itemBox_->setObjectName(QStringLiteral("itemColumn"));
    valueBox_->setObjectName(QStringLiteral("valueColumn"));
    valueLabel_ = new QLabel(this);
    columns->addWidget(new QLabel(tr("user"), this));
    columns->addWidget(userBox_);
    columns->addSpacing(12);
    columns->addWidget(new QLabel(tr("item"), this));
    columns->addWidget(itemBox_);
    columns->addSpacing(12);
    columns->addWidget(valueLabel_);
    columns->addWidget(valueBox_);
    columns->addStretch(1);
    form->addRow(tr("Columns:"), columns);
    auto* numpy = new QHBoxLayout;
    auto lineEdit = [this](const char* name, const QString& tip) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QString::fromLatin1(name));
        edit->setToolTip(tip);
        connect(edit, &QLineEdit::editingFinished, this, &ImportDialog::update);
        return edit;
    };
    usersEdit_ = lineEdit("numpyUsers", tr("One user id a line: line r+1 names row r (empty: the row index is the id)"));
    itemsEdit_ = lineEdit("numpyItems", tr("One item id a line: line c+1 names column / index c (empty: the index is the id)"));
    scoresEdit_ = lineEdit("numpyScores", tr("Top-k only: the scores, same shape (empty: the score is -rank)"));
    padBox_ = new QSpinBox(this);
    padBox_->setObjectName(QStringLiteral("numpyPad"));
    padBox_->setRange(-1, std::numeric_limits<int>::max());
    padBox_->setSpecialValueText(tr("none"));
    padBox_->setValue(-1);
    padBox_->setToolTip(tr("Top-k only: an item index that is padding, dropped"));
    connect(padBox_, &QSpinBox::valueChanged, this, &ImportDialog::update);
    numpy->addWidget(new QLabel(tr("users"), this));
    numpy->addWidget(usersEdit_, 1);
    numpy->addWidget(new QLabel(tr("items"), this));
    numpy->addWidget(itemsEdit_, 1);
    numpy->addWidget(new QLabel(tr("scores"), this));
    numpy->addWidget(scoresEdit_, 1);
    numpy->addWidget(new QLabel(tr("pad"), this));
    numpy->addWidget(padBox_);
    form->addRow(tr("numpy:"), numpy);
    auto* lists = new QHBoxLayout;
    listItemsEdit_ = lineEdit("parquetItems", tr("Parquet list layout: the column holding each user's items (one row per user)"));
    listScoresEdit_ = lineEdit("parquetScores", tr("Parquet list layout: the column of the items' scores (empty: the list order is the ranking)"));
    lists->addWidget(new QLabel(tr("items list"), this));
    lists->addWidget(listItemsEdit_, 1);
    lists->addWidget(new QLabel(tr("scores list"), this));
    lists->addWidget(listScoresEdit_, 1);
    form->addRow(tr("Parquet:"), lists);
    form->addRow(tr("Reading:"), buildReadingRow());
    layout->addLayout(form);

    result_ = new QLabel(this);
    result_->setWordWrap(true);
    result_->setObjectName(QStringLiteral("importResult"));
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(result_);

    table_ = new QTableWidget(this);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    layout->addWidget(table_, 1);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons_);

    for (QComboBox* box : {roleBox_, kindBox_, headerBox_})
        connect(box, &QComboBox::currentIndexChanged, this, &ImportDialog::update);
    for (QSpinBox* box : {userBox_, itemBox_, valueBox_})
        connect(box, &QSpinBox::valueChanged, this, &ImportDialog::update);
}

Role ImportDialog::role() const { return Role(roleBox_->currentData().toInt()); }

void ImportDialog::setRole(Role role) { roleBox_->setCurrentIndex(roleBox_->findData(int(role))); }

FormatSpec ImportDialog::format() const {
    FormatSpec spec;
    const KindChoice& k = kKinds[std::max(0, kindBox_->currentIndex())];
    spec.kind = k.kind;
    spec.separator = k.separator;
    if (isNumpy(spec.kind)) {
        spec.usersFile = usersEdit_->text().trimmed().toStdString();
        spec.itemsFile = itemsEdit_->text().trimmed().toStdString();
        if (spec.kind == FormatKind::NpyTopk) spec.scoresFile = scoresEdit_->text().trimmed().toStdString();
        if (spec.kind != FormatKind::Npy && padBox_->value() >= 0) spec.pad = padBox_->value();
        return spec;
    }
    if (spec.kind == FormatKind::Parquet) {
        // Columns by index (the preview numbers them), or the list layout by name.
        if (userBox_->value() >= 0) spec.user = columnRef(userBox_);
        spec.parquet.items = listItemsEdit_->text().trimmed().toStdString();
        spec.parquet.scores = listScoresEdit_->text().trimmed().toStdString();
        if (!spec.parquet.items.empty()) return spec;
        if (itemBox_->value() >= 0) spec.item = columnRef(itemBox_);
        if (valueBox_->value() >= 0 && valueBox_->isEnabled()) spec.value = columnRef(valueBox_);
        return spec;
    }
    const bool columnsApply = spec.kind == FormatKind::Auto || spec.kind == FormatKind::Delimited;
    if (!columnsApply) return spec;
    spec.header = HeaderMode(headerBox_->currentIndex());  // Auto, Yes, No in order
    if (userBox_->value() >= 0) spec.user = columnRef(userBox_);
    if (itemBox_->value() >= 0) spec.item = columnRef(itemBox_);
    if (valueBox_->value() >= 0 && valueBox_->isEnabled()) spec.value = columnRef(valueBox_);
    return spec;
}

void ImportDialog::setFormat(const FormatSpec& format) {
    updating_ = true;
    int kind = 0;
    for (int i = 0; i < int(std::size(kKinds)); ++i)
        if (kKinds[i].kind == format.kind && (format.kind != FormatKind::Delimited || kKinds[i].separator == format.separator))
            kind = i;
    kindBox_->setCurrentIndex(kind);
    headerBox_->setCurrentIndex(int(format.header));
    userBox_->setValue(format.user.index);
    itemBox_->setValue(format.item.index);
    valueBox_->setValue(format.value.index);
    usersEdit_->setText(QString::fromStdString(format.usersFile));
    itemsEdit_->setText(QString::fromStdString(format.itemsFile));
    scoresEdit_->setText(QString::fromStdString(format.scoresFile));
    padBox_->setValue(format.pad ? int(*format.pad) : -1);
    listItemsEdit_->setText(QString::fromStdString(format.parquet.items));
    listScoresEdit_->setText(QString::fromStdString(format.parquet.scores));
    updating_ = false;
    update();
}

void ImportDialog::update() {
    if (updating_) return;
    const Role r = role();
    const bool hasValue = valueName(r)[0] != '\0';
    valueLabel_->setText(hasValue ? QString::fromLatin1(valueName(r)) : tr("(no value)"));
    valueBox_->setEnabled(hasValue);
    const FormatKind kind = kKinds[std::max(0, kindBox_->currentIndex())].kind;
    const bool columnsApply = kind == FormatKind::Auto || kind == FormatKind::Delimited || kind == FormatKind::Parquet;
    for (QWidget* w : {static_cast<QWidget*>(headerBox_), static_cast<QWidget*>(userBox_),
                       static_cast<QWidget*>(itemBox_)})
        w->setEnabled(columnsApply);
    headerBox_->setEnabled(columnsApply && kind != FormatKind::Parquet);
    if (!columnsApply) valueBox_->setEnabled(false);
    listItemsEdit_->setEnabled(kind == FormatKind::Parquet);
    listScoresEdit_->setEnabled(kind == FormatKind::Parquet);
    usersEdit_->setEnabled(isNumpy(kind));
    itemsEdit_->setEnabled(isNumpy(kind));
    scoresEdit_->setEnabled(kind == FormatKind::NpyTopk);
    padBox_->setEnabled(kind == FormatKind::NpyTopk || kind == FormatKind::Npz);

    detected_.clear();
    problem_ = readError_;
    keepTable_ = false;
    if (isNumpy(kind) || (numpyKind_ && kind == FormatKind::Auto)) {
        previewNumpyFile(r);
    } else if (numpyKind_) {
        problem_ = tr("the file is a numpy array; choose a numpy format");
    } else if (kind == FormatKind::Parquet || (parquet_ && kind == FormatKind::Auto)) {
        previewParquetFile(r);
    } else if (parquet_) {
        problem_ = tr("the input is Parquet; choose the Parquet format");
    } else if (problem_.isEmpty()) {
        try {
            ResolvedFormat resolved = resolveFormat(sample_, r, format(), path_.toStdString());
            detected_ = QString::fromStdString(resolved.describe(r));
            if (!nameTyped_) suggestName(resolved.tag);
            fillImportPreview(table_, sample_, resolved, r);
        } catch (const InputError& e) {
            problem_ = QString::fromStdString(e.problem());
        } catch (const std::exception& e) {
            problem_ = QString::fromStdString(e.what());
        }
    }
    if (problem_.isEmpty()) {
        result_->setText(tr("Reads as: <b>%1</b>").arg(detected_.toHtmlEscaped()));
    } else {
        result_->setText(tr("<span style='color:#b00020'>Cannot read it this way: %1</span>").arg(problem_.toHtmlEscaped()));
        if (!keepTable_) {
            table_->clear();
            table_->setRowCount(0);
            table_->setColumnCount(0);
        }
    }
    updateNameNote();
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem_.isEmpty());
}

} // namespace ranklab::ui
