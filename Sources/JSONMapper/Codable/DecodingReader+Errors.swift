import Foundation

// The errors a decode throws: `JSONDecoder`'s cases and coding paths, with a `debugDescription` that names the
// culprit in the library's path syntax first (`statuses[3].user.id: Expected to decode Int but found a string
// instead.`).

extension DecodingReader {
    /// An error context at `path`, its description led by the path in the library's syntax.
    func context(_ path: DecodingPath, _ message: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: path.codingPath, debugDescription: describe(path.text(in: view), message))
    }

    /// `path: message`, or the message alone for the top-level value; remembered as the last error's description.
    func describe(_ path: String, _ message: String) -> String {
        let text = path.isEmpty ? message : path + ": " + message
        lastDescription = text
        lastPath = path
        return text
    }

    /// How `JSONDecoder`'s messages name the kind of the value at `index`.
    func kindDescription(_ index: Int) -> String {
        switch tag(index) {
        case .string, .escapedString: "a string"
        case .integer, .float: "number"
        case .true, .false: "bool"
        case .null: "null"
        case .object: "a dictionary"
        case .array: "an array"
        }
    }

    func typeMismatch(_ type: Any.Type, _ index: Int, _ path: DecodingPath) -> DecodingError {
        DecodingError.typeMismatch(
            type, context(path, "Expected to decode \(type) but found \(kindDescription(index)) instead."))
    }

    func valueNotFound(_ type: Any.Type, _ path: DecodingPath) -> DecodingError {
        DecodingError.valueNotFound(type, context(path, "Cannot get value of type \(type) -- found null value instead"))
    }

    /// A value `JSONDecoder` rejects as it rejects malformed input: `dataCorrupted` with an empty coding path (its
    /// quirk, kept), the path in the description.
    func corrupted(_ message: String, at path: DecodingPath) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: describe(path.text(in: view), message)))
    }

    /// A number that does not fit the type asked for.
    func unrepresentable(_ index: Int, as type: Any.Type, at path: DecodingPath) -> DecodingError {
        let text = String(decoding: view.text(at: index), as: UTF8.self)
        return corrupted("The number \(text) does not fit in \(type).", at: path)
    }
}
