/// One step of a path into a document: a member name or an array index. Written as literals:
///
/// ```swift
/// let url = c.getString(at: ["user", "entities", "urls", 0, "url"])
/// ```
///
/// A key with dots or brackets in it is just a key here: `["headers", "content.type"]`.
public enum JSONPathElement: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// A member of an object.
    case key(String)
    /// An element of an array, from 0.
    case index(Int)

    /// A member name.
    ///
    /// - Parameter value: The member name.
    public init(stringLiteral value: String) {
        self = .key(value)
    }

    /// An array index.
    ///
    /// - Parameter value: The index, from 0.
    public init(integerLiteral value: Int) {
        self = .index(value)
    }

    /// The element as it appears in error paths: `user` or `[0]`.
    public var description: String {
        JSONPath.format([component])
    }

    var component: PathComponent {
        switch self {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
    }
}

/// Whether an object has a member, and whether its value is `null`.
public enum JSONPresence: Hashable, Sendable {
    /// The object has no member of that name (or the context is not on an object).
    case missing
    /// The member's value is `null`.
    case null
    /// The member has a value other than `null`.
    case present
}
