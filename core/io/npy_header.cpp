#include "io/npy_header.h"

#include <charconv>

#include "common/error.h"

namespace ranklab {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";

[[noreturn]] void fail(const std::string& file, std::uint64_t offset, const std::string& problem,
                       std::string_view found = {}) {
    throw InputError({file, 0, 0}, "byte " + std::to_string(offset) + ": " + problem, std::string(found));
}

// A cursor over the header dict, reporting byte offsets in the file.
class DictParser {
public:
    DictParser(std::string_view text, std::uint64_t base, const std::string& file)
        : text_(text), base_(base), file_(file) {}

    void skipSpace() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n')) ++at_;
    }
    bool peek(char c) {
        skipSpace();
        return at_ < text_.size() && text_[at_] == c;
    }
    void expect(char c, const char* what) {
        if (!peek(c)) failHere(std::string("expected ") + what);
        ++at_;
    }
    std::string quoted() {
        skipSpace();
        if (at_ >= text_.size() || (text_[at_] != '\'' && text_[at_] != '"'))
            failHere("expected a quoted string");
        char q = text_[at_++];
        std::size_t end = text_.find(q, at_);
        if (end == std::string_view::npos) failHere("unterminated string");
        std::string out(text_.substr(at_, end - at_));
        at_ = end + 1;
        return out;
    }
    bool boolean() {
        skipSpace();
        if (text_.substr(at_, 4) == "True") {
            at_ += 4;
            return true;
        }
        if (text_.substr(at_, 5) == "False") {
            at_ += 5;
            return false;
        }
        failHere("expected True or False");
    }
    std::vector<std::uint64_t> tuple() {
        expect('(', "'(' starting the shape tuple");
        std::vector<std::uint64_t> out;
        while (!peek(')')) {
            skipSpace();
            std::uint64_t v = 0;
            auto [end, ec] = std::from_chars(text_.data() + at_, text_.data() + text_.size(), v);
            if (ec != std::errc() || end == text_.data() + at_) failHere("expected a non-negative integer in the shape");
            at_ = static_cast<std::size_t>(end - text_.data());
            out.push_back(v);
            if (peek(',')) ++at_;
            else if (!peek(')')) failHere("expected ',' or ')' in the shape");
        }
        ++at_;
        return out;
    }
    bool done() {
        skipSpace();
        return at_ >= text_.size();
    }
    [[noreturn]] void failHere(const std::string& problem) {
        fail(file_, base_ + at_, problem + " in the header dict", text_.substr(at_, 20));
    }

private:
    std::string_view text_;
    std::uint64_t base_;
    const std::string& file_;
    std::size_t at_ = 0;
};

void setType(NpyHeader& h, const std::string& file, std::uint64_t offset) {
    const std::string& d = h.descr;
    auto unsupported = [&] {
        fail(file, offset,
             "unsupported dtype '" + d + "'; expected one of <f2 <f4 <f8 <i4 <i8 (or big-endian >f2 ... >i8)");
    };
    if (d.size() != 3) unsupported();
    if (d[0] == '>') h.bigEndian = true;
    else if (d[0] != '<' && d[0] != '=') unsupported();
    std::string_view t(d.data() + 1, 2);
    if (t == "f2") h.type = NpyType::Float16, h.itemSize = 2;
    else if (t == "f4") h.type = NpyType::Float32, h.itemSize = 4;
    else if (t == "f8") h.type = NpyType::Float64, h.itemSize = 8;
    else if (t == "i4") h.type = NpyType::Int32, h.itemSize = 4;
    else if (t == "i8") h.type = NpyType::Int64, h.itemSize = 8;
    else unsupported();
}

} // namespace

bool hasNpyMagic(std::string_view bytes) { return bytes.substr(0, kMagic.size()) == kMagic; }

std::uint64_t NpyHeader::elementCount() const {
    std::uint64_t n = 1;
    for (std::uint64_t d : shape) n *= d;
    return n;
}

