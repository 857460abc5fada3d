#pragma once
// File → Export Chart: where and how to write the chart of the current view:
// the file (its extension picks PNG, SVG or PDF), the PNG's pixel size and
// DPI (SVG and PDF get the same layout as vectors), and the caption line
// (prefilled with the settings that made the chart; it can be edited or
// left out). The last size, DPI and folder are remembered.
#include <QDialog>

#include "ui/charts/chart_export.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace ranklab::ui {

class ChartExportDialog : public QDialog {
    Q_OBJECT

public:
    // `baseName`: the suggested file name without extension.
    ChartExportDialog(const QString& baseName, const QString& caption, QWidget* parent = nullptr);

    QString path() const;
    ChartFormat format() const;
    ChartExportOptions options() const;

    // For tests and scripted use.
    void setPath(const QString& path);
    void setPixels(QSize pixels);
    void setDpi(int dpi);
    void setCaptionShown(bool shown);

    QLineEdit* pathEdit() const { return path_; }
    QComboBox* formatBox() const { return format_; }

    void accept() override;

private:
    void browse();
    void syncFormatFromPath();
    void syncPathFromFormat();
    void updateSizeNote();

    QLineEdit* path_;
    QComboBox* format_;
    QSpinBox* width_;
    QSpinBox* height_;
    QSpinBox* dpi_;
    QCheckBox* captionShown_;
    QLineEdit* caption_;
    QLabel* sizeNote_;
    QDialogButtonBox* buttons_;
};

// Builds the chart `makeChart` returns in the print theme and writes it
// with `options`. False with `error` set when there is no chart or the file
// cannot be written (the file is then left as it was).
bool writeChartFile(std::unique_ptr<QChart> chart, const QString& path, ChartFormat format,
                    const ChartExportOptions& options, QString* error);

} // namespace ranklab::ui
