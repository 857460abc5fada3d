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

std::string arrayText(const NpyHeader& h) {
    return std::string(h.typeName()) + " " + h.shapeText() + (h.fortranOrder ? ", Fortran order" : ", C order") +
           (h.bigEndian ? ", big-endian" : "");
}

} // namespace

NumpyPreview previewNumpy(const std::string& path, FormatSpec format, std::size_t maxRows, std::size_t maxColumns) {
    if (format.kind == FormatKind::Auto) {
        auto kind = detectNumpyFormat(path);
        if (!kind) throw InputError({path, 0, 0}, "not a .npy or .npz file; expected numpy's magic or a zip named .npz");
        format.kind = *kind;
    }
    // An .npz member's first rows only are read (a deflated one inflates
    // no further); a .npy is mapped.
    std::optional<NpzArchive> archive;
    std::optional<NpzMember> mainMember, scoresMember;
    std::optional<NpyArray> main, scores;
    bool topk = format.kind == FormatKind::NpyTopk;
    if (format.kind == FormatKind::Npz) {
        archive.emplace(path);
        topk = archive->has("items");
        mainMember.emplace(archive->member(topk ? "items" : "scores"));
        if (topk && archive->has("scores")) scoresMember.emplace(archive->member("scores"));
    } else {
        main.emplace(NpyArray::open(path));
        if (topk && !format.scoresFile.empty()) scores.emplace(NpyArray::open(format.scoresFile));
    }
    const NpyHeader& mainHeader = mainMember ? mainMember->header() : main->header();
    const std::string& mainName = mainMember ? mainMember->name() : main->name();
    const NpyHeader* scoresHeader = scoresMember ? &scoresMember->header() : scores ? &scores->header() : nullptr;
    const std::string& scoresName = scoresMember ? scoresMember->name() : scores ? scores->name() : mainName;
    if (scoresHeader && scoresHeader->shape != mainHeader.shape)
        throw InputError({scoresName, 0, 0}, "the scores have shape " + scoresHeader->shapeText() + "; expected " +
                                                 mainHeader.shapeText() + ", the shape of the item indices in " +
                                                 mainName);
    const std::uint64_t allRows = mainHeader.shape[0], allColumns = mainHeader.shape[1];
    const std::size_t rows = std::min<std::uint64_t>(maxRows, allRows);
    const std::size_t cols = std::min<std::uint64_t>(maxColumns, allColumns);
    if (mainMember && rows > 0) main.emplace(mainMember->nextRows(rows));
    if (scoresMember && rows > 0) scores.emplace(scoresMember->nextRows(rows));
    NumpyPreview out;
    out.description = format.toString().substr(0, format.toString().find(',')) + " " + arrayText(mainHeader) +
                      (topk ? " top-k item indices" : " dense matrix");
    if (scoresHeader) out.description += "; scores " + arrayText(*scoresHeader);
    else if (topk) out.description += "; score = -rank";
    std::vector<std::string> users, items;
    if (!format.usersFile.empty()) {
        users = readVocabulary(format.usersFile, allRows, "row of " + mainName + ", shape " + mainHeader.shapeText());
        out.description += "; " + std::to_string(users.size()) + " users named";
    }
    if (!format.itemsFile.empty()) {
        items = readVocabulary(format.itemsFile, topk ? 0 : allColumns,
                               (topk ? "item index of " : "column of ") + mainName +
                                   (topk ? std::string() : ", shape " + mainHeader.shapeText()));
        out.description += "; " + std::to_string(items.size()) + " items named";
    }
    if (format.pad) out.description += "; pad=" + std::to_string(*format.pad) + " dropped";
    out.columns.push_back("user");
    for (std::size_t c = 0; c < cols; ++c)
        out.columns.push_back(topk ? "rank " + std::to_string(c + 1) : items.empty() ? std::to_string(c) : items[c]);
    std::vector<double> values(rows * allColumns), scoreValues(scores ? rows * allColumns : 0);
    std::vector<std::int64_t> indices(topk ? rows * allColumns : 0);
    if (rows > 0 && topk) main->readIndexRows(0, rows, indices.data());
    else if (rows > 0) main->readRows(0, rows, values.data());
    if (rows > 0 && scores) scores->readRows(0, rows, scoreValues.data());
    for (std::size_t r = 0; r < rows; ++r) {
        std::vector<std::string> row{users.empty() ? std::to_string(r) : users[r]};
        for (std::size_t c = 0; c < cols; ++c) {
            const std::size_t at = r * allColumns + c;
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
