import Foundation
import JSONMapper
import Testing

// The helpers of every test file: inline JSON, contexts and their errors, one-off models and what they write.

/// JSON text from a Swift string.
package func json(_ text: String) -> Data {
    Data(text.utf8)
}

/// A context on inline JSON, on the chosen engine.
package func context(_ text: String, engine: JSONMapper.Engine = .native) -> JSONDeserializationContext {
    JSONMapper.context(json(text), engine: engine)
}

/// The descriptions of a context's errors, to compare word for word.
package func descriptions(_ context: JSONDeserializationContext) -> [String] {
    context.errors.map(\.description)
}

/// Writes a model and returns its text, recording the error as a test failure.
package func written<T: JSONWritable>(
    _ model: T, _ options: JSONMapper.WriteOptions = .default, sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    do {
        return try JSONMapper.string(from: model, options: options)
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

/// A model whose `write(to:)` is the closure it is given: one-off shapes for tests.
package struct Writes: JSONWritable {
    package let body: (JSONSerializationContext) -> Void

    package init(_ body: @escaping (JSONSerializationContext) -> Void) {
        self.body = body
    }

    package func write(to c: JSONSerializationContext) {
        body(c)
    }
}

/// `é` as one scalar (NFC) and as `e` plus a combining acute accent (NFD): one string to Swift's `==`, `Set` and
/// `Dictionary`, two different keys in JSON.
package let composed = "\u{E9}"
package let decomposed = "e\u{301}"

/// The text with every scalar outside ASCII written as `\u{…}`, so that expectations tell the two spellings apart
/// (`#expect("\u{E9}" == "e\u{301}")` passes: `String` compares by canonical equivalence).
package func spelled(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.isASCII {
            result.unicodeScalars.append(scalar)
        } else {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
    return result
}

package func spelled(_ texts: [String]) -> [String] { texts.map(spelled) }
