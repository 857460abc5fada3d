#pragma once
// One table of names per policy (ties, users, corrections): the parser, the
// name written for a value, the values a CLI option accepts, its help's
// "a | b | c" and every "expected a, b or c" message are made from it, so a
// policy's names are typed once (rank/tie_policy.h, eval/eval_settings.h,
// stats/corrections.h).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab {

template <class Value>
struct Named {
    std::string_view name;
    Value value;
    bool canonical = true;  // the name written for the value (its first canonical entry)
    bool listed = true;     // named in help texts and "expected ..." messages
};

template <class Value>
std::optional<Value> parseName(std::span<const Named<Value>> table, std::string_view text) {
    for (const Named<Value>& entry : table)
        if (entry.name == text) return entry.value;
    return std::nullopt;
}

// The name written for `value`; "?" for a value the table lacks.
template <class Value>
std::string_view nameOf(std::span<const Named<Value>> table, Value value) {
    for (const Named<Value>& entry : table)
        if (entry.canonical && entry.value == value) return entry.name;
    return "?";
}

// Every accepted name (aliases too), in table order: a CLI option's check.
template <class Value>
std::vector<std::string> acceptedNames(std::span<const Named<Value>> table) {
    std::vector<std::string> names;
    for (const Named<Value>& entry : table) names.emplace_back(entry.name);
    return names;
}

// The listed names joined by `separator` ("none | bonferroni | holm").
template <class Value>
std::string listedNames(std::span<const Named<Value>> table, std::string_view separator = " | ") {
    std::string text;
    for (const Named<Value>& entry : table)
        if (entry.listed) text.append(text.empty() ? "" : separator).append(entry.name);
    return text;
}

// "a, b, c or d": the listed names, for "expected ..." messages.
template <class Value>
std::string expectedNames(std::span<const Named<Value>> table) {
    std::vector<std::string_view> names;
    for (const Named<Value>& entry : table)
        if (entry.listed) names.push_back(entry.name);
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text.append(i == 0 ? "" : i + 1 == names.size() ? " or " : ", ").append(names[i]);
    return text;
}

} // namespace ranklab
