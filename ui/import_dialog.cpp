#include "ui/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/format_detection.h"
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
};

const Role kRoles[] = {Role::Judgments, Role::Run, Role::Exclusions, Role::Cohorts};

QString roleLabel(Role role) {
    switch (role) {
    case Role::Judgments: return ImportDialog::tr("Ground truth");
    case Role::Run: return ImportDialog::tr("Model (scores)");
    case Role::Exclusions: return ImportDialog::tr("Exclusions");
    case Role::Cohorts: return ImportDialog::tr("Cohorts");
    case Role::ItemAttributes: return ImportDialog::tr("Item attributes");
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

std::string ImportDialog::readSample(const QString& path, std::size_t bytes) {
    // A FIFO, a pipe or a device can be read only once: the preview would use
    // up its first lines (or wait for a writer), and the load would then miss
    // them. Refused before it is opened.
    const std::string file = path.toStdString();
    std::error_code error;
    const auto type = std::filesystem::status(file, error).type();
    if (type == std::filesystem::file_type::fifo || type == std::filesystem::file_type::character ||
        type == std::filesystem::file_type::block || type == std::filesystem::file_type::socket)
        throw Error(file + ": a pipe, FIFO or device can be read only once, so the workbench cannot preview and "
                           "then load it; save it to a file first (ranklab-cli reads pipes directly)");
    auto source = ByteSource::open(file);
    std::string sample(bytes, '\0');
    std::size_t filled = 0;
    while (filled < bytes) {
        std::size_t n = source->read(sample.data() + filled, bytes - filled);
        if (n == 0) break;
        filled += n;
    }
    const bool whole = filled < bytes;
    sample.resize(filled);
    if (sample.rfind("\xEF\xBB\xBF", 0) == 0) sample.erase(0, 3);
    if (!whole) {
        auto end = sample.rfind('\n');
        if (end != std::string::npos) sample.resize(end + 1);
    }
    return sample;
}

ImportDialog::ImportDialog(const QString& path, Role role, const FormatSpec& format, bool chooseRole, QWidget* parent)
    : QDialog(parent), path_(path) {
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Add %1").arg(QFileInfo(path).fileName()));
    try {
        sample_ = readSample(path);
    } catch (const std::exception& e) {
        readError_ = QString::fromStdString(e.what());
    }
    buildControls(chooseRole);
    setRole(role);
    setFormat(format);
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
    text_->setPlainText(lines.mid(0, 12).join(QLatin1Char('\n')));
    layout->addWidget(new QLabel(tr("First lines of the file:"), this));
    layout->addWidget(text_);

    auto* form = new QFormLayout;
    roleBox_ = new QComboBox(this);
    for (Role r : kRoles) roleBox_->addItem(roleLabel(r), int(r));
    roleBox_->setEnabled(chooseRole);
    form->addRow(tr("Use as:"), roleBox_);
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
    auto* reading = new QHBoxLayout;
    skipBox_ = new QCheckBox(tr("&Skip bad lines"), this);
    skipBox_->setObjectName(QStringLiteral("skipBadLines"));
    skipBox_->setToolTip(tr("Skip and count lines that do not read (the first ones are listed after loading) "
                            "instead of stopping at the first"));
    duplicatesBox_ = new QComboBox(this);
    duplicatesBox_->setObjectName(QStringLiteral("duplicatePolicy"));
    duplicatesBox_->addItem(tr("are an error"), int(DuplicatePolicy::Error));
    duplicatesBox_->addItem(tr("keep the first"), int(DuplicatePolicy::First));
    duplicatesBox_->addItem(tr("keep the largest value"), int(DuplicatePolicy::Max));
    duplicatesBox_->setToolTip(tr("A repeated (user, item) with another score or grade: stop with an error, keep "
                                  "the first line's value, or the largest. Identical repeats are always merged."));
    reading->addWidget(skipBox_);
    reading->addSpacing(16);
    reading->addWidget(new QLabel(tr("Repeated entries:"), this));
    reading->addWidget(duplicatesBox_);
    reading->addStretch(1);
    form->addRow(tr("Reading:"), reading);
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

WorkspaceSettings ImportDialog::reading() const {
    WorkspaceSettings r;
    r.skipBadLines = skipBox_->isChecked();
    r.duplicates = DuplicatePolicy(duplicatesBox_->currentData().toInt());
    return r;
}

void ImportDialog::setReading(const WorkspaceSettings& reading) {
    skipBox_->setChecked(reading.skipBadLines);
    duplicatesBox_->setCurrentIndex(std::max(0, duplicatesBox_->findData(int(reading.duplicates))));
}

Role ImportDialog::role() const { return Role(roleBox_->currentData().toInt()); }

void ImportDialog::setRole(Role role) { roleBox_->setCurrentIndex(roleBox_->findData(int(role))); }

FormatSpec ImportDialog::format() const {
    FormatSpec spec;
    const KindChoice& k = kKinds[std::max(0, kindBox_->currentIndex())];
    spec.kind = k.kind;
    spec.separator = k.separator;
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
    const bool columnsApply = kind == FormatKind::Auto || kind == FormatKind::Delimited;
    for (QWidget* w : {static_cast<QWidget*>(headerBox_), static_cast<QWidget*>(userBox_),
                       static_cast<QWidget*>(itemBox_)})
        w->setEnabled(columnsApply);
    if (!columnsApply) valueBox_->setEnabled(false);

    detected_.clear();
    problem_ = readError_;
    if (problem_.isEmpty()) {
        try {
            ResolvedFormat resolved = resolveFormat(sample_, r, format(), path_.toStdString());
            detected_ = QString::fromStdString(resolved.describe(r));
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
        table_->clear();
        table_->setRowCount(0);
        table_->setColumnCount(0);
    }
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem_.isEmpty());
}

} // namespace ranklab::ui
