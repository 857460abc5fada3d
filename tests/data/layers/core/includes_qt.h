// A fixture: an engine header that includes Qt (the layer check must refuse it).
#include <QString>
