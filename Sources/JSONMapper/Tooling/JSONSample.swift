// Tooling/ owns what the `jsonmapper` command uses besides the public API: this view of any document, for
// `generate`, and `JSONFormatter`, for `format`.

import Foundation

/// A read-only view of one parsed JSON value, for the `jsonmapper` command in this package.
///
/// `package`, not `public`: models read JSON through ``JSONDeserializationContext``; the code generator needs to
/// walk any document instead, in document order, and to see how numbers were written.
package struct JSONSample {
    /// The JSON types.
    package enum Kind: Equatable {
        case null, bool, number, string, object, array
    }

    let node: JSONNode

    /// Parses `data` with the native engine.
    ///
    /// - Returns: The top-level value, or the syntax error (with line and column).
    package static func parse(_ data: Data) -> Result<JSONSample, JSONMappingError> {
        do {
            let document = try NativeDocument(data: data, maximumDepth: JSONMapper.Options.default.maximumDepth)
            return .success(JSONSample(node: .native(document, NativeDocument.root)))
        } catch {
            return .failure(JSONMappingError(error))
        }
    }

    /// Whether `getURL` accepts `text`: an RFC 3986 URI reference that `URL(string:)` reads.
    package static func isURL(_ text: String) -> Bool {
        url(text) != nil
    }

    /// The URL `getURL` reads from `text`, or `nil` when it rejects the text.
    package static func url(_ text: String) -> URL? {
        try? URL.url(from: text).get()
    }

    package var kind: Kind {
        switch node.kind {
        case .null, .unsupported: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .object: .object
        case .array: .array
        }
    }

    package var bool: Bool? { node.bool }
    package var string: String? { node.string }

    /// A number as it was written (`42`, `-1.5e3`), or `nil` for other kinds.
    package var numberText: String? { node.numberText }

    /// The members of an object in document order (repeated keys included), or `[]`.
    package var members: [(key: String, value: JSONSample)] {
        var members: [(key: String, value: JSONSample)] = []
        node.forEachMember { key, value in members.append((key, JSONSample(node: value))) }
        return members
    }

    /// The elements of an array, or `[]`.
    package var elements: [JSONSample] {
        var elements: [JSONSample] = []
        node.forEachElement { _, element in elements.append(JSONSample(node: element)) }
        return elements
    }
}
