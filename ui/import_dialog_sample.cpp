// The start of a data file for the import dialog's preview (split from
// import_dialog.cpp): decompressed, cut at a line end, a byte-order mark
// dropped; a pipe, FIFO or device refused, since reading it would use it up.
#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "io/byte_source.h"
#include "ui/import_dialog.h"

namespace ranklab::ui {

std::string ImportDialog::readSample(const QString& path, std::size_t bytes) {
    // A FIFO, a pipe or a device can be read only once: the preview would use
    // up its first lines (or wait for a writer), and the load would then miss
    // them. Refused before it is opened.
    const std::string file = path.toStdString();
    std::error_code error;
    const auto type = std::filesystem::status(file, error).type();
    if (type == std::filesystem::file_type::fifo || type == std::filesystem::file_type::character ||
        type == std::filesystem::file_type::block || type == std::filesystem::file_type::socket)
        throw Error(file + ": a pipe, FIFO or device can be read only once, so the workbench cannot preview and "
                           "then load it; save it to a file first (ranklab-cli reads pipes directly)");
    auto source = ByteSource::open(file);
    std::string sample(bytes, '\0');
    std::size_t filled = 0;
    while (filled < bytes) {
        std::size_t n = source->read(sample.data() + filled, bytes - filled);
        if (n == 0) break;
        filled += n;
    }
    const bool whole = filled < bytes;
    sample.resize(filled);
    if (sample.rfind("\xEF\xBB\xBF", 0) == 0) sample.erase(0, 3);
    if (!whole) {
        auto end = sample.rfind('\n');
        if (end != std::string::npos) sample.resize(end + 1);
    }
    return sample;
}

} // namespace ranklab::ui
