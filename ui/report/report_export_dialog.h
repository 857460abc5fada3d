#pragma once
// File → Export Report…: the file (.html: one self-contained page; .pdf:
// a paginated PDF), the report's title and which sections it holds (check
// boxes, every one checked at first). The last folder is remembered.
#include <QDialog>

#include <map>
#include <string>

#include "ui/report/report_export.h"

class QCheckBox;
class QLabel;
class QLineEdit;

namespace ranklab::ui {

class ReportExportDialog : public QDialog {
    Q_OBJECT

public:
    // `restrictedTo`: the number of selected users the report is restricted to (0: all users).
    explicit ReportExportDialog(std::size_t restrictedTo = 0, QWidget* parent = nullptr);

    ReportChoice choice() const;
    // For tests and scripted use.
    void setPath(const QString& path);
    void setTitle(const QString& title);
    QCheckBox* sectionBox(const std::string& section) const;

    void accept() override;

private:
    void browse();

    QLineEdit* path_;
    QLineEdit* title_;
    std::map<std::string, QCheckBox*> sections_;
};

} // namespace ranklab::ui
