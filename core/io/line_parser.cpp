#include "io/line_parser.h"

#include <algorithm>
#include <cstring>

#include "io/blank_mask.h"
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

void LineParser::setMaxFields(std::size_t maxFields) {
    maxFields_ = maxFields == 0 ? 0 : std::max(maxFields, format_.fieldCount);
    splitter_ = LineSplitter(format_.separator, maxFields_);
}

std::string LineParser::fieldCountMessage(std::size_t found) const {
    std::string expected = "expected " + std::to_string(format_.fieldCount) + " fields";
    if (format_.kind == FormatKind::Trec)
        expected += role_ == Role::Run ? " (user Q0 item rank score tag)" : " (user 0 item grade)";
    else if (format_.header)
        expected += " (as in the header)";
    else
        expected += " (as on the first line)";
    if (maxFields_ > 0 && found > maxFields_)
        return expected + ", found more than " + std::to_string(maxFields_) +
               ", the limit (--max-fields raises it)";
    return expected + ", found " + std::to_string(found);
}

namespace {

constexpr std::size_t kFastFields = 16;

} // namespace

bool LineParser::parseBlankSeparated(std::string_view line, ParsedLine& out, Outcome& outcome) {
    const char* p = line.data();
    const char* end = p + line.size();
    if (end != p && end[-1] == '\r') --end;
    const std::size_t expected = format_.fieldCount;
    const std::size_t length = static_cast<std::size_t>(end - p);
    // Starts and lengths apart (not string_views): whole-view loads right
    // after two 8-byte stores would stall store forwarding.
    const char* fieldStart[kFastFields];
    std::size_t fieldLength[kFastFields];
    std::size_t n = 0;
    if (paddedInput_ && length <= 64) {
        // Fields from bit masks: starts where a non-blank follows a blank.
        const std::uint64_t inLine = length == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << length) - 1;
        const std::uint64_t solid = ~blankMask64(p, length) & inLine;
        std::uint64_t starts = solid & ~(solid << 1);
        std::uint64_t ends = solid & ~(solid >> 1);
        while (starts) {
            if (n == expected) return false;  // too many fields
            int s = __builtin_ctzll(starts);
            int e = __builtin_ctzll(ends);
            fieldStart[n] = p + s;
            fieldLength[n++] = static_cast<std::size_t>(e - s + 1);
            starts &= starts - 1;
            ends &= ends - 1;
        }
    } else {
        for (;;) {
            while (p != end && isBlank(*p)) ++p;
            if (p == end) break;
            const char* start = p;
            while (p != end && !isBlank(*p)) ++p;
            if (n == expected) return false;  // too many fields
            fieldStart[n] = start;
            fieldLength[n++] = static_cast<std::size_t>(p - start);
        }
    }
    if (n == 0) {
        outcome = Outcome::Skip;
        return true;
    }
    if (format_.comments && *fieldStart[0] == '#') {
        outcome = Outcome::Skip;
        return true;
    }
    if (n != expected) return false;
    auto field = [&](int i) { return std::string_view(fieldStart[i], fieldLength[i]); };
    out.user = field(format_.userColumn);
    out.key = field(format_.itemColumn);
    if (out.user.size() > kMaxIdBytes || out.key.size() > kMaxIdBytes) return false;
    if (format_.valueColumn >= 0) {
        if (parseNumber(field(format_.valueColumn), out.value) != NumberStatus::Ok) return false;
    } else {
        out.value = 0;
    }
    outcome = Outcome::Record;
    return true;
}

LineParser::Outcome LineParser::parse(std::string_view line, ParsedLine& out, LineProblem& problem) {
    if (!mayContainNul_ && format_.separator == Separator::Whitespace && format_.fieldCount <= kFastFields) {
        Outcome outcome;
        if (parseBlankSeparated(line, out, outcome)) return outcome;
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t firstChar = 0;
    while (firstChar < line.size() && isBlank(line[firstChar])) ++firstChar;
    if (firstChar == line.size()) return Outcome::Skip;
    if (format_.comments && line[firstChar] == '#') return Outcome::Skip;
    if (const void* nul = mayContainNul_ ? std::memchr(line.data(), '\0', line.size()) : nullptr) {
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
