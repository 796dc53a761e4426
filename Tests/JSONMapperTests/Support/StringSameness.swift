/// Compares a string the library made with the standard library's own string for the same scalars, in every way a
/// caller can tell two strings apart: a string made without a second UTF-8 validation (with a wrong ASCII flag,
/// say) can equal its reference in `==` and still differ in `count`, hashing or ordering.
enum StringSameness {
    /// The properties in which `read` differs from a `String` made from `expected`'s UTF-8; empty when none does.
    static func differences(_ read: String, _ expected: String) -> [String] {
        let reference = String(decoding: Array(expected.utf8), as: UTF8.self)
        let checks: [(String, Bool)] = [
            ("==", read == reference),
            ("UTF-8", Array(read.utf8) == Array(reference.utf8)),
            ("count", read.count == reference.count),
            ("scalars", read.unicodeScalars.elementsEqual(reference.unicodeScalars)),
            ("hash", read.hashValue == reference.hashValue),
            ("Set", Set([read, reference]).count == 1),
            ("<", !(read < reference) && !(reference < read)),
            ("UTF-16", read.utf16.count == reference.utf16.count),
            ("lowercased()", read.lowercased() == reference.lowercased()),
            ("contiguous UTF-8", read.isContiguousUTF8),
        ]
        return checks.filter { !$0.1 }.map(\.0)
    }
}
