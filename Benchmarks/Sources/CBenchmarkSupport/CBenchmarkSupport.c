#include "CBenchmarkSupport.h"

#include <stdio.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAS_CALLGRIND 1
#endif
#endif

size_t bench_bytes_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}

size_t bench_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &size, &resident);
    fclose(file);
    if (read != 2) return 0;
    return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

size_t bench_resident_file_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size = 0, resident = 0, shared = 0;
    int read = fscanf(file, "%lu %lu %lu", &size, &resident, &shared);
    fclose(file);
    if (read != 3) return 0;
    return (size_t)shared * (size_t)sysconf(_SC_PAGESIZE);
}

void bench_fix_mmap_threshold(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
#endif
}

void bench_trim(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

static const void *volatile bench_sink_pointer;

void bench_sort_freed_chunks(void) {
#if defined(__GLIBC__)
    // An odd size between the largest chunk the store allocates and the
    // mmap threshold: no freed chunk of the library's is an exact fit, so
    // malloc walks its unsorted bin before it takes a large one.
    void *block = malloc(100003);
    bench_sink_pointer = block;
    free(block);
#endif
}

void bench_consume(const void *pointer) {
    bench_sink_pointer = pointer;
}

void bench_opaque(void *pointer) {
    bench_sink_pointer = pointer;
}

static int bench_collecting = 0;

void bench_collect_begin(void) {
#if defined(BENCH_HAS_CALLGRIND)
    if (!bench_collecting) { CALLGRIND_TOGGLE_COLLECT; bench_collecting = 1; }
#endif
}

void bench_collect_end(void) {
#if defined(BENCH_HAS_CALLGRIND)
    if (bench_collecting) { CALLGRIND_TOGGLE_COLLECT; bench_collecting = 0; }
#endif
}

void bench_dump_instructions(const char *counter) {
#if defined(BENCH_HAS_CALLGRIND)
    CALLGRIND_DUMP_STATS_AT(counter);
#else
    (void)counter;
#endif
}

int bench_running_on_valgrind(void) {
#if defined(BENCH_HAS_CALLGRIND)
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}
