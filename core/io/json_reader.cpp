#include "io/json_reader.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <functional>

#include <absl/container/flat_hash_map.h>

#include "common/error.h"
#include "io/line_parser.h"
#include "io/number.h"

namespace ranklab {
namespace {

// A cursor over JSON text that arrives in pieces (a file read block by
// block, never whole). The buffer holds the unread text from the oldest
// position still needed (the current token's start). Positions kept across
// reads are absolute byte offsets; buffer indices move when the buffer is
// compacted. Tokens never span lines (a raw newline in a string is an
// error), so the line and column of an error come from the line the
// cursor is on.
class JsonCursor {
public:
    using Next = std::function<std::string_view()>;
    JsonCursor(Next next, const std::string& path) : next_(std::move(next)), path_(path) {}

    // At absolute offset `at` (on the current line).
    [[noreturn]] void failAt(const std::string& problem, std::uint64_t at) {
        hold_ = std::min(hold_, at);
        if (at + 20 > offset()) ensure(static_cast<std::size_t>(at + 20 - offset()));
        const std::size_t i = static_cast<std::size_t>(at - base_);
        std::string found = i < buf_.size() ? buf_.substr(i, 20) : std::string("end of file");
        throw InputError({path_, line_, at - lineStart_ + 1}, problem, found);
    }
    [[noreturn]] void fail(const std::string& problem) { failAt(problem, offset()); }

