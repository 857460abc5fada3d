#include "manifest/manifest_embed.h"

#include "common/error.h"
#include "common/json_depth.h"

#include <cstdint>
#include <sstream>

#include <nlohmann/json.hpp>
#include <zlib.h>

namespace ranklab {
namespace {

constexpr std::string_view kMarker = "RankLab manifest";
constexpr std::string_view kPngSignature = "\x89PNG\r\n\x1a\n";

std::string commentLines(const std::string& json, std::string_view prefix) {
    std::string out;
    out.append(prefix).append(" ").append(kMarker).append("\n");
    std::istringstream lines(json);
    for (std::string line; std::getline(lines, line);) out.append(prefix).append(" ").append(line).append("\n");
    return out;
}

std::uint32_t bigEndian32(const std::string& b, std::size_t at) {
    return std::uint32_t(std::uint8_t(b[at])) << 24 | std::uint32_t(std::uint8_t(b[at + 1])) << 16 |
           std::uint32_t(std::uint8_t(b[at + 2])) << 8 | std::uint32_t(std::uint8_t(b[at + 3]));
}

// zlib data inflated; none if it is corrupt.
std::optional<std::string> inflated(std::string_view data) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return std::nullopt;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = uInt(data.size());
    std::string out;
    char buffer[16384];
    int status = Z_OK;
    while (status == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        status = inflate(&z, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - z.avail_out);
    }
    inflateEnd(&z);
    if (status != Z_STREAM_END) return std::nullopt;
    return out;
}

// The text of the PNG chunk tEXt, zTXt or iTXt "ranklab-manifest".
std::optional<std::string> pngText(const std::string& bytes) {
    const std::string keyword = "ranklab-manifest";
    for (std::size_t at = kPngSignature.size(); at + 12 <= bytes.size();) {
        const std::uint32_t length = bigEndian32(bytes, at);
        if (at + 12 + std::uint64_t(length) > bytes.size()) break;
        const std::string type = bytes.substr(at + 4, 4);
        const std::string data = bytes.substr(at + 8, length);
        if ((type == "tEXt" || type == "zTXt" || type == "iTXt") &&
            data.compare(0, keyword.size() + 1, keyword + '\0') == 0) {
            std::string rest = data.substr(keyword.size() + 1);
            if (type == "zTXt") return rest.empty() ? std::nullopt : inflated(std::string_view(rest).substr(1));
            if (type == "iTXt") {
                // compression flag, method, language\0, translated keyword\0, text
                if (rest.size() < 2) return std::nullopt;
                const bool compressed = rest[0] != 0;
                std::size_t lang = rest.find('\0', 2);
                std::size_t translated = lang == std::string::npos ? lang : rest.find('\0', lang + 1);
                if (translated == std::string::npos) return std::nullopt;
                rest = rest.substr(translated + 1);
                if (compressed) return inflated(rest);
            }
            return rest;
        }
        at += 12 + length;
    }
    return std::nullopt;
}

// The JSON after a comment marker line: the following lines with the same
// prefix, up to the first that closes the object.
std::optional<std::string> commentBlock(const std::string& text, std::size_t* begin = nullptr,
                                        std::size_t* end = nullptr) {
    const std::size_t marker = text.find(kMarker);
    if (marker == std::string::npos) return std::nullopt;
    const std::size_t lineStart = marker == 0 ? 0 : text.rfind('\n', marker - 1) + 1;
    const std::string prefix = text.substr(lineStart, marker - lineStart);  // "# ", "% ", "<!-- "
    std::size_t at = text.find('\n', marker);
    std::string json;
    const bool html = prefix.rfind("<!--", 0) == 0;
    while (at != std::string::npos && at + 1 < text.size()) {
        const std::size_t next = text.find('\n', at + 1);
        std::string line = text.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
        at = next;
        if (html) {
            if (line == "-->") break;
        } else {
            if (line.rfind(prefix, 0) != 0) break;
            line.erase(0, prefix.size());
        }
        json.append(line).append("\n");
        if (line == "}") break;
    }
    if (begin) *begin = lineStart;
    if (end) *end = at == std::string::npos ? text.size() : at + 1;
    return html ? xmlUnescape(json) : json;
}

// The content of the element with id="ranklab-manifest".
std::optional<std::string> xmlElement(const std::string& text, std::size_t* begin = nullptr,
                                      std::size_t* end = nullptr) {
    const std::size_t id = text.find("id=\"ranklab-manifest\"");
    if (id == std::string::npos) return std::nullopt;
    const std::size_t open = text.find('>', id);
    const std::size_t close = open == std::string::npos ? open : text.find("</", open);
    if (close == std::string::npos) return std::nullopt;
    if (begin) *begin = open + 1;
    if (end) *end = close;
    return xmlUnescape(std::string_view(text).substr(open + 1, close - open - 1));
}

} // namespace

