/// Checks an invariant of the code that handles raw memory: an index within its buffer, the capacity reserved before
/// a write, the zero padding the scanner reads, a length that fits its bits on the tape.
///
/// Compiled in only under the `JSONMAPPER_INTERNAL_CHECKS` condition, which `Package.swift` sets for debug builds
/// (so the tests run with it) and `Scripts/fuzz.sh` for the fuzzers: a failed check stops there with `message`,
/// where the bug is, instead of corrupting memory further on. In release builds the call and its arguments compile
/// to nothing. No input can make a check fail: each states what the code itself guarantees, so a failure is a bug.
@inline(__always)
func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    #if JSONMAPPER_INTERNAL_CHECKS
        if !condition() { preconditionFailure("internal check failed: " + message(), file: file, line: line) }
    #endif
}

/// Whether this build runs the internal checks, for the test that they are on in debug builds.
#if JSONMAPPER_INTERNAL_CHECKS
    let internalChecksEnabled = true
#else
    let internalChecksEnabled = false
#endif
