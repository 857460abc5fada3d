// A fixture: a statistics header that includes the evaluation layer above it
// (the layer check must refuse it: stats uses only common).
#include "eval/evaluation.h"
