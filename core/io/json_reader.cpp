#include "io/json_reader.h"

#include <cstring>
#include <deque>

#include <absl/container/flat_hash_map.h>

#include "common/error.h"
#include "io/line_parser.h"
#include "io/number.h"

namespace ranklab {
namespace {

class JsonCursor {
public:
    JsonCursor(std::string_view text, const std::string& path) : text_(text), path_(path) {}

    [[noreturn]] void fail(const std::string& problem, std::size_t at) const {
        std::uint64_t line = 1;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < at && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        std::string found = at < text_.size() ? std::string(text_.substr(at, 20)) : std::string("end of file");
        throw InputError({path_, line, at - lineStart + 1}, problem, found);
    }
    [[noreturn]] void fail(const std::string& problem) const { fail(problem, pos_); }

    void skipSpace() {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == '\n') {
                ++line_;
                lineStart_ = pos_ + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                break;
            }
            ++pos_;
        }
    }
    bool peek(char c) {
        skipSpace();
        return pos_ < text_.size() && text_[pos_] == c;
    }
    void expect(char c, const char* what) {
        if (!peek(c)) fail(std::string("expected ") + what);
        ++pos_;
    }
    bool consume(char c) {
        if (!peek(c)) return false;
        ++pos_;
        return true;
    }
    std::size_t pos() const { return pos_; }
    // The line and column of the next token.
    void nextPosition(JsonEntry& entry) {
        skipSpace();
        entry.line = line_;
        entry.column = pos_ - lineStart_ + 1;
    }

    std::string_view string(const char* what) {
        skipSpace();
        if (pos_ >= text_.size() || text_[pos_] != '"') fail(std::string("expected a string (") + what + ")");
        const std::size_t open = pos_;
        std::size_t start = ++pos_;
        bool escaped = false;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            unsigned char c = static_cast<unsigned char>(text_[pos_]);
            if (c == '\\') {
                escaped = true;
                ++pos_;
            } else if (c < 0x20) {
                fail("control character in a string; expected it escaped", pos_);
            }
            ++pos_;
        }
        if (pos_ >= text_.size()) fail("unterminated string; expected a closing \"", start - 1);
        std::string_view raw = text_.substr(start, pos_ - start);
        ++pos_;
        std::string_view value = escaped ? unescape(raw, start) : raw;
        if (value.size() > kMaxIdBytes)
            fail("the id is " + std::to_string(value.size()) + " bytes long (" + what + "); expected at most " +
                     std::to_string(kMaxIdBytes) + " bytes",
                 open);
        return value;
    }

    double number(Role role) {
        skipSpace();
        std::size_t start = pos_;
        auto matches = [&](const char* word) {
            std::size_t n = std::strlen(word);
            if (text_.substr(pos_, n) != word) return false;
            pos_ += n;
            return true;
        };
        if (matches("Infinity")) return HUGE_VAL;
        if (matches("-Infinity")) return -HUGE_VAL;
        if (matches("NaN"))
            fail(std::string("NaN is not a valid ") + valueName(role) + "; expected a number (Infinity is allowed)",
                 start);
        while (pos_ < text_.size() && std::strchr("+-0123456789.eE", text_[pos_]) && text_[pos_] != '\0') ++pos_;
        double value = 0;
        if (pos_ == start || parseNumber(text_.substr(start, pos_ - start), value) != NumberStatus::Ok)
            fail(std::string("expected a number for the ") + valueName(role), start);
        return value;
    }

private:
    std::string_view unescape(std::string_view raw, std::size_t start) {
        std::string out;
        out.reserve(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] != '\\') {
                out += raw[i];
                continue;
            }
            const std::size_t escapeAt = i;
            char e = raw[++i];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                auto hex4 = [&](std::size_t at) -> unsigned {
                    if (at + 4 > raw.size()) fail("bad \\u escape; expected 4 hex digits", start + at);
                    unsigned v = 0;
                    for (std::size_t k = at; k < at + 4; ++k) {
                        char h = raw[k];
                        v <<= 4;
                        if (h >= '0' && h <= '9') v |= unsigned(h - '0');
                        else if (h >= 'a' && h <= 'f') v |= unsigned(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F') v |= unsigned(h - 'A' + 10);
                        else fail("bad \\u escape; expected 4 hex digits", start + at);
                    }
                    return v;
                };
                unsigned cp = hex4(i + 1);
                i += 4;
                const bool high = cp >= 0xD800 && cp <= 0xDBFF;
                unsigned lo = 0;
                if (high && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') lo = hex4(i + 3);
                if ((cp >= 0xDC00 && cp <= 0xDFFF) || (high && !(lo >= 0xDC00 && lo <= 0xDFFF)))
                    fail("a lone UTF-16 surrogate in a \\u escape; expected a high surrogate \\uD800-\\uDBFF "
                         "followed by a low one \\uDC00-\\uDFFF",
                         start + escapeAt);
                if (high) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    i += 6;
                }
                if (cp < 0x80) {
                    out += char(cp);
                } else if (cp < 0x800) {
                    out += char(0xC0 | (cp >> 6));
                    out += char(0x80 | (cp & 0x3F));
                } else if (cp < 0x10000) {
                    out += char(0xE0 | (cp >> 12));
                    out += char(0x80 | ((cp >> 6) & 0x3F));
                    out += char(0x80 | (cp & 0x3F));
                } else {
                    out += char(0xF0 | (cp >> 18));
                    out += char(0x80 | ((cp >> 12) & 0x3F));
                    out += char(0x80 | ((cp >> 6) & 0x3F));
                    out += char(0x80 | (cp & 0x3F));
                }
                break;
            }
            default:
                fail("unknown escape in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                     start + escapeAt);
            }
        }
        scratch_.push_back(std::move(out));
        return scratch_.back();
    }

    std::string_view text_;
    const std::string& path_;
    std::size_t pos_ = 0;
    std::uint64_t line_ = 1;
    std::size_t lineStart_ = 0;
    std::deque<std::string> scratch_;
};

} // namespace

