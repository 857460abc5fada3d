#pragma once
// A fixture: a header that includes CLI11 (the layer check must refuse it).
#include <CLI/CLI.hpp>
