#pragma once
// Where an export carries its manifest, and finding it again.
//
//   json            a "manifest" object beside the report's keys
//   csv, table      '#' comment lines at the top: "# RankLab manifest" then
//                   the manifest's JSON, each line after "# " (pandas:
//                   read_csv(..., comment='#'); R: read.csv(comment.char='#'))
//   md, html        an HTML comment: "<!-- RankLab manifest" ... "-->"
//   latex           '%' comment lines, as csv
//   svg             <metadata id="ranklab-manifest">JSON</metadata> (XML-escaped)
//   png             a tEXt chunk with the keyword "ranklab-manifest"
//   pdf             the document's XMP metadata, an element with
//                   id="ranklab-manifest" holding the JSON (XML-escaped)
//   html report     <script type="application/json" id="ranklab-manifest">
#include <optional>
#include <string>
#include <string_view>

#include "manifest/manifest.h"

namespace ranklab {

// `text` of table format `format` ("json", "csv", "table", "md", "latex")
// with `manifest` embedded. A JSON text that is not an object is left as
// it is and false returned in `embedded`.
std::string embedManifest(const std::string& text, std::string_view format, const Manifest& manifest,
                          bool* embedded = nullptr);

// The XML element (SVG <metadata>, or inside XMP) holding the manifest.
std::string manifestXmlElement(const Manifest& manifest, const char* tag);

// The manifest JSON found in the bytes of any export (any of the forms
// above, PNG chunks included); none when there is none.
std::optional<std::string> findManifestJson(const std::string& bytes);

// `bytes` without the manifest (the part whose numbers are compared).
std::string withoutManifest(const std::string& bytes);

// "&", "<", ">" and '"' as XML entities, and back.
std::string xmlEscape(std::string_view text);
std::string xmlUnescape(std::string_view text);

} // namespace ranklab
