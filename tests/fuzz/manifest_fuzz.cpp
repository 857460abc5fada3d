// Fuzz target: export manifests as `verify` reads them. The bytes are read
// as an export (the manifest found in any of its forms, its numbers scanned)
// and as a manifest's JSON; a manifest that reads, study request included,
// is written back and read again: it must come back the same. Any exception
// but ranklab::Error is a bug.
#include <string>

#include "common/error.h"
#include "manifest/export_numbers.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"

using namespace ranklab;

namespace {

void roundTrip(const std::string& json) {
    Manifest m;
    try {
        m = manifestFromJson(json);
    } catch (const Error&) {
        return;
    }
    const std::string written = manifestJson(m);
    Manifest again;
    try {
        again = manifestFromJson(written);
    } catch (const Error&) {
        __builtin_trap();  // what RankLab writes, it reads
    }
    if (manifestJson(again) != written || again.request != m.request || again.inputs != m.inputs) __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    roundTrip(bytes);
    std::optional<std::string> found;
    try {
        found = findManifestJson(bytes);
    } catch (const Error&) {
    }
    if (found) roundTrip(*found);
    const std::string rest = withoutManifest(bytes);
    std::size_t line = 1;
    for (const ExportNumber& n : exportNumbers(rest)) {
        if (n.text.empty() || n.line < line || n.text.data() < rest.data() ||
            n.text.data() + n.text.size() > rest.data() + rest.size())
            __builtin_trap();
        line = n.line;
    }
    return 0;
}
