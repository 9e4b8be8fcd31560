@_spi(Testing) import FilterableResults
import Testing

/// The package's invariant checks are a compile-time condition
/// (`FILTERABLE_RESULTS_CHECKS`, Package.swift): this package's own debug
/// builds have them, so every mutation in these tests is followed by a walk
/// of the store's structures.
@Suite struct InvariantSwitchTests {
    @Test func theTestsRunWithInvariantChecksCompiledIn() {
        #expect(invariantChecksAreCompiled, "build the tests without FILTERABLE_RESULTS_CHECKS=0: the checks are part of what they test")
    }
}
