/// A JSON Pointer (RFC 6901).
///
/// A pointer names one value inside a document by the steps from its root: `/store/books/0/title` is member
/// `store`, member `books`, element 0, member `title`. The empty pointer is the whole document.
///
/// ```swift
/// let doc = try JSONValue(parsing: #"{"a/b": [10, 20], "~": true}"#)
/// let pointer = try JSONPointer("/a~1b/1")
/// pointer.tokens             // ["a/b", "1"]
/// doc[pointer: pointer]      // 20
/// JSONPointer(tokens: ["~"]).description   // "/~0"
/// ```
///
/// - In pointer text, `~1` stands for `/` and `~0` for `~` (`~01` is the token `~1`); any other `~` is an error,
///   and so is the URI fragment form (`#/a`). Nothing is percent-decoded.
/// - On an object a token is a member name, digits and `-` included. On an array it must be `0` or digits without
///   a leading zero, below the count: `-`, `01`, `+1`, `1e0`, the empty token and numbers past `Int` select
///   nothing. (In a ``JSONPatch`` `add`, `-` is the position after the last element.)
/// - Pointers are equal when their tokens have the same Unicode scalars.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// Unescaped: `/a~1b/0` is `["a/b", "0"]`; `[]` is the document.
    public var tokens: [String]

    /// The pointer made of `tokens`.
    ///
    /// ```swift
    /// JSONPointer(tokens: ["a/b", "0"]).description   // "/a~1b/0"
    /// ```
    ///
    /// - Parameter tokens: The reference tokens, unescaped; empty for the whole document.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses pointer text; throws `.invalidPointer`.
    ///
    /// ```swift
    /// try JSONPointer("/a~1b/~01").tokens   // ["a/b", "~1"]
    /// try JSONPointer("").tokens            // []: the whole document
    /// try JSONPointer("a/b")                // throws: invalid JSON Pointer "a/b": it must be empty or start with "/"
    /// ```
    ///
    /// - Parameter text: The pointer: empty, or `/` followed by tokens separated by `/`, each with `/` written
    ///   `~1` and `~` written `~0`.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/invalidPointer`` and an empty path when
    ///   `text` is not a pointer.
    public init(_ text: String) throws(JSONMappingError) {
        switch Self.parse(text) {
        case .success(let tokens): self.tokens = tokens
        case .failure(let problem): throw JSONMappingError(code: .invalidPointer, path: "", message: problem.message)
        }
    }

    /// The pointer text, tokens escaped.
    ///
    /// `~` is written `~0` before `/` is written `~1`, so that parsing the text gives the same tokens back.
    public var description: String {
        var text = ""
        for token in tokens {
            text += "/"
            Self.appendEscaped(token, to: &text)
        }
        return text
    }

    /// Whether both pointers have the same tokens, compared by Unicode scalars.
    ///
    /// - Parameters:
    ///   - lhs: A pointer.
    ///   - rhs: Another pointer.
    /// - Returns: `true` when the tokens are the same.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.count == rhs.tokens.count && zip(lhs.tokens, rhs.tokens).allSatisfy { ExactKey.equal($0, $1) }
    }

    /// Hashes the tokens by their Unicode scalars, consistently with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens.count)
        for token in tokens { hasher.combine(ExactKey(token)) }
    }

    // MARK: Internals

    /// Why text is not a pointer.
    struct Problem: Error {
        let message: String
    }

    /// The tokens of pointer text, or why it is not a pointer.
    static func parse(_ text: String) -> Result<[String], Problem> {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return .success([]) }
        guard bytes[0] == UInt8(ascii: "/") else {
            let why =
                bytes[0] == UInt8(ascii: "#")
                ? "the URI fragment form is not accepted; write the pointer itself, starting with \"/\""
                : "it must be empty or start with \"/\""
            return .failure(Problem(message: "invalid JSON Pointer \(Quoting.quoted(text)): \(why)"))
        }
        var tokens: [String] = []
        var token: [UInt8] = []
        var index = 1
        while index <= bytes.count {
            guard index < bytes.count, bytes[index] != UInt8(ascii: "/") else {
                tokens.append(String(decoding: token, as: UTF8.self))
                token.removeAll(keepingCapacity: true)
                index += 1
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "~") {
                let next = index + 1 < bytes.count ? bytes[index + 1] : nil
                switch next {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default:
                    return .failure(
                        Problem(
                            message: "invalid JSON Pointer \(Quoting.quoted(text)): \"~\" must be followed by "
                                + "\"0\" or \"1\" (\"~0\" is \"~\", \"~1\" is \"/\")"))
                }
                index += 2
            } else {
                token.append(byte)
                index += 1
            }
        }
        return .success(tokens)
    }

    /// Appends `token` with `~` written `~0`, then `/` written `~1`.
    static func appendEscaped(_ token: String, to text: inout String) {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            text += token
            return
        }
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": text += "~0"
            case "/": text += "~1"
            default: text.unicodeScalars.append(scalar)
            }
        }
    }

    /// The pointer text of the first `count` tokens.
    func prefixDescription(_ count: Int) -> String {
        JSONPointer(tokens: Array(tokens.prefix(count))).description
    }

    /// The array position `token` names in an array of `count` elements: `0`, or digits without a leading zero,
    /// below `count`; `nil` for anything else (`-`, `01`, `+1`, `1e0`, the empty token, numbers past `Int`).
    static func index(_ token: String, count: Int) -> Int? {
        guard let value = index(token), value < count else { return nil }
        return value
    }

    /// The number `token` spells when it is `0` or digits without a leading zero and fits `Int`.
    static func index(_ token: String) -> Int? {
        var value = 0
        var digits = 0
        for byte in token.utf8 {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, !(digits == 1 && value == 0) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(digit))
            guard !overflow, !carry else { return nil }
            value = sum
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

extension JSONValue {
    /// The value `pointer` refers to, or `nil`.
    ///
    /// ```swift
    /// let doc = try JSONValue(parsing: #"{"users": [{"name": "Ada"}]}"#)
    /// doc[pointer: try JSONPointer("/users/0/name")]   // "Ada"
    /// doc[pointer: try JSONPointer("/users/01")]       // nil: not an array index
    /// doc[pointer: JSONPointer(tokens: [])]            // the whole document
    /// ```
    ///
    /// - Parameter pointer: Where the value is.
    public subscript(pointer pointer: JSONPointer) -> JSONValue? {
        var current = self
        for token in pointer.tokens {
            switch current {
            case .object(let object):
                guard let child = object[token] else { return nil }
                current = child
            case .array(let array):
                guard let position = JSONPointer.index(token, count: array.count) else { return nil }
                current = array[position]
            default:
                return nil
            }
        }
        return current
    }
}
