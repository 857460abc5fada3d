#pragma once
// Whether a file is plainly a model's scores, so a dropped file can be added
// as a model without asking: Parquet input (a file, a folder of parts), a
// numpy array (.npy, .npz: score matrices and top-k arrays), or text whose
// first lines read as a TREC run (six columns: user Q0 item rank score tag).
// Anything else (a TREC qrels, a three-column TSV that may be grades or
// scores) is not plain: the caller should ask.
#include <string>

namespace ranklab {

bool looksLikeRunFile(const std::string& path);

} // namespace ranklab
