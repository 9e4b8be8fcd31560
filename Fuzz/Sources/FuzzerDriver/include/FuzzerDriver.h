#ifndef FILTERABLE_RESULTS_FUZZER_DRIVER_H
#define FILTERABLE_RESULTS_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own main (here, the
/// main SwiftPM gives every executable): parses libFuzzer's flags from the
/// command line and runs `callback` on every input it tries.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
