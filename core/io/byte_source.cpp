#include "io/byte_source.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <optional>
#include <vector>

#include <zlib.h>
#include <zstd.h>

#include "common/error.h"
#include "io/file_handle.h"
#include "io/input_opening.h"

namespace ranklab {

const char* compressionName(Compression c) {
    switch (c) {
    case Compression::None: return "none";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    }
    return "?";
}

namespace {

constexpr std::size_t kInputBytes = 1 << 20;

// A source whose description the opening fills in.
class OpenedSource : public ByteSource {
public:
    void describe(const FileHandle& file, Compression kind, double maxExpansion) {
        path_ = file.path();
        fileSize_ = file.size();
        compression_ = kind;
        regularFile_ = file.regularFile();
        maxExpansion_ = maxExpansion;
    }
};

// Plain bytes (the bytes peeked to sniff the compression are handed out
// again by the handle).
class PlainSource final : public OpenedSource {
public:
    explicit PlainSource(std::unique_ptr<FileHandle> file) : file_(std::move(file)) {}

    std::size_t read(char* buffer, std::size_t capacity) override {
        const std::size_t n = file_->read(buffer, capacity);
        consumed_ += n;
        return n;
    }
    std::uint64_t consumed() const override { return consumed_; }

private:
    std::unique_ptr<FileHandle> file_;
    std::uint64_t consumed_ = 0;
};

// Shared input buffering for the decompressors.
class CompressedInput {
public:
    explicit CompressedInput(std::unique_ptr<FileHandle> file) : file_(std::move(file)) {}

    // Refills when empty; returns false at the end of the file.
    bool fill() {
        if (pos_ < buffer_.size()) return true;
        buffer_.resize(kInputBytes);
        buffer_.resize(file_->read(buffer_.data(), buffer_.size()));
        pos_ = 0;
        return !buffer_.empty();
    }
    const char* data() const { return buffer_.data() + pos_; }
    std::size_t available() const { return buffer_.size() - pos_; }
    void advance(std::size_t n) {
        pos_ += n;
        consumed_ += n;
    }
    std::uint64_t consumed() const { return consumed_; }
    const std::string& path() const { return file_->path(); }

private:
    std::unique_ptr<FileHandle> file_;
    std::string buffer_;
    std::size_t pos_ = 0;
    std::uint64_t consumed_ = 0;
};

// A stream error is raised only after the bytes decoded before it were
// handed out, so the reader can say in which line the good data ends.
class DeferredError {
public:
    void set(std::exception_ptr error) { error_ = std::move(error); }
    void throwIfSet() const {
        if (error_) std::rethrow_exception(error_);
    }

private:
    std::exception_ptr error_;
};

std::string decodedBytes(std::uint64_t n) { return std::to_string(n) + " bytes of decompressed data"; }

class GzipSource final : public OpenedSource {
public:
    explicit GzipSource(std::unique_ptr<FileHandle> file) : in_(std::move(file)) {
        std::memset(&z_, 0, sizeof z_);
        if (inflateInit2(&z_, 15 + 16) != Z_OK) throw Error("zlib: cannot start a gzip stream");
    }
    ~GzipSource() override { inflateEnd(&z_); }

