#pragma once
// A plain-text table with aligned columns, for terminals.
#include <string>
#include <vector>

namespace ranklab {

class TextTable {
public:
    enum class Align { Left, Right };

    explicit TextTable(std::vector<std::string> header, std::vector<Align> align = {});
    void addRow(std::vector<std::string> cells);
    // Columns separated by two spaces, a rule under the header. Widths count
    // UTF-8 code points.
    std::string render() const;

private:
    std::vector<std::string> header_;
    std::vector<Align> align_;
    std::vector<std::vector<std::string>> rows_;
};

} // namespace ranklab