const char* NpyHeader::typeName() const {
    switch (type) {
    case NpyType::Float16: return "float16";
    case NpyType::Float32: return "float32";
    case NpyType::Float64: return "float64";
    case NpyType::Int32: return "int32";
    case NpyType::Int64: return "int64";
    }
    return "?";
}

std::string NpyHeader::shapeText() const {
    std::string out = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) out += ", ";
        out += std::to_string(shape[i]);
    }
    if (shape.size() == 1) out += ",";
    return out + ")";
}

NpyHeader parseNpyHeader(std::string_view bytes, const std::string& file) {
    if (!hasNpyMagic(bytes))
        fail(file, 0, "not a .npy file: expected the magic \\x93NUMPY", bytes.substr(0, 6));
    if (bytes.size() < 10) fail(file, bytes.size(), "the file ends inside the .npy preamble; expected at least 10 bytes");
    NpyHeader h;
    const auto major = static_cast<unsigned char>(bytes[6]);
    if (major < 1 || major > 3)
        fail(file, 6, "unsupported .npy version " + std::to_string(major) + "." +
                          std::to_string(static_cast<unsigned char>(bytes[7])) + "; expected 1.0, 2.0 or 3.0");
    h.majorVersion = major;
    std::uint64_t length = 0, start = 0;
    if (major == 1) {
        length = std::uint64_t(static_cast<unsigned char>(bytes[8])) |
                 std::uint64_t(static_cast<unsigned char>(bytes[9])) << 8;
        start = 10;
    } else {
        if (bytes.size() < 12) fail(file, bytes.size(), "the file ends inside the .npy preamble; expected 12 bytes");
        for (int i = 0; i < 4; ++i) length |= std::uint64_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        start = 12;
    }
    if (start + length > bytes.size())
        fail(file, bytes.size(),
             "the file ends inside the header; expected " + std::to_string(length) + " header bytes from byte " +
                 std::to_string(start));
    h.dataOffset = start + length;
    DictParser p(bytes.substr(start, length), start, file);
    p.expect('{', "'{' starting the header dict");
    bool haveDescr = false, haveOrder = false, haveShape = false;
    std::uint64_t descrOffset = start;
    while (!p.peek('}')) {
        std::string key = p.quoted();
        p.expect(':', "':' after a key");
        if (key == "descr") {
            h.descr = p.quoted();
            haveDescr = true;
        } else if (key == "fortran_order") {
            h.fortranOrder = p.boolean();
            haveOrder = true;
        } else if (key == "shape") {
            h.shape = p.tuple();
            haveShape = true;
        } else {
            p.failHere("unknown key '" + key + "'; expected descr, fortran_order or shape");
        }
        if (p.peek(',')) p.expect(',', "','");
        else if (!p.peek('}')) p.failHere("expected ',' or '}'");
    }
    p.expect('}', "'}'");
    if (!p.done()) p.failHere("expected only padding after '}'");
    if (!haveDescr || !haveOrder || !haveShape)
        fail(file, start,
             std::string("the header dict lacks '") + (!haveDescr ? "descr" : !haveOrder ? "fortran_order" : "shape") +
                 "'; expected descr, fortran_order and shape");
    setType(h, file, descrOffset);
    // The data's size in bytes must fit in 63 bits (no file is larger): a
    // shape whose product overflows would make every size check wrong.
    std::uint64_t dataBytes = h.itemSize;
    bool empty = false;
    for (std::uint64_t d : h.shape) {
        if (d == 0) empty = true;
        else if (dataBytes > (std::uint64_t(1) << 63) / d) dataBytes = std::uint64_t(1) << 63;
        else dataBytes *= d;
    }
    if (dataBytes >= (std::uint64_t(1) << 63) && !empty)
        fail(file, start, "the shape " + h.shapeText() + " of " + h.typeName() +
                              " needs more than 2^63 bytes; expected a shape as large as the data");
    return h;
}

} // namespace ranklab
