#pragma once
// --header yes|no|auto (the CLI) and header= (Python): whether the first
// line of each delimited file is a header, for every file whose format does
// not say itself (",header", ",noheader").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/dataset_loader.h"

namespace ranklab {

// "yes", "no", "auto"; nullopt for anything else.
std::optional<HeaderMode> parseHeaderMode(std::string_view text);

// Sets `mode` on each format of `sources` that may be delimited text (auto or
// tsv/csv/ws) and leaves the header to detection; TREC, JSON, numpy and
// Parquet have no header line.
void applyHeaderMode(DatasetSources& sources, HeaderMode mode);

// The load report's warning for a line detection took as a header:
// "line 1 taken as a header (user, item, score); --header no reads it as data".
// With `usualNames` false (some field is not a usual column name for the
// role), the warning says so: the guess is then worth a note on stderr.
std::string headerTakenWarning(std::uint64_t line, const std::vector<std::string>& fields, bool usualNames);
// Whether a load report's warning is that one, and whether it says the
// names are not the usual ones.
bool isHeaderTakenWarning(std::string_view warning);
bool isUnusualHeaderWarning(std::string_view warning);

} // namespace ranklab
