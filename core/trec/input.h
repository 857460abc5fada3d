#pragma once
// Reads a qrels file and one run into a Dataset as trec_eval 10 reads them.
// The strict readers of core/io do the work; when they refuse the run, it is
// read again with trec_eval's leniency (run_lines.h): fields past the sixth
// are ignored, and a duplicate document is an error only when two copies are
// in the top -M of its query (DuplicateDocsError, as trec_eval's
// "duplicate docs"). An empty run file is refused as trec_eval refuses it
// (TrecInputError, exit 2); a run read from a pipe or FIFO is read once:
// empty, it is refused the same way; needing the lenient reading (which
// reads the file again), it is refused with the strict error and a note.
#include <string>

#include "common/parallel.h"
#include "io/dataset.h"

namespace ranklab::trec {

struct InputOptions {
    std::string qrelsFormat = "trec";  // a FormatSpec ("auto", "trec", "tsv", ...)
    std::string runFormat = "trec";
    std::uint32_t maxLength = 0;  // trec_eval -M
    Parallelism parallelism;
};

Dataset loadTrecInput(const std::string& qrelsPath, const std::string& runPath, const InputOptions& options);

} // namespace ranklab::trec
