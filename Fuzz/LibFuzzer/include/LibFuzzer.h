// libFuzzer's entry for a program with its own `main` (a SwiftPM executable names its entry
// point itself): runs the fuzzer with the command line and `UserCb` as the target, as libFuzzer's
// own `main` does. Defined in libclang_rt.fuzzer, linked in by `-sanitize=fuzzer`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
