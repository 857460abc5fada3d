#include "io/line_parser.h"

#include <algorithm>
#include <cstring>

#include "io/number.h"

namespace ranklab {

LineParser::LineParser(Role role, const ResolvedFormat& format, std::deque<std::string>& scratch)
    : role_(role), format_(format), splitter_(format.separator), scratch_(scratch) {
    fields_.reserve(std::max<std::size_t>(format.fieldCount, 8));
}

LineParser::Outcome LineParser::bad(LineProblem& problem, std::uint32_t column, std::string message,
                                    std::string_view text) {
    problem.column = column;
    problem.problem = std::move(message);
    problem.text = std::string(text.substr(0, 200));
    return Outcome::Bad;
}

std::string LineParser::fieldCountMessage(std::size_t found) const {
    std::string expected = "expected " + std::to_string(format_.fieldCount) + " fields";
    if (format_.kind == FormatKind::Trec)
        expected += role_ == Role::Run ? " (user Q0 item rank score tag)" : " (user 0 item grade)";
    else if (format_.header)
        expected += " (as in the header)";
    else
        expected += " (as on the first line)";
    return expected + ", found " + std::to_string(found);
}

LineParser::Outcome LineParser::parse(std::string_view line, ParsedLine& out, LineProblem& problem) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t firstChar = 0;
    while (firstChar < line.size() && isBlank(line[firstChar])) ++firstChar;
    if (firstChar == line.size()) return Outcome::Skip;
    if (format_.comments && line[firstChar] == '#') return Outcome::Skip;
    if (const void* nul = std::memchr(line.data(), '\0', line.size())) {
        auto column = static_cast<std::uint32_t>(static_cast<const char*>(nul) - line.data() + 1);
        return bad(problem, column, "binary data (a NUL byte); expected a text file", line);
    }

    std::uint32_t quoteColumn = 0;
    if (!splitter_.split(line, fields_, scratch_, quoteColumn))
        return bad(problem, quoteColumn, "malformed quoted field; expected a closing \" followed by a comma", line);
    if (fields_.size() != format_.fieldCount) {
        std::uint32_t column = fields_.size() > format_.fieldCount ? fields_[format_.fieldCount].column
                                                                   : static_cast<std::uint32_t>(line.size() + 1);
        return bad(problem, column, fieldCountMessage(fields_.size()), line);
    }

    auto takeId = [&](int index, const char* what, std::string_view& into) {
        const Field& f = fields_[static_cast<std::size_t>(index)];
        if (f.text.empty()) {
            bad(problem, f.column, std::string("empty ") + what + " id; expected an id", line);
            return false;
        }
        if (f.text.size() > kMaxIdBytes) {
            bad(problem, f.column,
                std::string("the ") + what + " id is " + std::to_string(f.text.size()) +
                    " bytes long; expected at most " + std::to_string(kMaxIdBytes),
                f.text);
            return false;
        }
        into = f.text;
        return true;
    };
    if (!takeId(format_.userColumn, "user", out.user)) return Outcome::Bad;
    if (!takeId(format_.itemColumn, keyName(role_), out.key)) return Outcome::Bad;

    if (format_.valueColumn >= 0) {
        const Field& f = fields_[static_cast<std::size_t>(format_.valueColumn)];
        switch (parseNumber(f.text, out.value)) {
        case NumberStatus::Ok: break;
        case NumberStatus::NaN:
            return bad(problem, f.column,
                       std::string("NaN is not a valid ") + valueName(role_) + "; expected a number (inf is allowed)",
                       f.text);
        case NumberStatus::NotANumber:
            return bad(problem, f.column, std::string("expected a number for the ") + valueName(role_), f.text);
        }
    } else {
        out.value = 0;
    }
    return Outcome::Record;
}

} // namespace ranklab
