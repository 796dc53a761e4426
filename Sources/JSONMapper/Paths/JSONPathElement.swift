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

    /// Whether two elements are the same step: keys by their Unicode scalars (`"\u{E9}"` and `"e\u{301}"` are two
    /// keys, as they are two members in JSON), indices by value.
    ///
    /// - Parameters:
    ///   - lhs: A path element.
    ///   - rhs: Another path element.
    /// - Returns: Whether they name the same member or the same index.
    public static func == (lhs: JSONPathElement, rhs: JSONPathElement) -> Bool {
        switch (lhs, rhs) {
        case (.key(let a), .key(let b)): ExactKey.equal(a, b)
        case (.index(let a), .index(let b)): a == b
        default: false
        }
    }

    /// Hashes the element consistently with ``==(_:_:)``: a key by its Unicode scalars.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .key(let key):
            hasher.combine(0)
            hasher.combine(ExactKey(key))
        case .index(let index):
            hasher.combine(1)
            hasher.combine(index)
        }
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
