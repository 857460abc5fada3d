#pragma once
// The workspace tests' fixture: a fresh folder per test (named after the
// test suite, the test and the process), removed afterwards, and files
// written into it (their folders made first).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace ranklab::testing {

class WorkspaceFolderTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = std::filesystem::temp_directory_path() / ("ranklab_" + std::string(info->test_suite_name()) + "_" +
                                                         info->name() + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Writes `text` to `name` in the folder and returns its path.
    std::string write(const std::string& name, const std::string& text) const {
        std::filesystem::create_directories((dir_ / name).parent_path());
        std::ofstream(dir_ / name, std::ios::binary) << text;
        return path(name);
    }

    std::filesystem::path dir_;
};

} // namespace ranklab::testing
