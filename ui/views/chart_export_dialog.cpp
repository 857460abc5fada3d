#include "ui/views/chart_export_dialog.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/app_settings.h"
#include "ui/charts/chart_theme.h"

namespace ranklab::ui {
namespace {

struct FormatInfo {
    ChartFormat format;
    const char* label;
    const char* extension;
};
constexpr FormatInfo kFormats[] = {
    {ChartFormat::Png, "PNG image", "png"},
    {ChartFormat::Svg, "SVG vector image", "svg"},
    {ChartFormat::Pdf, "PDF document (one page)", "pdf"},
};

QString withExtension(const QString& path, const char* extension) {
    const QFileInfo info(path);
    const QString base = info.suffix().isEmpty() ? path : path.left(path.size() - info.suffix().size() - 1);
    return base + QLatin1Char('.') + QLatin1String(extension);
}

} // namespace

ChartExportDialog::ChartExportDialog(const QString& baseName, const QString& caption, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export Chart"));
    setObjectName(QStringLiteral("chartExportDialog"));

    path_ = new QLineEdit(this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    path_->setText(AppSettings::startPath(AppSettings::Folder::Export, baseName + QStringLiteral(".png")));

    format_ = new QComboBox(this);
    for (const FormatInfo& f : kFormats)
        format_->addItem(tr(f.label) + QStringLiteral(" (*.%1)").arg(QLatin1String(f.extension)), int(f.format));

    const QSize pixels = AppSettings::chartExportPixels();
    width_ = new QSpinBox(this);
    height_ = new QSpinBox(this);
    for (QSpinBox* box : {width_, height_}) {
        box->setRange(16, 20000);
        box->setSuffix(tr(" px"));
    }
    width_->setValue(pixels.width());
    height_->setValue(pixels.height());
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(height_);
    sizeRow->addStretch(1);

    dpi_ = new QSpinBox(this);
    dpi_->setRange(72, 1200);
    dpi_->setValue(qBound(72, AppSettings::chartExportDpi(), 1200));
    dpi_->setSuffix(tr(" dpi"));
    sizeNote_ = new QLabel(this);
    sizeNote_->setWordWrap(true);

    captionShown_ = new QCheckBox(tr("Caption line under the chart"), this);
    captionShown_->setChecked(!caption.isEmpty());
    caption_ = new QLineEdit(caption, this);
    caption_->setToolTip(tr("What made the chart: metric, tie and users policies, number of users"));

    auto* form = new QFormLayout;
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Format:"), format_);
    form->addRow(tr("Size:"), sizeRow);
    form->addRow(tr("Resolution:"), dpi_);
    form->addRow(QString(), sizeNote_);
    form->addRow(QString(), captionShown_);
    form->addRow(tr("Caption:"), caption_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons_);
    setMinimumWidth(560);

    connect(browse, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(path_, &QLineEdit::textEdited, this, &ChartExportDialog::syncFormatFromPath);
    connect(format_, &QComboBox::activated, this, &ChartExportDialog::syncPathFromFormat);
    connect(captionShown_, &QCheckBox::toggled, caption_, &QWidget::setEnabled);
    for (QSpinBox* box : {width_, height_, dpi_})
        connect(box, &QSpinBox::valueChanged, this, &ChartExportDialog::updateSizeNote);
    connect(buttons_, &QDialogButtonBox::accepted, this, &ChartExportDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    caption_->setEnabled(captionShown_->isChecked());
    updateSizeNote();
}

QString ChartExportDialog::path() const { return path_->text().trimmed(); }

ChartFormat ChartExportDialog::format() const { return ChartFormat(format_->currentData().toInt()); }

ChartExportOptions ChartExportDialog::options() const {
    ChartExportOptions o;
    o.pixels = QSize(width_->value(), height_->value());
    o.dpi = dpi_->value();
    if (captionShown_->isChecked()) o.caption = caption_->text().trimmed();
    return o;
}

void ChartExportDialog::setPath(const QString& path) {
    path_->setText(path);
    syncFormatFromPath();
}

void ChartExportDialog::setPixels(QSize pixels) {
    width_->setValue(pixels.width());
    height_->setValue(pixels.height());
}

void ChartExportDialog::setDpi(int dpi) { dpi_->setValue(dpi); }

void ChartExportDialog::setCaptionShown(bool shown) { captionShown_->setChecked(shown); }

void ChartExportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export Chart"), path(), tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"));
    if (!chosen.isEmpty()) setPath(chosen);
}

void ChartExportDialog::syncFormatFromPath() {
    if (const auto f = chartFormatForPath(path())) format_->setCurrentIndex(format_->findData(int(*f)));
    updateSizeNote();
}

void ChartExportDialog::syncPathFromFormat() {
    for (const FormatInfo& f : kFormats)
        if (f.format == format()) path_->setText(withExtension(path(), f.extension));
    updateSizeNote();
}

void ChartExportDialog::updateSizeNote() {
    const QSizeF layout = chartLayoutSize(options());
    const QString inches = tr("%1 × %2 in").arg(width_->value() / double(dpi_->value()), 0, 'f', 2)
                               .arg(height_->value() / double(dpi_->value()), 0, 'f', 2);
    sizeNote_->setText(format() == ChartFormat::Png
                           ? tr("Printed at %1; fonts keep their point size (laid out at %2 × %3).")
                                 .arg(inches).arg(qRound(layout.width())).arg(qRound(layout.height()))
                           : tr("A vector page of %1, laid out like the PNG at this size and DPI.").arg(inches));
}

void ChartExportDialog::accept() {
    const auto byExtension = chartFormatForPath(path());
    if (path().isEmpty() || !byExtension) {
        QMessageBox::warning(this, tr("Export Chart"),
                             tr("The file name must end in .png, .svg or .pdf: the extension picks the format."));
        return;
    }
    AppSettings::setChartExport(options().pixels, options().dpi);
    AppSettings::setLastFolder(AppSettings::Folder::Export, path());
    QDialog::accept();
}

bool writeChartFile(std::unique_ptr<QChart> chart, const QString& path, ChartFormat format,
                    const ChartExportOptions& options, QString* error) {
    if (!chart) {
        if (error) *error = QObject::tr("There is no chart to export yet.");
        return false;
    }
    applyPrintTheme(chart.get());
    return exportChart(chart.get(), path, format, options, error);
}

} // namespace ranklab::ui