    void skipSpace() {
        while (ensure(1)) {
            const char c = buf_[pos_];
            if (c == '\n') {
                ++line_;
                lineStart_ = offset() + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                break;
            }
            ++pos_;
        }
    }
    bool peek(char c) {
        skipSpace();
        return ensure(1) && buf_[pos_] == c;
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
    // The absolute offset of the next byte.
    std::uint64_t offset() const { return base_ + pos_; }
    bool atEnd() {
        skipSpace();
        return !ensure(1);
    }
    // The line and column of the next token.
    void nextPosition(JsonEntry& entry) {
        skipSpace();
        entry.line = line_;
        entry.column = offset() - lineStart_ + 1;
    }
    // The entry is done: its unescaped strings go.
    void release() {
        hold_ = kNone;
        scratch_.clear();
    }

    // Valid until the next read (the buffer moves as it fills): copy it.
    std::string_view string(const char* what) {
        skipSpace();
        if (!ensure(1) || buf_[pos_] != '"') fail(std::string("expected a string (") + what + ")");
        const std::uint64_t open = offset();
        const std::uint64_t kept = hold_;
        hold_ = std::min(hold_, open);
        ++pos_;
        bool escaped = false;
        for (;;) {
            if (!ensure(1)) failAt("unterminated string; expected a closing \"", open);
            const unsigned char c = static_cast<unsigned char>(buf_[pos_]);
            if (c == '"') break;
            if (c == '\\') {
                escaped = true;
                ++pos_;
                if (!ensure(1)) failAt("unterminated string; expected a closing \"", open);
            } else if (c < 0x20) {
                failAt("control character in a string; expected it escaped", offset());
            }
            ++pos_;
        }
        const std::uint64_t start = open + 1;
        std::string_view raw(buf_.data() + (start - base_), offset() - start);
        ++pos_;
        std::string_view value = escaped ? unescape(raw, start) : raw;
        if (value.size() > kMaxIdBytes)
            failAt("the id is " + std::to_string(value.size()) + " bytes long (" + what + "); expected at most " +
                       std::to_string(kMaxIdBytes) + " bytes",
                   open);
        // The string's bytes stay until the caller's hold is released (or,
        // without one, until the next read).
        hold_ = kept;
        return value;
    }

    double number(Role role) {
        skipSpace();
        const std::uint64_t start = offset();
        const std::uint64_t kept = hold_;
        hold_ = std::min(hold_, start);
        auto matches = [&](const char* word) {
            const std::size_t n = std::strlen(word);
            if (!ensure(n) || buf_.compare(pos_, n, word) != 0) return false;
            pos_ += n;
            return true;
        };
        double value = 0;
        if (matches("Infinity")) {
            value = HUGE_VAL;
        } else if (matches("-Infinity")) {
            value = -HUGE_VAL;
        } else if (matches("NaN")) {
            failAt(std::string("NaN is not a valid ") + valueName(role) + "; expected a number (Infinity is allowed)",
                   start);
        } else {
            while (ensure(1) && buf_[pos_] != '\0' && std::strchr("+-0123456789.eE", buf_[pos_])) ++pos_;
            const std::string_view text(buf_.data() + (start - base_), offset() - start);
            if (text.empty() || parseNumber(text, value) != NumberStatus::Ok)
                failAt(std::string("expected a number for the ") + valueName(role), start);
        }
        hold_ = kept;
        return value;
    }

private:
    std::string_view unescape(std::string_view raw, std::uint64_t start) {
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
                    if (at + 4 > raw.size()) failAt("bad \\u escape; expected 4 hex digits", start + at);
                    unsigned v = 0;
                    for (std::size_t k = at; k < at + 4; ++k) {
                        char h = raw[k];
                        v <<= 4;
                        if (h >= '0' && h <= '9') v |= unsigned(h - '0');
                        else if (h >= 'a' && h <= 'f') v |= unsigned(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F') v |= unsigned(h - 'A' + 10);
                        else failAt("bad \\u escape; expected 4 hex digits", start + at);
                    }
                    return v;
                };
                unsigned cp = hex4(i + 1);
                i += 4;
                const bool high = cp >= 0xD800 && cp <= 0xDBFF;
                unsigned lo = 0;
                if (high && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') lo = hex4(i + 3);
                if ((cp >= 0xDC00 && cp <= 0xDFFF) || (high && !(lo >= 0xDC00 && lo <= 0xDFFF)))
                    failAt("a lone UTF-16 surrogate in a \\u escape; expected a high surrogate \\uD800-\\uDBFF "
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
                failAt("unknown escape in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                     start + escapeAt);
            }
        }
        scratch_.push_back(std::move(out));
        return scratch_.back();
    }

    // Makes at least `n` unread bytes available unless the text ends first
    // (false then). Text before the oldest position needed is dropped.
    bool ensure(std::size_t n) {
        while (buf_.size() - pos_ < n) {
            if (ended_) return false;
            const std::string_view piece = next_();
            if (piece.empty()) {
                ended_ = true;
                return buf_.size() - pos_ >= n;
            }
            const std::uint64_t keep = std::min<std::uint64_t>(hold_, offset());
            const std::size_t drop = static_cast<std::size_t>(keep - base_);
            if (drop > 0 && drop >= buf_.size() / 2) {
                buf_.erase(0, drop);
                base_ += drop;
                pos_ -= drop;
            }
            buf_.append(piece);
        }
        return true;
    }

    static constexpr std::uint64_t kNone = ~std::uint64_t{0};
    Next next_;
    const std::string& path_;
    std::string buf_;
    std::uint64_t base_ = 0;  // the absolute offset of buf_[0]
    std::size_t pos_ = 0;     // the next byte, in buf_
    bool ended_ = false;
    std::uint64_t hold_ = kNone;  // absolute: text from here stays in buf_
    std::uint64_t line_ = 1;
    std::uint64_t lineStart_ = 0;  // absolute
    std::deque<std::string> scratch_;
};

} // namespace

void parseJsonEntries(std::string_view text, Role role, const std::string& path,
                      const std::function<void(const JsonEntry&)>& onEntry,
                      const std::function<void(const JsonRepeatedUser&)>& onRepeatedUser) {
    bool given = false;
    parseJsonStream(
        [&]() -> std::string_view {
            if (given) return {};
            given = true;
            return text;
        },
        role, path, onEntry, onRepeatedUser);
}

void parseJsonStream(const std::function<std::string_view()>& next, Role role, const std::string& path,
                     const std::function<void(const JsonEntry&)>& onEntry,
                     const std::function<void(const JsonRepeatedUser&)>& onRepeatedUser) {
    struct Seen {
        std::uint64_t line, column;
        std::uint32_t object;
    };
    absl::flat_hash_map<std::string, Seen> seen;  // user -> its latest member
    std::uint32_t object = 0;
    // The current member's key and entry's key, copied: the buffer's text
    // moves as more is read.
    std::string user, key;
    JsonCursor in(next, path);
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
            user.assign(in.string(role == Role::ItemAttributes ? "an item id" : "a user id"));
            entry.user = user;
            if (entry.user.empty())
                in.failAt(role == Role::ItemAttributes ? "empty item id; expected an id" : "empty user id; expected an id",
                          in.offset() - 2);
            entry.object = object++;
            if (role != Role::ItemAttributes) {
                // A user key given twice: the last object is kept (as Python's
                // json and ranx do), and the caller is told.
                const Seen now{entry.line, entry.column, entry.object};
                auto [it, added] = seen.try_emplace(user, now);
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
                            key.assign(in.string("an attribute"));
                    entry.key = key;
                            if (entry.key.empty()) in.failAt("empty attribute; expected a name", in.offset() - 2);
                            onEntry(entry);
                            in.release();
                        } while (in.consume(','));
                        in.expect(']', "',' or ']' in the list of attributes");
                    }
                } else {
                    key.assign(in.string("the item's attribute or a list of attributes"));
                    entry.key = key;
                    if (entry.key.empty()) in.failAt("empty attribute; expected a name", in.offset() - 2);
                    onEntry(entry);
                    in.release();
                }
                continue;
            }
            if (role == Role::Cohorts) {
                key.assign(in.string("the user's group"));
                    entry.key = key;
                if (entry.key.empty()) in.failAt("empty group id; expected a group name", in.offset() - 2);
                onEntry(entry);
                in.release();
                continue;
            }
            if (role == Role::Exclusions && in.consume('[')) {
                if (!in.consume(']')) {
                    do {
                        in.nextPosition(entry);
                        key.assign(in.string("an item id"));
                    entry.key = key;
                        if (entry.key.empty()) in.failAt("empty item id; expected an id", in.offset() - 2);
                        onEntry(entry);
                        in.release();
                    } while (in.consume(','));
                    in.expect(']', "',' or ']' in the list of items");
                }
                continue;
            }
            in.expect('{', role == Role::Exclusions ? "'{' or '[' after the user id" : "'{' after the user id");
            if (!in.consume('}')) {
                do {
                    in.nextPosition(entry);
                    key.assign(in.string("an item id"));
                    entry.key = key;
                    if (entry.key.empty()) in.failAt("empty item id; expected an id", in.offset() - 2);
                    in.expect(':', "':' after the item id");
                    entry.value = in.number(role == Role::Exclusions ? Role::Run : role);
                    onEntry(entry);
                    in.release();
                } while (in.consume(','));
                in.expect('}', "',' or '}' after an item's value");
            }
        } while (in.consume(','));
        in.expect('}', "',' or '}' after a user's entries");
    }
    if (!in.atEnd()) in.fail("unexpected text after the JSON object; expected the end of the file");
}

} // namespace ranklab
