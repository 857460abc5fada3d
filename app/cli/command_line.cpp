// The one file that compiles CLI11's option parsing (command_line.h).
#include "cli/command_line.h"

#include <optional>

#include <CLI/CLI.hpp>

namespace ranklab::cli {

Check Check::custom(std::function<std::string(std::string&)> test, std::string description) {
    return Check(std::make_shared<const CLI::Validator>(std::move(test), std::move(description)));
}

template <class T>
Check Check::range(T low, T high) {
    return Check(std::make_shared<const CLI::Range>(low, high));
}
template Check Check::range<int>(int, int);
template Check Check::range<unsigned>(unsigned, unsigned);
template Check Check::range<unsigned long>(unsigned long, unsigned long);

Check Check::member(std::vector<std::string> values) {
    return Check(std::make_shared<const CLI::IsMember>(std::move(values)));
}

Check Check::nonNegativeNumber() {
    return Check(std::make_shared<const CLI::Validator>(CLI::NonNegativeNumber));
}

Check Check::existingFile() {
    return Check(std::make_shared<const CLI::Validator>(CLI::ExistingFile));
}

Option* Option::check(const Check& check) {
    option_->check(check.validator());
    return this;
}

Option* Option::capture_default_str() {
    option_->capture_default_str();
    return this;
}

Option* Option::required(bool value) {
    option_->required(value);
    return this;
}

Option* Option::excludes(Option* other) {
    option_->excludes(other->raw());
    return this;
}

Option* Option::needs(Option* other) {
    option_->needs(other->raw());
    return this;
}

Option* Option::expected(int count) {
    option_->expected(count);
    return this;
}

Option* Option::allow_extra_args(bool value) {
    option_->allow_extra_args(value);
    return this;
}

Option* Option::take_all() {
    option_->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    return this;
}

Command::~Command() = default;

Option* Command::wrap(CLI::Option* option) {
    options_.push_back(std::make_unique<Option>(option));
    return options_.back().get();
}

template <class T>
Option* Command::add_option(const std::string& name, T& target, const std::string& help) {
    return wrap(app_->add_option(name, target, help));
}
template Option* Command::add_option<int>(const std::string&, int&, const std::string&);
template Option* Command::add_option<unsigned>(const std::string&, unsigned&, const std::string&);
template Option* Command::add_option<unsigned long>(const std::string&, unsigned long&, const std::string&);
template Option* Command::add_option<double>(const std::string&, double&, const std::string&);
template Option* Command::add_option<std::string>(const std::string&, std::string&, const std::string&);
template Option* Command::add_option<std::optional<double>>(const std::string&, std::optional<double>&,
                                                             const std::string&);
template Option* Command::add_option<std::optional<unsigned long>>(const std::string&, std::optional<unsigned long>&,
                                                                    const std::string&);
template Option* Command::add_option<std::vector<std::string>>(const std::string&, std::vector<std::string>&,
                                                                 const std::string&);

Option* Command::add_flag(const std::string& name, bool& target, const std::string& help) {
    return wrap(app_->add_flag(name, target, help));
}

Command* Command::add_subcommand(const std::string& name, const std::string& description) {
    subcommands_.push_back(std::make_unique<Command>(app_->add_subcommand(name, description)));
    return subcommands_.back().get();
}

Command* Command::footer(const std::string& text) {
    app_->footer(text);
    return this;
}

namespace {
std::vector<GivenOption>& given() {
    static std::vector<GivenOption> options;
    return options;
}
std::string& givenName() {
    static std::string name;
    return name;
}

void recordGiven(const CLI::App* app) {
    givenName() = app->get_name();
    given().clear();
    for (const CLI::Option* o : app->get_options()) {
        if (o->count() == 0) continue;
        GivenOption g;
        g.name = !o->get_lnames().empty()   ? o->get_lnames().front()
                 : !o->get_snames().empty() ? o->get_snames().front()
                                            : o->get_name();
        g.flag = o->get_expected_max() == 0;
        g.values = o->results();
        given().push_back(std::move(g));
    }
}
} // namespace

const std::vector<GivenOption>& givenOptions() { return given(); }
const std::string& givenCommand() { return givenName(); }

Command* Command::callback(std::function<void()> run) {
    app_->callback([app = app_, run = std::move(run)] {
        recordGiven(app);
        run();
    });
    return this;
}

Command* Command::parse_complete_callback(std::function<void()> run) {
    app_->parse_complete_callback(std::move(run));
    return this;
}

Command* Command::allow_extras(bool value) {
    app_->allow_extras(value);
    return this;
}

Option* Command::get_option(const std::string& name) {
    CLI::Option* option = app_->get_option_no_throw(name);
    if (!option) return nullptr;
    for (const auto& o : options_)
        if (o->raw() == option) return o.get();
    return wrap(option);
}

bool Command::has_option(const std::string& name) const {
    return app_->get_option_no_throw(name) != nullptr;
}

void Command::remove_option(Option* option) {
    if (!option) return;
    app_->remove_option(option->raw());
    for (auto it = options_.begin(); it != options_.end(); ++it)
        if (it->get() == option) {
            options_.erase(it);
            break;
        }
}

std::size_t Command::count(const std::string& name) const {
    return has_option(name) ? app_->count(name) : 0;
}

void throwRequired(const std::string& what) {
    throw CLI::RequiredError(what);
}

} // namespace ranklab::cli
