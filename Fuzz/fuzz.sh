#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (see README.md).
#
#   Fuzz/fuzz.sh build                  build every target (release, -sanitize=fuzzer,address)
#   Fuzz/fuzz.sh run TARGET [FLAGS...]   fuzz one target: json, predicate, scenario, soak or regex;
#                                        FLAGS go to libFuzzer (-max_total_time=300, -jobs=2, …)
#   Fuzz/fuzz.sh ci [SECONDS]            build, then fuzz json, predicate, scenario and soak for
#                                        SECONDS each (default 20), two at a time; fails on any finding
#
# The working corpus grows in Fuzz/.build/corpus/TARGET, seeded from
# Fuzz/Corpus/TARGET (and the example scenarios); findings are written to
# Fuzz/.build/findings/TARGET/ and make the command fail.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

# The root's manifest makes its scenario runner a product for the fuzzers.
export FILTERABLE_RESULTS_TOOLS=1
# The package's invariant checks, compiled into this release build too:
# a fuzzed input that corrupts a structure traps at the edit that did it.
export FILTERABLE_RESULTS_CHECKS=1
flags=(-c release --package-path "$here" -Xswiftc -sanitize=fuzzer,address)

build() {
    swift build "${flags[@]}"
}

executable() {
    case "$1" in
        json) echo FuzzJSON ;;
        predicate) echo FuzzPredicate ;;
        scenario) echo FuzzScenario ;;
        soak) echo FuzzSoak ;;
        regex) echo FuzzRegex ;;
        *) echo "unknown target '$1' (json, predicate, scenario, soak or regex)" >&2; exit 2 ;;
    esac
}

run() {
    local target="$1"; shift
    local name; name="$(executable "$target")"
    local bin="${fuzz_bin:-}"
    if [ -z "$bin" ]; then bin="$(swift build "${flags[@]}" --show-bin-path)"; fi
    local corpus="$here/.build/corpus/$target"
    local findings="$here/.build/findings/$target"
    mkdir -p "$corpus" "$findings"
    local seeds=("$here/Corpus/$target")
    if [ "$target" = json ] || [ "$target" = scenario ]; then
        seeds+=("$root/Examples/Scenarios")
        if [ -d "$root/../shared/scenarios" ]; then seeds+=("$root/../shared/scenarios"); fi
    fi
    # A timeout (an input that takes over 10 s) or a process over 2 GB is a
    # finding too: bad input must never hang.
    "$bin/$name" -dict="$here/Dictionaries/$target.dict" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$findings/" -print_final_stats=1 "$@" "$corpus" "${seeds[@]}"
}

case "${1:-}" in
    build) build ;;
    run) shift; [ $# -ge 1 ] || { echo "usage: fuzz.sh run TARGET [FLAGS...]" >&2; exit 2; }; run "$@" ;;
    ci)
        seconds="${2:-20}"
        build
        fuzz_bin="$(swift build "${flags[@]}" --show-bin-path)"
        # Two at a time (each fuzzer is one process), each one's output
        # printed when it ends; any failure fails the run.
        logs=$(mktemp -d)
        trap 'rm -rf "$logs"' EXIT
        status=0
        for pair in "json predicate" "scenario soak"; do
            pids=()
            for target in $pair; do
                run "$target" -max_total_time="$seconds" > "$logs/$target" 2>&1 &
                pids+=("$!")
            done
            index=0
            for target in $pair; do
                echo "== fuzzing $target for ${seconds}s"
                if wait "${pids[$index]}"; then
                    cat "$logs/$target"
                else
                    cat "$logs/$target"
                    echo "error: fuzzing $target failed" >&2
                    status=1
                fi
                index=$((index + 1))
            done
        done
        exit $status
        ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
