#ifndef REPODIGEST_CFUZZER_SHIM_H
#define REPODIGEST_CFUZZER_SHIM_H
// libFuzzer's entry point for programs that keep their own main. `make fuzz` links the
// toolchain's libclang_rt.fuzzer_no_main into the `fuzz` executable only.
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
