#ifndef CBENCHMARKSUPPORT_H
#define CBENCHMARKSUPPORT_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back: small chunks
/// (`uordblks`) plus mmapped chunks (`hblkhd`), from glibc's mallinfo2().
/// Returns 0 where mallinfo2 is unavailable.
size_t bench_bytes_in_use(void);

/// The process's resident set size in bytes, from /proc/self/statm; 0 if unreadable.
size_t bench_resident_bytes(void);

/// The part of the resident set that is file-backed (statm's shared pages:
/// the program's code and other mapped files); 0 if unreadable.
size_t bench_resident_file_bytes(void);

/// Fixes glibc's mmap threshold (128 KiB) so that it does not adapt to the
/// program's frees, making later measurements repeatable. No-op elsewhere.
void bench_fix_mmap_threshold(void);

/// Returns free heap memory to the system (glibc's malloc_trim(0)), so that
/// the resident set holds live data only. No-op elsewhere.
void bench_trim(void);

/// Allocates a block that no free chunk fits exactly, below the mmap
/// threshold, and frees it. To serve it, glibc sorts into its bins up to
/// 10,000 of the chunks freed since it last did (its unsorted bin): work it
/// otherwise leaves to the next allocation its per-thread cache cannot
/// serve, whoever makes it. No-op elsewhere.
void bench_sort_freed_chunks(void);

/// Consumes a pointer opaquely: the optimizer cannot see through it, so the
/// value it points to must be computed.
void bench_consume(const void *pointer);

/// Starts or stops callgrind's event collection around the library's timed
/// work (`valgrind --tool=callgrind --collect-atstart=no`), so a profile
/// holds the measured side only. No-ops when not under valgrind or where
/// valgrind's header is missing.
void bench_collect_begin(void);
void bench_collect_end(void);

/// Writes callgrind's counts since the last dump (the spans collected since)
/// to a dump of their own, described as `counter`: how `--instructions`
/// attributes counts to the table's rows. A no-op when not under valgrind.
void bench_dump_instructions(const char *counter);

/// Whether the process runs under valgrind (1) or not (0).
int bench_running_on_valgrind(void);

/// Takes a value's address where the optimizer cannot see: it must assume
/// the value was read and changed (so a closure stored there is opaque).
void bench_opaque(void *pointer);

#endif
