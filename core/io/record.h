#pragma once
// One parsed entry, ids already interned: (user, item, score or grade), or
// (user, group) for cohorts. 16 bytes.
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "data/column.h"
#include "io/load_report.h"

namespace ranklab {

struct Record {
    std::uint32_t user;
    std::uint32_t key;
    double value;
};

// Consecutive entries of one user.
struct UserStretch {
    std::uint32_t user;
    std::uint32_t length;
};

// Notes `length` more entries of `user` at the end of `stretches`, merged
// with the last stretch when it is the same user's.
// (Inline: called once per entry while a block's entries are copied.)
inline void addStretch(std::vector<UserStretch>& stretches, std::uint32_t user, std::uint32_t length) {
    if (length == 0) return;
    if (!stretches.empty() && stretches.back().user == user &&
        stretches.back().length <= std::numeric_limits<std::uint32_t>::max() - length) {
        stretches.back().length += length;
        return;
    }
    stretches.push_back({user, length});
}

// The entries of a file in file order, kept as the columns a Run or
// Judgments holds (keys, values) plus the stretches of consecutive entries of
// one user. Files list a user's lines together, so when their users also come
// in id order the columns are already grouped and become the table without a
// copy (io/user_grouping.h); 12 bytes per entry, plus 8 per stretch.
class RecordColumns {
public:
    // Room for `n` entries (virtual memory: pages are used as they fill).
    void reserve(std::size_t n) {
        keys_.reserve(n);
        values_.reserve(n);
    }
    void push_back(const Record& r) {
        grow(1);
        keys_.push_back(r.key);
        values_.push_back(r.value);
        addStretch(r.user, 1);
    }
    void append(std::span<const Record> records);

    // For parallel filling: `n` more entries at the end, uninitialized, to be
    // written through keysAt/valuesAt, and their users given with addStretch
    // in file order.
    void extend(std::size_t n) {
        grow(n);
        keys_.resize(keys_.size() + n);
        values_.resize(values_.size() + n);
    }
    std::uint32_t* keysAt(std::size_t at) { return keys_.data() + at; }
    double* valuesAt(std::size_t at) { return values_.data() + at; }
    // The next `length` entries belong to `user`.
    void addStretch(std::uint32_t user, std::uint32_t length) { ranklab::addStretch(stretches_, user, length); }

    std::uint64_t size() const { return keys_.size(); }
    bool empty() const { return keys_.empty(); }
    const Column<std::uint32_t>& keys() const { return keys_; }
    const Column<double>& values() const { return values_; }
    const std::vector<UserStretch>& stretches() const { return stretches_; }
    // True if each user has one stretch and users come in increasing id
    // order: the columns are then grouped by user already.
    bool groupedInIdOrder() const;
    // Takes the entries of the first users, in file order, into a
    // RecordColumns of their own: whole users (stretches), as many as fit in
    // `maxEntries` (one at least), never the last user (whose lines may go on
    // in the next block) unless `all`. Empty if only the last user is left.
    RecordColumns takeLeadingUsers(std::size_t maxEntries, bool all);
    Column<std::uint32_t> takeKeys() { return std::move(keys_); }
    Column<double> takeValues() { return std::move(values_); }
    void clear() { *this = {}; }

    template <typename F> void forEach(F&& f) const {
        std::size_t at = 0;
        for (const UserStretch& s : stretches_)
            for (std::uint32_t i = 0; i < s.length; ++i, ++at) f(Record{s.user, keys_[at], values_[at]});
    }

private:
    // Geometric growth where no reserve() made room.
    void grow(std::size_t n);

    Column<std::uint32_t> keys_;
    Column<double> values_;
    std::vector<UserStretch> stretches_;
};

// Called by a streaming reader after each block of lines with the entries
// read so far and the lines read so far (`last`: the file has ended); it may
// take complete users out (RecordColumns::takeCompleteUsers), so memory
// holds a window of the file.
using RecordSink = std::function<void(RecordColumns& records, std::uint64_t lines, bool last)>;

// The entries of a file in file order, and what parsing saw.
struct ParsedRecords {
    RecordColumns records;
    std::uint64_t lines = 0;
    std::uint64_t skippedLines = 0;
    std::vector<BadLine> firstSkipped;
    bool sawHeader = false;
    std::uint64_t headerLine = 0;  // the line taken as the header (1-based), 0: none
};

} // namespace ranklab
