/// Something worth knowing that happened while mapping, which is not a failure: a coercion the policy allowed, or an
/// enum fallback for a value the enum does not know.
///
/// ```
/// id: coerced String "12" to Int
/// kind: used the fallback .unknown for String "gif" (not one of "jpeg", "png")
/// ```
public struct JSONMappingNotice: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of a ``JSONMappingNotice``.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// A value of another type was converted, as the context's ``CoercionPolicy`` allows.
        public static let coerced = Code(name: "coerced")
        /// An enum getter mapped a value the enum does not know to its fallback.
        public static let fallbackUsed = Code(name: "fallbackUsed")

        /// The code's name, such as `coerced`.
        public var description: String { name }
    }

    /// What happened.
    public let code: Code
    /// Where, in the same syntax as ``JSONMappingError/path``.
    public let path: String
    /// What happened, without the path.
    public let message: String

    /// Creates a notice.
    ///
    /// - Parameters:
    ///   - code: What happened.
    ///   - path: Where.
    ///   - message: What happened, without the path.
    public init(code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// The path and the message: `id: coerced String "12" to Int`; a path longer than 100 characters is
    /// abbreviated around the middle, as in ``JSONMappingError/description``.
    public var description: String {
        path.isEmpty ? message : JSONPath.abbreviated(path) + ": " + message
    }
}
