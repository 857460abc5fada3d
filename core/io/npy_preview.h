#pragma once
// What the import dialog shows of a numpy run before reading it: the
// arrays' dtype, shape and memory order, the vocabularies' sizes, and the
// top-left corner of the array (ids from the vocabularies when given).
#include <string>
#include <vector>

#include "io/file_format.h"

namespace ranklab {

struct NumpyPreview {
    std::string description;  // "npy float32 (100, 50), C order dense matrix; users.txt: 100 users"
    std::vector<std::string> columns;            // header of the corner: "user", then item ids / ranks
    std::vector<std::vector<std::string>> rows;  // user id, then the values
};

// `format` is Npy, Npz or NpyTopk (Auto: detected). Throws InputError as
// reading would (bad header, vocabulary of the wrong length...).
NumpyPreview previewNumpy(const std::string& path, FormatSpec format, std::size_t maxRows = 8,
                          std::size_t maxColumns = 8);

} // namespace ranklab
