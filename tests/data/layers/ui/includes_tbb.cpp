// A fixture: a workbench file that includes TBB (the layer check must refuse it).
#include <tbb/parallel_for.h>