    std::size_t read(char* buffer, std::size_t capacity) override {
        error_.throwIfSet();
        std::size_t produced = 0;
        try {
            produced = inflateInto(buffer, capacity);
        } catch (const StreamError&) {
            error_.set(std::current_exception());
            produced = lastProduced_;
            if (produced == 0) throw;
        }
        total_ += produced;
        checkExpansion(total_, in_.consumed());
        return produced;
    }
    std::uint64_t consumed() const override { return in_.consumed(); }

private:
    std::size_t inflateInto(char* buffer, std::size_t capacity) {
        std::size_t& produced = lastProduced_;
        produced = 0;
        while (produced < capacity) {
            if (finished_) {
                // Concatenated gzip members are one stream (as gzip -d does);
                // zero bytes after the last member are padding (as gzip -t
                // accepts, e.g. from a tape block).
                if (!in_.fill() || skipZeroPadding()) break;
                inflateReset(&z_);
                finished_ = false;
            }
            // Without more input zlib may still hold decoded bytes: ask for them.
            const bool more = in_.fill();
            const std::size_t room = std::min<std::size_t>(capacity - produced, kMaxStep);
            z_.next_in = more ? reinterpret_cast<Bytef*>(const_cast<char*>(in_.data())) : Z_NULL;
            z_.avail_in = more ? static_cast<uInt>(in_.available()) : 0;
            z_.next_out = reinterpret_cast<Bytef*>(buffer + produced);
            z_.avail_out = static_cast<uInt>(room);
            int rc = inflate(&z_, Z_NO_FLUSH);
            if (more) in_.advance(in_.available() - z_.avail_in);
            const std::size_t got = room - z_.avail_out;
            produced += got;
            if (rc == Z_STREAM_END) {
                finished_ = true;
            } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
                throw StreamError(in_.path(), false,
                                  "corrupt gzip data at byte " + std::to_string(in_.consumed()) +
                                      " of the file (after " + decodedBytes(total_ + produced) +
                                      "): " + (z_.msg ? z_.msg : "inflate failed") + "; expected a valid gzip stream");
            } else if (!more && got == 0) {
                throw StreamError(in_.path(), true,
                                  "truncated gzip stream: the compressed data ends after " +
                                      decodedBytes(total_ + produced) + "; expected the rest of the stream");
            }
        }
        return produced;
    }

    // At the end of a member: consumes zero bytes; true if only zeros remain.
    bool skipZeroPadding() {
        while (in_.fill()) {
            if (*in_.data() != '\0') return false;
            const char* p = in_.data();
            std::size_t n = 0;
            while (n < in_.available() && p[n] == '\0') ++n;
            in_.advance(n);
        }
        return true;
    }

    static constexpr std::size_t kMaxStep = std::size_t(1) << 30;  // zlib counts in 32 bits
    CompressedInput in_;
    z_stream z_;
    bool finished_ = false;
    std::uint64_t total_ = 0;
    std::size_t lastProduced_ = 0;
    DeferredError error_;
};

class ZstdSource final : public OpenedSource {
public:
    explicit ZstdSource(std::unique_ptr<FileHandle> file)
        : in_(std::move(file)), stream_(ZSTD_createDStream()) {
        if (!stream_) throw Error("zstd: cannot start a stream");
        ZSTD_initDStream(stream_);
    }
    ~ZstdSource() override { ZSTD_freeDStream(stream_); }

    // zstd decodes into a buffer of its own size, and the caller's reads are
    // served from it: what is decoded before a corrupt block or a bad
    // checksum, and where the error says it is, do not depend on how much the
    // caller asks for at a time (docs/hardening.md promises results independent of
    // the read size; a caller's large buffer let zstd decode a whole frame in
    // place and withhold it, a small one got its bytes before the checksum).
    std::size_t read(char* buffer, std::size_t capacity) override {
        if (next_ == have_) {
            error_.throwIfSet();
            if (decoded_.empty()) decoded_.resize(ZSTD_DStreamOutSize());
            next_ = have_ = 0;
            ZSTD_outBuffer out{decoded_.data(), decoded_.size(), 0};
            try {
                decompressInto(out);
            } catch (const StreamError&) {
                error_.set(std::current_exception());
                if (out.pos == 0) throw;
            }
            have_ = out.pos;
            total_ += out.pos;
            checkExpansion(total_, in_.consumed());
            if (have_ == 0) return 0;
        }
        const std::size_t n = std::min(capacity, have_ - next_);
        std::copy_n(decoded_.data() + next_, n, buffer);
        next_ += n;
        return n;
    }
    std::uint64_t consumed() const override { return in_.consumed(); }

private:
    void decompressInto(ZSTD_outBuffer& out) {
        while (out.pos < out.size) {
            // Without more input zstd may still hold decoded bytes: ask for them.
            const bool more = in_.fill();
            if (!more && !frameOpen_) return;  // the end, between frames
            ZSTD_inBuffer inBuf{more ? in_.data() : nullptr, more ? in_.available() : 0, 0};
            const std::size_t before = out.pos;
            const std::uint64_t from = in_.consumed();
            std::size_t rc = ZSTD_decompressStream(stream_, &out, &inBuf);
            in_.advance(inBuf.pos);
            if (ZSTD_isError(rc)) {
                // zstd may fail without saying how far it read: then the
                // error lies in the bytes it was given.
                const std::string where = inBuf.pos > 0 ? "at byte " + std::to_string(in_.consumed())
                                                        : "within bytes " + std::to_string(from) + "–" +
                                                              std::to_string(from + inBuf.size);
                throw StreamError(in_.path(), false,
                                  "corrupt zstd data " + where +
                                      " of the file (after " + decodedBytes(total_ + out.pos) +
                                      "): " + ZSTD_getErrorName(rc) + "; expected a valid zstd stream");
            }
            if (!more && out.pos == before) {
                throw StreamError(in_.path(), true,
                                  "truncated zstd stream: the compressed data ends after " +
                                      decodedBytes(total_ + out.pos) + "; expected the rest of the frame");
            }
            frameOpen_ = rc != 0;
        }
    }

