// The declaration of LLVMFuzzerRunDriver is all this target provides; the
// function itself comes from libFuzzer, linked by -sanitize=fuzzer.
#include "FuzzerDriver.h"
