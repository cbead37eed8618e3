// Only the header matters: a C target needs one source file.
#include "LibFuzzer.h"
