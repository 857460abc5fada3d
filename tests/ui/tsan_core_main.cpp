// main() of the ThreadSanitizer lane's job-tracker tests: the TSan build
// leaves the UI out, and the job tracker needs only Qt's core and an event
// loop. (Not named *_test.cpp: the UI suite's glob must not pick it up.)
#include <QCoreApplication>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
