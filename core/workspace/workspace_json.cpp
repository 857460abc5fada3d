#include "workspace/workspace_json.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/json_depth.h"

namespace ranklab {
namespace {

using Json = nlohmann::json;

// 1-based line and column of the 0-based byte `offset` of `text`.
InputLocation locate(const std::string& file, const std::string& text, std::size_t offset) {
    offset = std::min(offset, text.size());
    InputLocation where{file, 1, 1};
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++where.line;
            lineStart = i + 1;
        }
    }
    where.column = offset - lineStart + 1;
    return where;
}

// nlohmann's message without its "[json.exception...] parse error at line
// L, column C: " prefix (we give the location ourselves).
std::string parseProblem(const std::string& message) {
    std::string_view m(message);
    auto column = m.find("column ");
    auto colon = m.find(": ", column == std::string_view::npos ? 0 : column);
    if (colon != std::string_view::npos) m.remove_prefix(colon + 2);
    return "invalid JSON: " + std::string(m);
}

std::string lineAt(const std::string& text, std::size_t offset) {
    offset = std::min(offset, text.size());
    std::size_t begin = offset == 0 ? 0 : text.rfind('\n', offset - 1);
    begin = begin == std::string::npos || offset == 0 ? 0 : begin + 1;
    std::size_t end = text.find('\n', begin);
    return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// Where the parser is, as the key a workspace error names:
// "evaluation.relevance_threshold", "models[1].path".
class KeyPath {
public:
    void onEvent(Json::parse_event_t event, const Json& parsed) {
        switch (event) {
        case Json::parse_event_t::object_start:
            frames_.push_back({false, {}, 0});
            break;
        case Json::parse_event_t::key:
            if (!frames_.empty()) frames_.back().key = parsed.is_string() ? parsed.get<std::string>() : std::string();
            break;
        case Json::parse_event_t::array_start:
            frames_.push_back({true, {}, 0});
            break;
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            if (!frames_.empty()) frames_.pop_back();
            elementDone();
            break;
        case Json::parse_event_t::value:
            elementDone();
            break;
        }
    }

    std::string text() const {
        std::string out;
        for (const Frame& f : frames_) {
            if (f.array) {
                out += '[' + std::to_string(f.index) + ']';
            } else {
                if (!out.empty()) out += '.';
                out += f.key;
            }
        }
        return out;
    }

private:
    struct Frame {
        bool array = false;
        std::string key;        // in an object: the member being read
        std::size_t index = 0;  // in an array: the element being read
    };
    void elementDone() {
        if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    }
    std::vector<Frame> frames_;
};

// "1e999" from nlohmann's "... number overflow parsing '1e999'".
std::string quotedToken(const std::string& message) {
    const auto close = message.rfind('\'');
    const auto open = close == std::string::npos || close == 0 ? std::string::npos : message.rfind('\'', close - 1);
    if (open == std::string::npos) return {};
    return message.substr(open + 1, close - open - 1);
}

} // namespace

nlohmann::json parseWorkspaceJson(const std::string& path, const std::string& text) {
    requireJsonDepth(text, path);
    KeyPath keys;
    try {
        return Json::parse(text, [&](int, Json::parse_event_t event, Json& parsed) {
            keys.onEvent(event, parsed);
            return true;
        });
    } catch (const Json::parse_error& e) {
        // `byte` counts the bytes read, the offending one included.
        std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        throw InputError(locate(path, text, offset), parseProblem(e.what()), lineAt(text, offset));
    } catch (const Json::out_of_range& e) {
        // A number beyond a double's range (nlohmann's error 406).
        const std::string key = keys.text();
        throw InputError({path, 0, 0}, "\"" + (key.empty() ? std::string("(top level)") : key) + "\": the number " +
                                           printable(quotedToken(e.what())) +
                                           " is out of range (the largest is about 1.8e308)");
    } catch (const Json::exception& e) {
        throw InputError({path, 0, 0}, std::string("invalid JSON: ") + e.what());
    }
}

} // namespace ranklab
