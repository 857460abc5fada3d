#include "shard/per_user_file.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

#include "common/error.h"

namespace ranklab::shard {

namespace {

std::vector<std::string_view> fields(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t tab = line.find('\t', start);
        out.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
        if (tab == std::string_view::npos) return out;
        start = tab + 1;
    }
}

double number(std::string_view text, bool& ok) {
    ok = true;
    if (text == "nan" || text == "NaN" || text == "-nan") return std::numeric_limits<double>::quiet_NaN();
    if (text == "inf") return std::numeric_limits<double>::infinity();
    if (text == "-inf") return -std::numeric_limits<double>::infinity();
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    ok = ec == std::errc() && end == text.data() + text.size() && !text.empty();
    return v;
}

} // namespace

PerUserRows readPerUserFile(const std::string& text, const std::string& fileName, std::size_t firstLine) {
    PerUserRows out;
    std::size_t lineNumber = 0, start = 0;
    const auto fail = [&](std::size_t column, const std::string& what) {
        const std::size_t line = lineNumber == 1 ? 1 : lineNumber - 2 + firstLine;
        return Error(fileName + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what);
    };
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const auto f = fields(line);
        if (lineNumber == 1) {
            if (f.size() < 3 || f[0] != "user" || f[1] != "model")
                throw fail(1, "expected the header `user<TAB>model<TAB>metric...` of `ranklab-cli eval --per-user`");
            for (std::size_t i = 2; i < f.size(); ++i) out.metrics.emplace_back(f[i]);
            continue;
        }
        if (line.empty()) continue;
        if (f.size() != out.metrics.size() + 2)
            throw fail(1, "expected " + std::to_string(out.metrics.size() + 2) + " tab-separated fields, found " +
                              std::to_string(f.size()));
        PerUserRows::Row row;
        row.user = std::string(f[0]);
        row.model = std::string(f[1]);
        std::size_t column = f[0].size() + f[1].size() + 3;
        for (std::size_t i = 2; i < f.size(); ++i) {
            bool ok = false;
            row.values.push_back(number(f[i], ok));
            if (!ok) throw fail(column, "expected a number for " + out.metrics[i - 2] + ", found \"" + std::string(f[i]) + "\"");
            column += f[i].size() + 1;
        }
        out.rows.push_back(std::move(row));
    }
    if (lineNumber == 0) throw Error(fileName + ": empty: expected the per-user values of `ranklab-cli eval --per-user`");
    return out;
}

} // namespace ranklab::shard
