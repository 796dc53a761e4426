// Errors/ owns the public errors and notices, and the one door through which an engine's `EngineError` becomes a
// `JSONMappingError` (JSONMappingError+EngineError.swift).

import Foundation

/// A problem found while parsing or mapping a JSON document: where it is and what is wrong.
///
/// Every error carries the ``path`` of the value it concerns (`statuses[3].user.id`, `[2].name`, or the
/// empty string for the document itself) and a ``description`` a person can act on:
///
/// ```
/// statuses[3].user.id: expected Int, found String "12"
/// line 4, column 3: expected ',' or '}' after an object member, found ']'
/// ```
///
/// Compare ``code`` to tell kinds of errors apart; it can gain new values without breaking callers. As a
/// `LocalizedError`, its `localizedDescription` is the same text, so apps that log that property keep the path.
public struct JSONMappingError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of a ``JSONMappingError``.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The input is not a JSON text: malformed, empty, truncated, invalid UTF-8, too deeply nested,
        /// or an unreadable stream. ``JSONMappingError/line`` and ``JSONMappingError/column`` say where.
        public static let malformedJSON = Code(name: "malformedJSON")
        /// A value is present but not of the type a getter asked for.
        public static let typeMismatch = Code(name: "typeMismatch")
        /// A `require…` getter found no value (the key is missing, or the value is `null`).
        public static let missingValue = Code(name: "missingValue")
        /// A lenient collection dropped an element, or an optional `getObject` gave `nil`,
        /// because the value could not be mapped. The error before it says why.
        public static let droppedValue = Code(name: "droppedValue")
        /// A value being written has no JSON form: a NaN or infinite `Double`, `Float` or `Date`, or a NaN
        /// `Decimal`. ``JSONMappingError/path`` names it in the same syntax as reading (`values[2]`, `price`). Also
        /// write options that cannot be followed: `prettyPrinted` for a ``JSONLinesWriter``.
        public static let invalidValue = Code(name: "invalidValue")
        /// Writing needed more memory than could be had: the output (or a table the writer keeps while an object
        /// is open) could not grow. The write stops; nothing is returned.
        public static let outOfMemory = Code(name: "outOfMemory")
        /// The `OutputStream` being written to could not be opened, failed, or accepted no more bytes; or a
        /// ``JSONLinesWriter`` was given a URL that is not a file URL, or was used after ``JSONLinesWriter/finish()``.
        /// The message says why, and how many bytes the stream had taken.
        public static let outputFailed = Code(name: "outputFailed")
        /// Text given as a ``JSONPointer`` is not one: it neither is empty nor starts with `/`, or has a `~` not
        /// followed by `0` or `1`. Inside a patch document this is reported as ``invalidPatch``.
        public static let invalidPointer = Code(name: "invalidPointer")
        /// A value given as a ``JSONPatch`` is not one: not an array of operation objects, an unknown `op`, or a
        /// missing or malformed `path`, `from` or `value`. ``JSONMappingError/path`` names the spot: `[2].op`,
        /// `[0].from`, or the empty string for the document itself.
        public static let invalidPatch = Code(name: "invalidPatch")
        /// An operation of a ``JSONPatch`` could not be applied, a failed `test` included; none of the patch was.
        /// ``JSONMappingError/path`` is the operation's index (`[2]`), and the message names the operation, its
        /// pointer and why: `remove "/missing/leaf": no member "missing" in the object at ""`.
        public static let patchFailed = Code(name: "patchFailed")

        /// The code's name, such as `typeMismatch`.
        public var description: String { name }
    }

    /// What kind of problem this is.
    public let code: Code
    /// Where the problem is: keys joined by `.`, array indices as `[i]`, empty for the document itself. Always the
    /// whole path, however deep; ``description`` shortens a long one.
    public let path: String
    /// What is wrong, without the path: `expected Int, found String "12"`.
    public let message: String
    /// The 1-based line of a ``Code/malformedJSON`` error, `nil` for other errors.
    public let line: Int?
    /// The 1-based column (in characters) of a ``Code/malformedJSON`` error, `nil` for other errors.
    public let column: Int?
    /// Whether a `require…` getter recorded this error, so that the model holding it failed.
    public let isRequired: Bool

    /// Creates an error; the library makes these, tests and adapters may too.
    ///
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - path: Where it is, in the library's path syntax.
    ///   - message: What is wrong, without the path.
    ///   - line: The 1-based line, for malformed input.
    ///   - column: The 1-based column, for malformed input.
    ///   - isRequired: Whether a required getter recorded it.
    public init(
        code: Code, path: String, message: String, line: Int? = nil, column: Int? = nil, isRequired: Bool = false
    ) {
        self.code = code
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        self.isRequired = isRequired
    }

    /// The path, the position for malformed input, and the message:
    /// `statuses[3].user.id: expected Int, found String "12"`. A path longer than 100 characters is abbreviated
    /// around the middle (`[0][0][0]…(506 more steps)…[0][0][0]`); ``path`` keeps it whole.
    public var description: String {
        var text = path.isEmpty ? "" : JSONPath.abbreviated(path) + ": "
        if let line, let column {
            text += "line \(line), column \(column): "
        }
        return text + message
    }
}

/// `localizedDescription` gives the path and the message (``description``), not Foundation's generic
/// "The operation could not be completed".
extension JSONMappingError: LocalizedError {
    /// The same text as ``description``: `statuses[3].user.id: expected Int, found String "12"`.
    public var errorDescription: String? { description }
}

extension JSONMappingError {
    static func typeMismatch(path: String, expected: String, found: String, required: Bool) -> JSONMappingError {
        JSONMappingError(
            code: .typeMismatch, path: path, message: "expected \(expected), found \(found)", isRequired: required)
    }

    static func missing(path: String, expected: String) -> JSONMappingError {
        JSONMappingError(code: .missingValue, path: path, message: "missing required \(expected)", isRequired: true)
    }

    static func requiredNull(path: String, expected: String) -> JSONMappingError {
        JSONMappingError(code: .missingValue, path: path, message: "expected \(expected), found null", isRequired: true)
    }

    static func dropped(path: String, _ what: String, innerFailure: Bool, required: Bool) -> JSONMappingError {
        JSONMappingError(
            code: .droppedValue, path: path,
            message: what + (innerFailure ? ": a required value inside it failed" : ""),
            isRequired: required)
    }
}
