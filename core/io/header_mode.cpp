#include "io/header_mode.h"

namespace ranklab {

std::optional<HeaderMode> parseHeaderMode(std::string_view text) {
    if (text == "yes") return HeaderMode::Yes;
    if (text == "no") return HeaderMode::No;
    if (text == "auto") return HeaderMode::Auto;
    return std::nullopt;
}

void applyHeaderMode(DatasetSources& sources, HeaderMode mode) {
    auto apply = [mode](FormatSpec& f) {
        const bool text = f.kind == FormatKind::Auto || f.kind == FormatKind::Delimited;
        if (text && f.header == HeaderMode::Auto) f.header = mode;
    };
    apply(sources.judgmentsFormat);
    for (RunSource& r : sources.runs) apply(r.format);
    apply(sources.exclusionsFormat);
    apply(sources.cohortsFormat);
    apply(sources.itemsFormat);
}

namespace {
constexpr std::string_view kTaken = " taken as a header (";
constexpr std::string_view kUnusual = ": not the usual column names";
}

std::string headerTakenWarning(std::uint64_t line, const std::vector<std::string>& fields, bool usualNames) {
    std::string names;
    for (const std::string& f : fields) names += (names.empty() ? "" : ", ") + f;
    return "line " + std::to_string(line) + std::string(kTaken) + names + (usualNames ? "" : std::string(kUnusual)) +
           "); --header no (or the format's ,noheader) reads it as data";
}

bool isHeaderTakenWarning(std::string_view warning) {
    return warning.starts_with("line ") && warning.find(kTaken) != std::string_view::npos;
}

bool isUnusualHeaderWarning(std::string_view warning) {
    return isHeaderTakenWarning(warning) && warning.find(kUnusual) != std::string_view::npos;
}

} // namespace ranklab