    CompressedInput in_;
    ZSTD_DStream* stream_;
    std::vector<char> decoded_;  // zstd's output; [next_, have_) not yet handed out
    std::size_t next_ = 0, have_ = 0;
    bool frameOpen_ = false;
    std::uint64_t total_ = 0;
    DeferredError error_;
};

} // namespace

void ByteSource::checkExpansion(std::uint64_t decoded, std::uint64_t consumed) const {
    if (maxExpansion_ <= 0 || decoded <= kExpansionFloor) return;
    if (double(decoded) <= maxExpansion_ * double(std::max<std::uint64_t>(consumed, 1))) return;
    throw InputError({path_, 0, 0}, std::string("the ") + compressionName(compression_) + " stream expands " +
                                        std::to_string(decoded) + " bytes from " + std::to_string(consumed) +
                                        " bytes of the file, more than " + std::to_string(std::llround(maxExpansion_)) +
                                        ":1 (a decompression bomb?); expected at most that ratio "
                                        "(--max-expansion raises the limit, 0 removes it)");
}

std::unique_ptr<ByteSource> ByteSource::open(const std::string& path, double maxExpansion) {
    return openByteSource(std::make_unique<FileHandle>(path), maxExpansion);
}

std::unique_ptr<ByteSource> openByteSource(std::unique_ptr<FileHandle> file, double maxExpansion) {
    const std::string_view head = file->peek(4);  // handed out again by the handle
    auto starts = [&](std::initializer_list<unsigned char> magic) {
        if (head.size() < magic.size()) return false;
        std::size_t i = 0;
        for (unsigned char m : magic)
            if (static_cast<unsigned char>(head[i++]) != m) return false;
        return true;
    };
    const FileHandle& opened = *file;
    std::unique_ptr<OpenedSource> source;
    Compression kind = Compression::None;
    if (starts({0x1f, 0x8b})) {
        kind = Compression::Gzip;
        source = std::make_unique<GzipSource>(std::move(file));
    } else if (starts({0x28, 0xb5, 0x2f, 0xfd})) {
        kind = Compression::Zstd;
        source = std::make_unique<ZstdSource>(std::move(file));
    } else {
        source = std::make_unique<PlainSource>(std::move(file));
    }
    source->describe(opened, kind, maxExpansion);
    return source;
}

std::string readAll(const std::string& path) { return readAll(*ByteSource::open(path)); }

std::string readAll(ByteSource& source) {
    std::string text;
    std::size_t used = 0;
    for (;;) {
        if (text.size() - used < (1u << 20)) text.resize(std::max<std::size_t>(text.size() * 2, used + (4u << 20)));
        std::size_t n = source.read(text.data() + used, text.size() - used);
        if (n == 0) break;
        used += n;
    }
    text.resize(used);
    return text;
}

} // namespace ranklab
