#include "io/npy_run_reader.h"

#include <absl/container/flat_hash_map.h>

#include <filesystem>

#include <fstream>
#include <memory>

#include "common/error.h"
#include "io/file_handle.h"
#include "io/input_opening.h"
#include "io/npy_rows.h"
#include "io/npy_vocabulary.h"
#include "io/npz_archive.h"
#include "io/npz_rows.h"

namespace ranklab {
namespace {

// Undoes the ids a failed read added.
struct Rollback {
    IdSpace& ids;
    std::size_t users, items;
    bool armed = true;
    explicit Rollback(IdSpace& space) : ids(space), users(space.users.size()), items(space.items.size()) {}
    ~Rollback() {
        if (!armed) return;
        ids.users.rollback(users);
        ids.items.rollback(items);
    }
};

struct Vocabularies {
    std::vector<std::string> users, items;
};

NpyNames namesOf(const Vocabularies& v) {
    NpyNames names;
    if (!v.users.empty()) names.user = [&v](std::uint64_t r) { return " (user \"" + printable(v.users[r]) + "\")"; };
    if (!v.items.empty())
        names.item = [&v](std::uint64_t c) {
            return c < v.items.size() ? " (item \"" + printable(v.items[c]) + "\")" : std::string();
        };
    return names;
}

// What the rows of an array are read from: its header and name (an array
// or an .npz member) and the bytes it took.
struct ArrayInfo {
    const NpyHeader& header;
    const std::string& name;
    std::uint64_t byteCount;
};
ArrayInfo infoOf(const NpyArray& a) { return {a.header(), a.name(), a.byteCount()}; }
ArrayInfo infoOf(const NpzMember& m) { return {m.header(), m.name(), m.header().dataOffset + m.header().dataBytes()}; }

Vocabularies readVocabularies(const FormatSpec& spec, const ArrayInfo& array, bool dense) {
    Vocabularies v;
    if (!spec.usersFile.empty())
        v.users = readVocabulary(spec.usersFile, array.header.shape[0],
                                 "row of " + array.name + ", shape " + array.header.shapeText());
    if (!spec.itemsFile.empty())
        v.items = readVocabulary(spec.itemsFile, dense ? array.header.shape[1] : 0,
                                 dense ? "column of " + array.name + ", shape " + array.header.shapeText()
                                       : "item index of " + array.name);
    return v;
}

// Interns the kept rows' users and items and lays the entries out by user id.
LoadedRun assemble(NpyRows rows, const Vocabularies& vocab, IdSpace& ids, LoadReport report) {
    Rollback rollback(ids);
    const std::size_t rowCount = rows.rowCounts.size();
    std::vector<UserId> userOf(rowCount, Interner::npos);
    for (std::size_t r = 0; r < rowCount; ++r)
        if (rows.rowCounts[r] > 0)
            userOf[r] = ids.users.intern(vocab.users.empty() ? std::to_string(r) : std::string_view(vocab.users[r]));
    // Items in order of first sight, as a text run interns them.
    std::uint32_t maxIndex = 0;
    for (std::uint32_t i : rows.indices) maxIndex = std::max(maxIndex, i);
    // Index -> id: an array as long as the largest index when that is not
    // much more than the entries (or a vocabulary, held anyway, bounds it),
    // else a hash map, so a small file naming index 2^28 - 1 allocates little.
    const std::size_t span = rows.indices.empty() ? 0 : std::size_t(maxIndex) + 1;
    const bool dense = !vocab.items.empty() || span <= std::max<std::size_t>(4 * rows.indices.size(), 1 << 16);
    std::vector<ItemId> itemOf(dense ? span : 0, Interner::npos);
    absl::flat_hash_map<std::uint32_t, ItemId> sparseItemOf;
    std::size_t distinct = 0;
    Column<ItemId> items(rows.indices.size());
    for (std::size_t e = 0; e < rows.indices.size(); ++e) {
        ItemId& id = dense ? itemOf[rows.indices[e]]
                           : sparseItemOf.try_emplace(rows.indices[e], Interner::npos).first->second;
        if (id == Interner::npos) {
            const std::uint32_t i = rows.indices[e];
            id = ids.items.intern(vocab.items.empty() ? std::to_string(i) : std::string_view(vocab.items[i]));
            ++distinct;
        }
        items[e] = id;
    }
    rows.indices = {};
    // Offsets by user id; rows are placed at their user's offset.
    std::vector<std::uint64_t> offsets(ids.users.size() + 1, 0);
    for (std::size_t r = 0; r < rowCount; ++r)
        if (userOf[r] != Interner::npos) offsets[userOf[r] + 1] = rows.rowCounts[r];
    for (std::size_t u = 0; u + 1 < offsets.size(); ++u) offsets[u + 1] += offsets[u];
    Column<ItemId> placedItems(items.size());
    Column<double> placedScores(items.size());
    std::uint64_t from = 0;
    std::size_t users = 0;
    for (std::size_t r = 0; r < rowCount; ++r) {
        const std::uint32_t n = rows.rowCounts[r];
        if (n > 0) {
            std::copy_n(items.begin() + from, n, placedItems.begin() + offsets[userOf[r]]);
            std::copy_n(rows.scores.begin() + from, n, placedScores.begin() + offsets[userOf[r]]);
            ++users;
        }
        from += n;
    }
    LoadedRun out;
    report.lines = rowCount;
    report.records = placedItems.size();
    report.users = users;
    report.items = distinct;
    report.newUsers = ids.users.size() - rollback.users;
    report.newItems = ids.items.size() - rollback.items;
    if (report.records == 0)
        throw InputError({report.path, 0, 0}, "no row has a ranked item (every score is -inf or padding); expected "
                                              "at least one scored item");
    out.run = Run(UserIndex(std::move(offsets)), std::move(placedItems), std::move(placedScores));
    out.report = std::move(report);
    rollback.armed = false;
    return out;
}

std::string describe(const char* kind, const NpyHeader& h) {
    return std::string(kind) + " " + h.typeName() + " " + h.shapeText() + (h.fortranOrder ? ", Fortran order" : ", C order") +
           (h.bigEndian ? ", big-endian" : "");
}

LoadReport reportFor(const std::string& path, const ArrayInfo& array) {
    LoadReport report;
    report.path = path;
    report.role = Role::Run;
    std::error_code error;  // a pipe's array: the bytes copied from it
    const std::uintmax_t size = isRegularInput(path) ? std::filesystem::file_size(path, error) : 0;
    report.fileBytes = isRegularInput(path) && !error ? size : array.byteCount;
    return report;
}

// A dense matrix (an array or an .npz member): `readRows(names)` gives its kept entries.
template <class Array, class ReadRows>
LoadedRun readDense(const Array& scores, const std::string& path, const char* kind, IdSpace& ids,
                    const ReadOptions& options, ReadRows&& readRows) {
    const ArrayInfo info = infoOf(scores);
    const Vocabularies vocab = readVocabularies(options.format, info, /*dense=*/true);
    LoadReport report = reportFor(path, info);
    report.format = describe(kind, info.header) + " dense matrix";
    if (options.rankDepth > 0) report.format += " (the top " + std::to_string(options.rankDepth) + " per user kept)";
    NpyRows rows = readRows(namesOf(vocab));
    return assemble(std::move(rows), vocab, ids, std::move(report));
}

// Top-k lists (arrays or .npz members): `readRows(input, names)` gives their kept entries.
template <class Array, class ReadRows>
LoadedRun readTopk(const Array& items, const Array* scores, const std::string& path, const char* kind, IdSpace& ids,
                   const ReadOptions& options, ReadRows&& readRows) {
    const ArrayInfo info = infoOf(items);
    const Vocabularies vocab = readVocabularies(options.format, info, /*dense=*/false);
    LoadReport report = reportFor(path, info);
    report.format = describe(kind, info.header) + " top-k item indices" +
                    (scores ? std::string(" with ") + scores->header().typeName() + " scores" : ", score = -rank");
    if (options.format.pad) report.format += ", pad=" + std::to_string(*options.format.pad);
    TopkInput input;
    input.pad = options.format.pad;
    input.vocabularySize = vocab.items.size();
    input.duplicates = options.duplicates;
    NpyRows rows = readRows(input, namesOf(vocab));
    return assemble(std::move(rows), vocab, ids, std::move(report));
}

LoadedRun readDenseArray(const NpyArray& scores, const std::string& path, const char* kind, IdSpace& ids,
                         const ReadOptions& options, const Progress* progress) {
    return readDense(scores, path, kind, ids, options, [&](const NpyNames& names) {
        return readDenseRows(scores, options.rankDepth, names, options.parallelism, progress);
    });
}

LoadedRun readTopkArrays(const NpyArray& items, const NpyArray* scores, const std::string& path, const char* kind,
                         IdSpace& ids, const ReadOptions& options, const Progress* progress) {
    return readTopk(items, scores, path, kind, ids, options, [&](TopkInput input, const NpyNames& names) {
        input.items = &items;
        input.scores = scores;
        return readTopkRows(input, names, options.parallelism, progress);
    });
}

} // namespace

namespace {

bool isZip(std::string_view bytes) {
    return bytes.substr(0, 4) == std::string_view("PK\x03\x04", 4) ||
           bytes.substr(0, 4) == std::string_view("PK\x05\x06", 4);
}

bool namedNpz(const std::string& path) { return path.size() > 4 && path.compare(path.size() - 4, 4, ".npz") == 0; }

[[noreturn]] void refuseArchiveStream(const std::string& path) {
    throw InputError({path, 0, 0}, "a zip archive (an .npz) that is not a regular file: it came through a pipe, a "
                                   "FIFO or standard input, read once, and an archive is read by seeking to its "
                                   "directory at its end; expected a file (save it to one first), or a plain .npy");
}

// The array at `path`: mapped if it is a regular file, else (a pipe, a FIFO,
// standard input) read through `opened` or a new opening into a temporary file.
NpyArray openArray(const std::string& path, std::unique_ptr<FileHandle> opened) {
    if (!opened && isRegularInput(path)) return NpyArray::open(path);
    if (!opened) opened = std::make_unique<FileHandle>(path);
    if (opened->regularFile()) return NpyArray::open(path);
    return NpyArray(MappedBytes::fromStream(*opened), path);
}

} // namespace

std::optional<FormatKind> detectNumpyFormat(const std::string& path) {
    // Only a regular file is peeked at (a pipe or FIFO would lose the bytes:
    // its reader peeks through its own opening, detectNumpyFormat(FileHandle&)).
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    char head[6] = {};
    if (!in.read(head, 6)) return std::nullopt;
    std::string_view bytes(head, 6);
    if (hasNpyMagic(bytes)) return FormatKind::Npy;
    if (isZip(bytes) && namedNpz(path)) return FormatKind::Npz;
    return std::nullopt;
}

std::optional<FormatKind> detectNumpyFormat(FileHandle& file) {
    const std::string_view bytes = file.peek(6);
    if (hasNpyMagic(bytes)) return FormatKind::Npy;
    if (!isZip(bytes)) return std::nullopt;
    if (!file.regularFile()) refuseArchiveStream(file.path());
    if (namedNpz(file.path())) return FormatKind::Npz;
    return std::nullopt;
}

LoadedRun readNumpyRun(const std::string& path, IdSpace& ids, const ReadOptions& options, const Progress* progress,
                       std::unique_ptr<FileHandle> opened) {
    const FormatSpec& spec = options.format;
    if (spec.kind == FormatKind::Npy)
        return readDenseArray(openArray(path, std::move(opened)), path, "npy", ids, options, progress);
    if (spec.kind == FormatKind::NpyTopk) {
        const NpyArray items = openArray(path, std::move(opened));
        std::optional<NpyArray> scores;
        if (!spec.scoresFile.empty()) scores.emplace(openArray(spec.scoresFile, nullptr));
        return readTopkArrays(items, scores ? &*scores : nullptr, path, "npy-topk", ids, options, progress);
    }
    if (spec.kind != FormatKind::Npz) throw Error(path + ": not a numpy format: " + spec.toString());
    if (opened ? !opened->regularFile() : isStreamPath(path)) refuseArchiveStream(path);
    opened.reset();
    const NpzArchive archive(path, options.maxExpansion);
    if (archive.has("items")) {
        NpzMember items = archive.member("items");
        std::optional<NpzMember> scores;
        if (archive.has("scores")) scores.emplace(archive.member("scores"));
        NpzMember* scoresMember = scores ? &*scores : nullptr;
        return readTopk(items, scoresMember, path, "npz", ids, options, [&](const TopkInput& input, const NpyNames& names) {
            return readTopkMembers(items, scoresMember, input, names, options.parallelism, progress);
        });
    }
    if (!archive.has("scores")) {
        std::string list;
        for (const auto& a : archive.arrays()) list += (list.empty() ? "" : ", ") + a;
        throw InputError({path, 0, 0}, "the archive holds " + (list.empty() ? std::string("no arrays") : list) +
                                           "; expected an array 'scores' (a dense matrix) or 'items' and 'scores' "
                                           "(top-k)");
    }
    NpzMember scores = archive.member("scores");
    return readDense(scores, path, "npz", ids, options, [&](const NpyNames& names) {
        return readDenseMember(scores, options.rankDepth, names, options.parallelism, progress);
    });
}

} // namespace ranklab
