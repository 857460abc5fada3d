#pragma once
// The text of the synthetic files, appended to string buffers without
// iostreams: zero-padded ids, TREC or TSV lines, scores via std::to_chars.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "synth/synth_options.h"

namespace ranklab::synth {

inline constexpr int kScoreDecimals = 6;

// Ids "u0001".."u2000": a prefix and index + 1, zero-padded to the width of `count`.
class IdNames {
public:
    IdNames(char prefix, std::uint32_t count);
    int width() const { return width_; }
    std::string name(std::uint32_t index) const;
    void append(std::string& out, std::uint32_t index) const;

private:
    char prefix_;
    int width_;
};

// All names of an IdNames precomputed, for the hot loop (items are named millions of times).
class NameTable {
public:
    NameTable(char prefix, std::uint32_t count);
    // Catalogue ids spread like real ones (SynthItemIds::Spread): "B0" and 8
    // base-36 characters of a bijective scramble of the index, so that
    // neighbouring items share no prefix and sort in no particular order.
    static NameTable spread(std::uint32_t count);
    std::string_view operator[](std::uint32_t index) const { return {chars_.data() + index * stride_, stride_}; }

private:
    NameTable() = default;
    std::size_t stride_ = 0;
    std::vector<char> chars_;
};

// Header lines ("" for TREC, which has none).
std::string_view judgmentsHeader(SynthFormat format);
std::string_view runHeader(SynthFormat format);

// TREC: "user 0 item grade". TSV: "user\titem\tgrade".
void appendJudgment(std::string& out, SynthFormat format, std::string_view user, std::string_view item, int grade);
// TREC: "user Q0 item rank score tag". TSV: "user\titem\tscore". Integral scores have no decimals.
void appendRunLine(std::string& out, SynthFormat format, std::string_view user, std::string_view item,
                   std::uint32_t rank, double score, bool integral, std::string_view tag);
// "a\tb".
void appendPair(std::string& out, std::string_view a, std::string_view b);

} // namespace ranklab::synth