std::string xmlEscape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string xmlUnescape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '&') {
            out += text[i];
            continue;
        }
        static const std::pair<std::string_view, char> entities[] = {
            {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&#39;", '\''}};
        bool matched = false;
        for (const auto& [entity, c] : entities)
            if (text.substr(i, entity.size()) == entity) {
                out += c;
                i += entity.size() - 1;
                matched = true;
                break;
            }
        if (!matched) out += '&';
    }
    return out;
}

std::string embedManifest(const std::string& text, std::string_view format, const Manifest& manifest,
                          bool* embedded) {
    if (embedded) *embedded = true;
    if (format == "json") {
        auto json = nlohmann::ordered_json::parse(text, nullptr, false);
        if (json.is_discarded() || !json.is_object()) {
            if (embedded) *embedded = false;
            return text;
        }
        json["manifest"] = nlohmann::ordered_json::parse(manifestJson(manifest));
        return json.dump(2) + "\n";
    }
    if (format == "md") return "<!-- " + std::string(kMarker) + "\n" + xmlEscape(manifestJson(manifest)) + "\n-->\n\n" + text;
    if (format == "latex") return commentLines(manifestJson(manifest), "%") + text;
    return commentLines(manifestJson(manifest), "#") + text;  // csv, table, tsv
}

std::string manifestXmlElement(const Manifest& manifest, const char* tag) {
    return std::string("<") + tag + " id=\"ranklab-manifest\">" + xmlEscape(manifestJson(manifest, -1)) + "</" + tag +
           ">";
}

std::optional<std::string> findManifestJson(const std::string& bytes) {
    if (bytes.compare(0, kPngSignature.size(), kPngSignature) == 0) return pngText(bytes);
    if (auto element = xmlElement(bytes)) return element;
    if (auto block = commentBlock(bytes)) return block;
    requireJsonDepth(bytes, "the export");  // the parser recurses per level
    auto json = nlohmann::json::parse(bytes, nullptr, false);
    if (!json.is_discarded() && json.is_object() && json.contains("manifest")) return json["manifest"].dump();
    return std::nullopt;
}

std::string withoutManifest(const std::string& bytes) {
    std::size_t begin = 0, end = 0;
    if (bytes.compare(0, kPngSignature.size(), kPngSignature) == 0) {
        std::string out = bytes.substr(0, kPngSignature.size());
        for (std::size_t at = kPngSignature.size(); at + 12 <= bytes.size();) {
            const std::uint32_t length = bigEndian32(bytes, at);
            const std::string type = bytes.substr(at + 4, 4);
            if (type != "tEXt" && type != "iTXt" && type != "zTXt") out += bytes.substr(at, 12 + length);
            at += 12 + std::size_t(length);
        }
        return out;
    }
    // The HTML report: its whole manifest section.
    if (const std::size_t section = bytes.find("<section id=\"manifest\">"); section != std::string::npos) {
        const std::size_t close = bytes.find("</section>", section);
        if (close != std::string::npos) return bytes.substr(0, section) + bytes.substr(close + 10);
    }
    if (xmlElement(bytes, &begin, &end) || commentBlock(bytes, &begin, &end))
        return bytes.substr(0, begin) + bytes.substr(end);
    try {
        requireJsonDepth(bytes, "the export");
    } catch (const Error&) {
        return bytes;  // too deep to be a RankLab export's JSON: nothing of it is taken out
    }
    auto json = nlohmann::ordered_json::parse(bytes, nullptr, false);
    if (!json.is_discarded() && json.is_object() && json.contains("manifest")) {
        json.erase("manifest");
        return json.dump(2);
    }
    return bytes;
}

} // namespace ranklab