void parseJsonEntries(std::string_view text, Role role, const std::string& path,
                      const std::function<void(const JsonEntry&)>& onEntry,
                      const std::function<void(const JsonRepeatedUser&)>& onRepeatedUser) {
    struct Seen {
        std::uint64_t line, column;
        std::uint32_t object;
    };
    absl::flat_hash_map<std::string_view, Seen> seen;  // user -> its latest member
    std::uint32_t object = 0;
    JsonCursor in(text, path);
    const std::string inner = role == Role::Exclusions ? std::string("...") : valueName(role);
    const std::string outerShape = role == Role::Cohorts ? "{\"user\": \"group\", ...}"
                                   : role == Role::ItemAttributes
                                       ? "{\"item\": [\"attribute\", ...], ...}"
                                       : "{\"user\": {\"item\": " + inner + "}, ...}";
    if (!in.peek('{')) in.fail("expected a JSON object " + outerShape);
    in.expect('{', "{");
    JsonEntry entry;
    if (!in.consume('}')) {
        do {
            in.nextPosition(entry);
            entry.user = in.string(role == Role::ItemAttributes ? "an item id" : "a user id");
            if (entry.user.empty())
                in.fail(role == Role::ItemAttributes ? "empty item id; expected an id" : "empty user id; expected an id",
                        in.pos() - 2);
            entry.object = object++;
            if (role != Role::ItemAttributes) {
                // A user key given twice: the last object is kept (as Python's
                // json and ranx do), and the caller is told.
                const Seen now{entry.line, entry.column, entry.object};
                auto [it, added] = seen.try_emplace(entry.user, now);
                if (!added) {
                    if (onRepeatedUser)
                        onRepeatedUser({entry.user, it->second.line, it->second.column, now.line, now.column,
                                        it->second.object});
                    it->second = now;
                }
            }
            in.expect(':', role == Role::ItemAttributes ? "':' after the item id" : "':' after the user id");
            if (role == Role::ItemAttributes) {
                // {"item": "attribute"} or {"item": ["attribute", ...]}: several
                // attributes per item, and an item may come back.
                if (in.consume('[')) {
                    if (!in.consume(']')) {
                        do {
                            in.nextPosition(entry);
                            entry.key = in.string("an attribute");
                            if (entry.key.empty()) in.fail("empty attribute; expected a name", in.pos() - 2);
                            onEntry(entry);
                        } while (in.consume(','));
                        in.expect(']', "',' or ']' in the list of attributes");
                    }
                } else {
                    entry.key = in.string("the item's attribute or a list of attributes");
                    if (entry.key.empty()) in.fail("empty attribute; expected a name", in.pos() - 2);
                    onEntry(entry);
                }
                continue;
            }
            if (role == Role::Cohorts) {
                entry.key = in.string("the user's group");
                if (entry.key.empty()) in.fail("empty group id; expected a group name", in.pos() - 2);
                onEntry(entry);
                continue;
            }
            if (role == Role::Exclusions && in.consume('[')) {
                if (!in.consume(']')) {
                    do {
                        in.nextPosition(entry);
                        entry.key = in.string("an item id");
                        if (entry.key.empty()) in.fail("empty item id; expected an id", in.pos() - 2);
                        onEntry(entry);
                    } while (in.consume(','));
                    in.expect(']', "',' or ']' in the list of items");
                }
                continue;
            }
            in.expect('{', role == Role::Exclusions ? "'{' or '[' after the user id" : "'{' after the user id");
            if (!in.consume('}')) {
                do {
                    in.nextPosition(entry);
                    entry.key = in.string("an item id");
                    if (entry.key.empty()) in.fail("empty item id; expected an id", in.pos() - 2);
                    in.expect(':', "':' after the item id");
                    entry.value = in.number(role == Role::Exclusions ? Role::Run : role);
                    onEntry(entry);
                } while (in.consume(','));
                in.expect('}', "',' or '}' after an item's value");
            }
        } while (in.consume(','));
        in.expect('}', "',' or '}' after a user's entries");
    }
    in.skipSpace();
    if (in.pos() != text.size()) in.fail("unexpected text after the JSON object; expected the end of the file");
}

} // namespace ranklab
