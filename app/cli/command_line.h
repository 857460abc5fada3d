#pragma once
// The command line's grammar, without CLI11 in any header. Every command
// declares its options through these thin handles, named as CLI11 names them
// (add_option, check, capture_default_str, ...); CLI11 does the parsing, the
// checks, the help and the messages, so ranklab-cli behaves exactly as with
// CLI11 itself. CLI11 is header-only (about 5 s of compilation per file that
// includes it, Debian's 2.1.2 has no compiled mode): this way it is compiled
// in command_line.cpp and nowhere else.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
class Validator;
} // namespace CLI

namespace ranklab::cli {

// A check of an option's text: one of CLI11's validators.
class Check {
public:
    // `test` returns "" for a good text, else what was expected (it may
    // rewrite the text); `description` is the type shown in --help.
    static Check custom(std::function<std::string(std::string&)> test, std::string description);
    // CLI::Range: "INT in [0 - 17]"; T is int, unsigned or unsigned long.
    template <class T>
    static Check range(T low, T high);
    static Check member(std::vector<std::string> values);  // CLI::IsMember
    static Check nonNegativeNumber();                      // CLI::NonNegativeNumber
    static Check existingFile();                           // CLI::ExistingFile

    const CLI::Validator& validator() const { return *validator_; }

private:
    explicit Check(std::shared_ptr<const CLI::Validator> validator) : validator_(std::move(validator)) {}
    std::shared_ptr<const CLI::Validator> validator_;
};

class Command;

// One declared option; every setter returns the option, to chain.
class Option {
public:
    explicit Option(CLI::Option* option) : option_(option) {}
    Option* check(const Check& check);
    Option* capture_default_str();
    Option* required(bool value = true);
    Option* excludes(Option* other);
    Option* needs(Option* other);
    Option* expected(int count);
    Option* allow_extra_args(bool value);
    Option* take_all();  // multi_option_policy(TakeAll): every occurrence kept

    CLI::Option* raw() const { return option_; }

private:
    CLI::Option* option_;
};

// A command (or the whole program): its options and subcommands. Owns the
// handles it gives out, so their addresses stay valid while it lives.
class Command {
public:
    explicit Command(CLI::App* app) : app_(app) {}
    Command(const Command&) = delete;
    Command& operator=(const Command&) = delete;
    ~Command();

    // T is one of the types command_line.cpp instantiates (numbers, optional
    // numbers, strings, lists of strings); another type is a link error
    // naming it: add it to the list there.
    template <class T>
    Option* add_option(const std::string& name, T& target, const std::string& help = "");
    Option* add_flag(const std::string& name, bool& target, const std::string& help = "");
    Command* add_subcommand(const std::string& name, const std::string& description);

    Command* footer(const std::string& text);
    Command* callback(std::function<void()> run);
    Command* parse_complete_callback(std::function<void()> run);
    Command* allow_extras(bool value = true);

    // nullptr when the command has no such option.
    Option* get_option(const std::string& name);
    bool has_option(const std::string& name) const;
    void remove_option(Option* option);
    // How many times the option was given (0 when the command has none).
    std::size_t count(const std::string& name) const;

    CLI::App* raw() const { return app_; }

private:
    Option* wrap(CLI::Option* option);

    CLI::App* app_;
    std::vector<std::unique_ptr<Option>> options_;
    std::vector<std::unique_ptr<Command>> subcommands_;
};

// An option the running command was given: its first long name (without
// "--"; a positional's name), whether it is a flag, and its values as given.
struct GivenOption {
    std::string name;
    bool flag = false;
    std::vector<std::string> values;
};
// The options the command that runs was given and its name, recorded just
// before its callback runs (the study request of its manifest is made of them).
const std::vector<GivenOption>& givenOptions();
const std::string& givenCommand();

// CLI11's "required option missing" error (exit code 106 and its message),
// for requirements checked after parsing (--qrels or --workspace).
[[noreturn]] void throwRequired(const std::string& what);

} // namespace ranklab::cli
