#include "report/text_table.h"

#include <algorithm>

namespace ranklab {
namespace {

std::size_t displayWidth(const std::string& text) {
    std::size_t n = 0;
    for (unsigned char c : text) n += (c & 0xC0) != 0x80;
    return n;
}

} // namespace

TextTable::TextTable(std::vector<std::string> header, std::vector<Align> align)
    : header_(std::move(header)), align_(std::move(align)) {
    align_.resize(header_.size(), Align::Left);
}

void TextTable::addRow(std::vector<std::string> cells) {
    cells.resize(header_.size());
    rows_.push_back(std::move(cells));
}

std::string TextTable::render() const {
    std::vector<std::size_t> width(header_.size(), 0);
    for (std::size_t c = 0; c < header_.size(); ++c) {
        width[c] = displayWidth(header_[c]);
        for (const auto& row : rows_) width[c] = std::max(width[c], displayWidth(row[c]));
    }
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            std::string pad(width[c] - displayWidth(cells[c]), ' ');
            bool last = c + 1 == cells.size();
            if (align_[c] == Align::Right) out += pad + cells[c];
            else out += cells[c] + (last ? "" : pad);
            if (!last) out += "  ";
        }
        return out + '\n';
    };
    std::string out = line(header_);
    std::size_t total = 0;
    for (auto w : width) total += w;
    out += std::string(total + 2 * (width.empty() ? 0 : width.size() - 1), '-') + '\n';
    for (const auto& row : rows_) out += line(row);
    return out;
}

} // namespace ranklab
