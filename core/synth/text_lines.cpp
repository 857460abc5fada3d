#include "synth/text_lines.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace ranklab::synth {
namespace {

int digits(std::uint32_t n) {
    int d = 1;
    while (n >= 10) n /= 10, ++d;
    return d;
}

// Builds a line in a stack buffer and appends it to the string once: a
// dozen small std::string appends per line cost more than the formatting.
class Line {
public:
    explicit Line(std::string& out) : out_(out) {}
    void put(std::string_view text) {
        if (text.size() > room()) {
            flush();
            if (text.size() > room()) {  // longer than the whole buffer
                out_.append(text);
                return;
            }
        }
        std::memcpy(p_, text.data(), text.size());
        p_ += text.size();
    }
    void put(char c) {
        reserve(1);
        *p_++ = c;
    }
    void number(std::uint64_t value) {
        reserve(24);
        p_ = std::to_chars(p_, end(), value).ptr;
    }
    // Integral: no decimals; else fixed with kScoreDecimals (any double fits in 330 chars).
    void score(double value, bool integral) {
        reserve(330);
        p_ = integral ? std::to_chars(p_, end(), static_cast<long long>(std::llround(value))).ptr
                      : std::to_chars(p_, end(), value, std::chars_format::fixed, kScoreDecimals).ptr;
    }
    void finish() {
        put('\n');
        flush();
    }

private:
    char* end() { return buf_ + sizeof buf_; }
    std::size_t room() const { return std::size_t(buf_ + sizeof buf_ - p_); }
    void reserve(std::size_t n) {
        if (room() < n) flush();
    }
    void flush() {
        out_.append(buf_, p_);
        p_ = buf_;
    }

    std::string& out_;
    char buf_[512];
    char* p_ = buf_;
};

} // namespace

IdNames::IdNames(char prefix, std::uint32_t count) : prefix_(prefix), width_(digits(count)) {}

void IdNames::append(std::string& out, std::uint32_t index) const {
    char buf[16];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, std::uint64_t(index) + 1);
    out.push_back(prefix_);
    for (auto n = end - buf; n < width_; ++n) out.push_back('0');
    out.append(buf, end);
}

std::string IdNames::name(std::uint32_t index) const {
    std::string out;
    append(out, index);
    return out;
}

NameTable::NameTable(char prefix, std::uint32_t count) : stride_(std::size_t(digits(count)) + 1) {
    IdNames names(prefix, count);
    std::string all;
    all.reserve(stride_ * count);
    for (std::uint32_t i = 0; i < count; ++i) names.append(all, i);
    chars_.assign(all.begin(), all.end());
}

NameTable NameTable::spread(std::uint32_t count) {
    constexpr std::size_t kWidth = 10;  // "B0" + 8 base-36 digits (36^8 > 2^32: distinct)
    NameTable table;
    table.stride_ = kWidth;
    table.chars_.resize(kWidth * std::size_t(count));
    for (std::uint32_t i = 0; i < count; ++i) {
        // A bijection of 32-bit words (each step is invertible).
        std::uint32_t x = i;
        x ^= x >> 16;
        x *= 0x7feb352dU;
        x ^= x >> 15;
        x *= 0x846ca68bU;
        x ^= x >> 16;
        char* name = table.chars_.data() + kWidth * i;
        name[0] = 'B';
        name[1] = '0';
        for (std::size_t d = kWidth; d-- > 2;) {
            name[d] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[x % 36];
            x /= 36;
        }
    }
    return table;
}

std::string_view judgmentsHeader(SynthFormat format) { return format == SynthFormat::Tsv ? "user\titem\tgrade\n" : ""; }
std::string_view runHeader(SynthFormat format) { return format == SynthFormat::Tsv ? "user\titem\tscore\n" : ""; }

void appendJudgment(std::string& out, SynthFormat format, std::string_view user, std::string_view item, int grade) {
    const bool trec = format == SynthFormat::Trec;
    Line line(out);
    line.put(user);
    line.put(trec ? " 0 " : "\t");
    line.put(item);
    line.put(trec ? ' ' : '\t');
    line.number(std::uint64_t(grade));
    line.finish();
}

void appendRunLine(std::string& out, SynthFormat format, std::string_view user, std::string_view item,
                   std::uint32_t rank, double score, bool integral, std::string_view tag) {
    Line line(out);
    line.put(user);
    if (format == SynthFormat::Trec) {
        line.put(" Q0 ");
        line.put(item);
        line.put(' ');
        line.number(rank);
        line.put(' ');
        line.score(score, integral);
        line.put(' ');
        line.put(tag);
    } else {
        line.put('\t');
        line.put(item);
        line.put('\t');
        line.score(score, integral);
    }
    line.finish();
}

void appendPair(std::string& out, std::string_view a, std::string_view b) {
    out.append(a);
    out.push_back('\t');
    out.append(b);
    out.push_back('\n');
}

} // namespace ranklab::synth
