#include "io/npy_preview.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "common/error.h"
#include "io/npy_run_reader.h"
#include "io/npy_vocabulary.h"
#include "io/npz_archive.h"

namespace ranklab {
namespace {

std::string text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string arrayText(const NpyArray& a) {
    return std::string(a.header().typeName()) + " " + a.header().shapeText() +
           (a.header().fortranOrder ? ", Fortran order" : ", C order") + (a.header().bigEndian ? ", big-endian" : "");
}

} // namespace

NumpyPreview previewNumpy(const std::string& path, FormatSpec format, std::size_t maxRows, std::size_t maxColumns) {
    if (format.kind == FormatKind::Auto) {
        auto kind = detectNumpyFormat(path);
        if (!kind) throw InputError({path, 0, 0}, "not a .npy or .npz file; expected numpy's magic or a zip named .npz");
        format.kind = *kind;
    }
    std::optional<NpzArchive> archive;
    std::optional<NpyArray> main, scores;
    bool topk = format.kind == FormatKind::NpyTopk;
    if (format.kind == FormatKind::Npz) {
        archive.emplace(path);
        topk = archive->has("items");
        main.emplace(archive->open(topk ? "items" : "scores"));
        if (topk && archive->has("scores")) scores.emplace(archive->open("scores"));
    } else {
        main.emplace(NpyArray::open(path));
        if (topk && !format.scoresFile.empty()) scores.emplace(NpyArray::open(format.scoresFile));
    }
    NumpyPreview out;
    out.description = format.toString().substr(0, format.toString().find(',')) + " " + arrayText(*main) +
                      (topk ? " top-k item indices" : " dense matrix");
    if (scores) out.description += "; scores " + arrayText(*scores);
    else if (topk) out.description += "; score = -rank";
    std::vector<std::string> users, items;
    if (!format.usersFile.empty()) {
        users = readVocabulary(format.usersFile, main->rows(), "row of " + main->name() + ", shape " + main->header().shapeText());
        out.description += "; " + std::to_string(users.size()) + " users named";
    }
    if (!format.itemsFile.empty()) {
        items = readVocabulary(format.itemsFile, topk ? 0 : main->columns(),
                               (topk ? "item index of " : "column of ") + main->name() +
                                   (topk ? std::string() : ", shape " + main->header().shapeText()));
        out.description += "; " + std::to_string(items.size()) + " items named";
    }
    if (format.pad) out.description += "; pad=" + std::to_string(*format.pad) + " dropped";
    const std::size_t rows = std::min<std::uint64_t>(maxRows, main->rows());
    const std::size_t cols = std::min<std::uint64_t>(maxColumns, main->columns());
    out.columns.push_back("user");
    for (std::size_t c = 0; c < cols; ++c)
        out.columns.push_back(topk ? "rank " + std::to_string(c + 1) : items.empty() ? std::to_string(c) : items[c]);
    std::vector<double> values(rows * main->columns()), scoreValues(scores ? rows * main->columns() : 0);
    std::vector<std::int64_t> indices(topk ? rows * main->columns() : 0);
    if (topk) main->readIndexRows(0, rows, indices.data());
    else main->readRows(0, rows, values.data());
    if (scores) scores->readRows(0, rows, scoreValues.data());
    for (std::size_t r = 0; r < rows; ++r) {
        std::vector<std::string> row{users.empty() ? std::to_string(r) : users[r]};
        for (std::size_t c = 0; c < cols; ++c) {
            const std::size_t at = r * main->columns() + c;
            if (!topk) {
                row.push_back(text(values[at]));
                continue;
            }
            const std::int64_t i = indices[at];
            std::string cell = format.pad && i == *format.pad ? "(pad)"
                               : !items.empty() && i >= 0 && std::uint64_t(i) < items.size() ? items[std::size_t(i)]
                                                                                              : std::to_string(i);
            if (scores) cell += " (" + text(scoreValues[at]) + ")";
            row.push_back(cell);
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

} // namespace ranklab
