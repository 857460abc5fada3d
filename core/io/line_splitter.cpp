#include "io/line_splitter.h"

namespace ranklab {
namespace {

void splitOnBlanks(std::string_view line, std::vector<Field>& fields, std::size_t limit) {
    const char* const begin = line.data();
    const char* const end = begin + line.size();
    const char* p = begin;
    while (true) {
        while (p != end && isBlank(*p)) ++p;
        if (p == end || fields.size() == limit) return;
        const char* start = p;
        while (p != end && !isBlank(*p)) ++p;
        fields.push_back({std::string_view(start, static_cast<std::size_t>(p - start)),
                          static_cast<std::uint32_t>(start - begin + 1)});
    }
}

Field trimmed(std::string_view line, std::size_t start, std::size_t end) {
    while (start < end && line[start] == ' ') ++start;
    while (end > start && line[end - 1] == ' ') --end;
    return {line.substr(start, end - start), static_cast<std::uint32_t>(start + 1)};
}

void splitOnChar(std::string_view line, char separator, std::vector<Field>& fields, std::size_t limit) {
    std::size_t start = 0;
    while (fields.size() < limit) {
        std::size_t end = line.find(separator, start);
        if (end == std::string_view::npos) {
            fields.push_back(trimmed(line, start, line.size()));
            return;
        }
        fields.push_back(trimmed(line, start, end));
        start = end + 1;
    }
}

bool splitCsv(std::string_view line, std::vector<Field>& fields, std::deque<std::string>& scratch,
              std::uint32_t& errorColumn, std::size_t limit) {
    std::size_t i = 0;
    const std::size_t n = line.size();
    while (fields.size() < limit) {
        std::size_t start = i;
        while (i < n && line[i] == ' ') ++i;
        if (i < n && line[i] == '"') {
            std::size_t open = i++;
            std::size_t contentStart = i;
            bool escaped = false;
            while (true) {
                if (i >= n) {
                    errorColumn = static_cast<std::uint32_t>(open + 1);
                    return false;
                }
                if (line[i] == '"') {
                    if (i + 1 < n && line[i + 1] == '"') {
                        escaped = true;
                        i += 2;
                        continue;
                    }
                    break;
                }
                ++i;
            }
            std::string_view content = line.substr(contentStart, i - contentStart);
            ++i;  // closing quote
            while (i < n && line[i] == ' ') ++i;
            if (i < n && line[i] != ',') {
                errorColumn = static_cast<std::uint32_t>(i + 1);
                return false;
            }
            if (escaped) {
                std::string plain;
                plain.reserve(content.size());
                for (std::size_t k = 0; k < content.size(); ++k) {
                    plain += content[k];
                    if (content[k] == '"') ++k;
                }
                scratch.push_back(std::move(plain));
                content = scratch.back();
            }
            fields.push_back({content, static_cast<std::uint32_t>(open + 1)});
        } else {
            while (i < n && line[i] != ',') ++i;
            fields.push_back(trimmed(line, start, i));
        }
        if (i >= n) return true;
        ++i;  // the comma
    }
    return true;
}

} // namespace

bool LineSplitter::split(std::string_view line, std::vector<Field>& fields, std::deque<std::string>& scratch,
                         std::uint32_t& errorColumn) const {
    fields.clear();
    switch (separator_) {
    case Separator::Tab: splitOnChar(line, '\t', fields, limit_); return true;
    case Separator::Comma: return splitCsv(line, fields, scratch, errorColumn, limit_);
    default: splitOnBlanks(line, fields, limit_); return true;
    }
}

} // namespace ranklab
