#include "io/run_sniffing.h"

#include <algorithm>
#include <cctype>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/file_handle.h"
#include "io/format_detection.h"
#include "io/parquet_source.h"

namespace ranklab {
namespace {

bool endsWith(std::string name, std::string_view ext) {
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0;
}

// The start of the decompressed file, cut at a line end.
std::string sampleOf(const std::string& path, std::size_t bytes = 64 * 1024) {
    auto source = ByteSource::open(path);
    std::string sample(bytes, '\0');
    std::size_t filled = 0;
    for (std::size_t n; filled < bytes && (n = source->read(sample.data() + filled, bytes - filled)) > 0;) filled += n;
    const bool whole = filled < bytes;
    sample.resize(filled);
    if (sample.rfind("\xEF\xBB\xBF", 0) == 0) sample.erase(0, 3);
    if (!whole && sample.rfind('\n') != std::string::npos) sample.resize(sample.rfind('\n') + 1);
    return sample;
}

} // namespace

bool looksLikeRunFile(const std::string& path) {
    if (looksLikeParquet(path)) return true;
    if (endsWith(path, ".npy") || endsWith(path, ".npz")) return true;
    // A pipe or a FIFO is not opened to look: its reader would lose the bytes.
    if (!isRegularInput(path)) return false;
    try {
        return resolveFormat(sampleOf(path), Role::Run, FormatSpec{}, path).kind == FormatKind::Trec;
    } catch (const Error&) {
        return false;  // unreadable or not a layout of a run: the import dialog says why
    }
}

} // namespace ranklab
