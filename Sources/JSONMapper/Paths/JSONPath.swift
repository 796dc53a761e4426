// Paths/ owns paths: how a path is built and written (`statuses[3].user.id`, this file), abbreviated in messages,
// and the public `JSONPathElement` steps of the `at:` getters.

/// One step from a value to a value inside it.
enum PathComponent: Sendable, Equatable {
    case key(String)
    case index(Int)

    /// Keys by their Unicode scalars, as everywhere in the library (see ``ExactKey``).
    static func == (lhs: PathComponent, rhs: PathComponent) -> Bool {
        switch (lhs, rhs) {
        case (.key(let a), .key(let b)): ExactKey.equal(a, b)
        case (.index(let a), .index(let b)): a == b
        default: false
        }
    }
}

/// Builds the paths that errors report: keys joined by `.`, indices as `[i]`, no root marker
/// (`statuses[3].user.id`, `[2].name`).
///
/// A key that is empty or holds a character that would make the path ambiguous (`.`, `[`, `]`, `"`, `\`,
/// white space or a control character) is written in brackets and quotes instead: `headers["content.type"]`.
enum JSONPath {
    static func format(_ components: some Sequence<PathComponent>) -> String {
        var path = ""
        for component in components {
            append(component, to: &path)
        }
        return path
    }

    static func appending(_ component: PathComponent, to path: String) -> String {
        var result = path
        append(component, to: &result)
        return result
    }

    static func append(_ component: PathComponent, to path: inout String) {
        switch component {
        case .index(let index):
            path += "[\(index)]"
        case .key(let key) where isPlain(key):
            if !path.isEmpty { path += "." }
            path += key
        case .key(let key):
            path += "[" + Quoting.quoted(key) + "]"
        }
    }

    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty
            && !key.unicodeScalars.contains { scalar in
                switch scalar {
                case ".", "[", "]", "\"", "\\": true
                default: scalar.value <= 0x20 || scalar.properties.isWhitespace || scalar.value == 0x7F
                }
            }
    }
}
