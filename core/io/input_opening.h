#pragma once
// Opening an input once. A pipe, a FIFO or standard input ("-") can be read
// only once: the format is detected by peeking through the opening that is
// then read (io/file_handle.h), and what needs seeking is refused by name.
#include <memory>
#include <string>

#include "io/byte_source.h"
#include "io/file_format.h"
#include "io/file_handle.h"

namespace ranklab {

// ByteSource::open over a file already opened (and maybe peeked at): the
// compression is sniffed by peeking, so no byte is lost.
std::unique_ptr<ByteSource> openByteSource(std::unique_ptr<FileHandle> file,
                                           double maxExpansion = kDefaultMaxExpansion);
// Reads the rest of `source`, decompressed.
std::string readAll(ByteSource& source);

// A run opened to detect its format from its first bytes, then read through
// the same opening: null when the format is given or the path is Parquet by
// its name or a folder of parts (then it is opened where it is read).
std::unique_ptr<FileHandle> openToDetect(const std::string& path, const FormatSpec& format);

// Whether `path` exists and is neither a regular file nor a folder (a pipe,
// a FIFO, a device), or is standard input.
bool isStreamPath(const std::string& path);

// Throws InputError naming `path`: Parquet is read by seeking to its footer,
// which a pipe, a FIFO or standard input cannot do.
[[noreturn]] void refuseParquetStream(const std::string& path);

} // namespace ranklab
