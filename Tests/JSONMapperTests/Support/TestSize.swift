import Foundation

/// Sizes that `.ci/run` may choose for one of its test runs (larger ones in its release stage), read from the
/// environment.
enum TestSize {
    /// The whole number in the environment variable `name`, and at least `minimum`; `standard` when the variable is
    /// unset or not a whole number.
    static func value(_ name: String, standard: Int, minimum: Int) -> Int {
        let asked = ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
        return max(minimum, asked ?? standard)
    }
}
