#include "io/line_blocks.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "common/error.h"

namespace ranklab {

namespace {

// Grows or shrinks `buffer`, leaving new bytes unwritten: a small file
// touches only the pages it fills (a fresh page costs a fault), and the
// padding after the data is zeroed by fillInto.
void resizeUnwritten(Column<char>& buffer, std::size_t size) { buffer.resize(size); }

} // namespace

// The first block is small and later ones grow to blockBytes: the first
// block of a file brings most of its new ids, which are interned serially.
LineBlocks::LineBlocks(ByteSource& source, std::size_t blockBytes, std::size_t maxLineBytes)
    : source_(source),
      maxCapacity_(std::max<std::size_t>(blockBytes, 16)),
      maxLineBytes_(maxLineBytes),
      capacity_(std::min<std::size_t>(maxCapacity_, std::size_t(1) << 20)),
      buffer_(capacity_ + kLinePadding) {}

void LineBlocks::grow() {
    if (capacity_ >= maxCapacity_ || atEnd_) return;  // nothing more to read: no bigger buffer
    capacity_ = std::min(capacity_ * 2, maxCapacity_);
    // Only the unfinished line moves over (a resize would copy the whole buffer).
    Column<char> bigger(capacity_ + kLinePadding);
    std::memcpy(bigger.data(), buffer_.data(), size_);
    buffer_.swap(bigger);
}

LineBlocks::~LineBlocks() {
    if (ahead_.valid()) ahead_.wait();  // the thread uses the source and spare_
}

LineBlocks::Filled LineBlocks::fillInto(ByteSource& source, Column<char>& buffer, std::size_t size,
                                        std::size_t capacity) {
    Filled out;
    out.size = size;
    try {
        while (!out.atEnd && out.size < capacity) {
            std::size_t n = source.read(buffer.data() + out.size, capacity - out.size);
            if (n == 0) out.atEnd = true;
            out.size += n;
        }
    } catch (const StreamError& e) {
        // A truncated stream: first hand out the whole lines read before it,
        // so that errors come in file order. A corrupt one is raised as it is
        // (with its byte offset): the bytes decoded before it may be garbage.
        if (e.truncated()) out.failure.emplace(e);
        else out.other = std::current_exception();
    } catch (...) {
        out.other = std::current_exception();
    }
    // The padding after the data may be read (never used): zero, so reads
    // of it are deterministic.
    std::memset(buffer.data() + out.size, 0, kLinePadding);
    out.consumed = source.consumed();
    return out;
}

void LineBlocks::fill() {
    Filled f = fillInto(source_, buffer_, size_, capacity_);
    size_ = f.size;
    atEnd_ = f.atEnd;
    consumed_ = f.consumed;
    if (f.other) std::rethrow_exception(f.other);
    if (f.failure) failure_ = std::move(f.failure);
}

void LineBlocks::readAhead(std::size_t end) {
    if (atEnd_ || failure_) return;
    const std::size_t capacity = std::min(capacity_ * 2, std::max(maxCapacity_, capacity_));
    if (spare_.size() < capacity + kLinePadding) resizeUnwritten(spare_, capacity + kLinePadding);
    const std::size_t tail = size_ - end;
    std::memcpy(spare_.data(), buffer_.data() + end, tail);
    ahead_ = std::async(std::launch::async, [this, tail, capacity] {
        return fillInto(source_, spare_, tail, capacity);
    });
}

[[noreturn]] void LineBlocks::throwWhereDataStops(std::uint64_t linesBefore) const {
    // The unfinished bytes are where the good data ends.
    std::string_view pending(buffer_.data(), size_);
    auto line = linesBefore + static_cast<std::uint64_t>(std::count(pending.begin(), pending.end(), '\n')) + 1;
    std::size_t lastNewline = pending.rfind('\n');
    std::string_view partial = lastNewline == std::string_view::npos ? pending : pending.substr(lastNewline + 1);
    throw InputError({failure_->where().file, line, partial.size() + 1}, failure_->problem(),
                     std::string(partial.substr(0, 200)));
}

[[noreturn]] void LineBlocks::throwLineTooLong(std::uint64_t linesBefore) const {
    std::string_view pending(buffer_.data(), size_);
    const bool binary = pending.find('\0') != std::string_view::npos;
    throw InputError({source_.path(), linesBefore + 1, maxLineBytes_ + 1},
                     "the line is longer than " + std::to_string(maxLineBytes_) +
                         " bytes, the limit (--max-line-length raises it)" +
                         (binary ? "; the data holds NUL bytes: expected a text file" : "; expected lines of text"),
                     std::string(pending.substr(0, 40)));
}

std::string_view LineBlocks::next(std::uint64_t linesBefore) {
    if (ahead_.valid()) {
        // The block read ahead (it starts with the unfinished line) becomes current.
        Filled f = ahead_.get();
        std::swap(buffer_, spare_);
        capacity_ = buffer_.size() - kLinePadding;
        size_ = f.size;
        start_ = 0;
        atEnd_ = f.atEnd;
        consumed_ = f.consumed;
        if (f.other) std::rethrow_exception(f.other);
        if (f.failure) failure_ = std::move(f.failure);
    } else {
        // Move the unfinished line to the front.
        if (start_ > 0) {
            std::memmove(buffer_.data(), buffer_.data() + start_, size_ - start_);
            size_ -= start_;
            start_ = 0;
        }
        if (!first_) grow();
    }
    for (;;) {
        if (!failure_) fill();
        if (first_) {
            first_ = false;
            const bool bom = size_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0;
            if (bom) {
                std::memmove(buffer_.data(), buffer_.data() + 3, size_ - 3);
                size_ -= 3;
            }
            std::string_view head(buffer_.data(), size_);
            std::size_t firstChar = head.find_first_not_of(" \t\r\n\v\f");
            if (firstChar != std::string_view::npos && head[firstChar] == '{') {
                maxLineBytes_ = 0;  // JSON
                raw_ = jsonAsBytes_;
            }
            if (bom) continue;
        }
        if (atEnd_) {
            start_ = size_;
            return {buffer_.data(), size_};
        }
        if (raw_ && size_ > 0) {  // JSON: the block as it is
            start_ = size_;
            readAhead(size_);
            return {buffer_.data(), size_};
        }
        // Find the last newline; if there is none the line is longer than
        // the buffer, which then grows, or the data stops in it.
        const char* data = buffer_.data();
        std::size_t end = size_;
        while (end > 0 && data[end - 1] != '\n') --end;
        if (end > 0) {
            start_ = end;
            readAhead(end);
            return {buffer_.data(), end};
        }
        if (failure_) throwWhereDataStops(linesBefore);
        if (maxLineBytes_ > 0 && size_ > maxLineBytes_) throwLineTooLong(linesBefore);
        capacity_ *= 2;
        resizeUnwritten(buffer_, capacity_ + kLinePadding);
    }
}

std::vector<std::string_view> splitAtLines(std::string_view block, std::size_t bytes) {
    std::vector<std::string_view> pieces;
    std::size_t pos = 0;
    if (bytes == 0) bytes = 1;
    while (pos < block.size()) {
        std::size_t end = pos + bytes;
        if (end >= block.size()) {
            end = block.size();
        } else {
            std::size_t nl = block.find('\n', end - 1);
            end = nl == std::string_view::npos ? block.size() : nl + 1;
        }
        pieces.push_back(block.substr(pos, end - pos));
        pos = end;
    }
    return pieces;
}

} // namespace ranklab
