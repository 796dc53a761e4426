import Foundation

/// Turns a decoder's input into a native document: UTF-8 as it is, UTF-16 and UTF-32 transcoded first (detected from
/// a byte-order mark or the pattern of zero bytes, as `JSONDecoder` detects them), malformed input into the
/// `DecodingError` `JSONDecoder` throws, with the library's error as its underlying error.
enum DecodingInput {
    /// The nesting `JSONDecoder` accepts: 512 levels.
    static let maximumDepth = 512

    /// The document of `data`: UTF-8 read in place (`NativeDocument(data:maximumDepth:inPlaceMinimum:)`),
    /// UTF-16 and UTF-32 transcoded.
    static func document(from data: Data) throws -> NativeDocument {
        let isUTF8 = data.withUnsafeBytes { wideEncoding(of: $0.assumingMemoryBound(to: UInt8.self)) == nil }
        guard isUTF8 else { return try data.withUnsafeBytes { try document(from: $0) } }
        do throws(EngineError) {
            return try NativeDocument(data: data, maximumDepth: maximumDepth)
        } catch {
            throw malformed(JSONMappingError(error))
        }
    }

    static func document(from bytes: UnsafeRawBufferPointer) throws -> NativeDocument {
        let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
        do throws(EngineError) {
            guard let encoding = wideEncoding(of: utf8) else {
                return try scan(utf8)
            }
            guard
                let text = String(
                    bytes: UnsafeRawBufferPointer(rebasing: bytes[encoding.bomLength...]),
                    encoding: encoding.encoding)
            else {
                throw EngineError(
                    message: "the input is not valid \(encoding.name)", path: [], line: 1, column: 1)
            }
            var copy = text
            let scanned = copy.withUTF8 { buffer in
                Result { () throws(EngineError) -> NativeDocument in try scan(buffer) }
            }
            return try scanned.get()
        } catch {
            throw malformed(JSONMappingError(error))
        }
    }

    /// Throws, as malformed input, when the value at `index` nests deeper than `JSONDecoder` reads (512 levels): a
    /// document that a context made under a raised ``JSONMapper/Options/maximumDepth`` may hold such a value, and
    /// the decoder's descent into it would otherwise be as deep as the input.
    static func checkNesting(of document: NativeDocument, at index: Int) throws {
        guard document.maximumDepth > maximumDepth, document.view.nests(deeperThan: maximumDepth, at: index) else {
            return
        }
        throw malformed(
            JSONMappingError(
                code: .malformedJSON, path: "",
                message: "nesting is deeper than the limit of \(maximumDepth) levels that decoding allows"))
    }

    /// The error for input that is not JSON: `dataCorrupted` with an empty path, as `JSONDecoder` reports it.
    static func malformed(_ error: JSONMappingError) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON: \(error.description)",
                underlyingError: error))
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(EngineError) -> NativeDocument {
        let count = bytes.count
        let buffer = try NativeDocument.allocateBuffer(count: count)
        if let base = bytes.baseAddress { buffer.update(from: base, count: count) }
        return try NativeDocument(adopting: buffer, count: count, maximumDepth: maximumDepth)
    }

    struct WideEncoding {
        var encoding: String.Encoding
        var bomLength: Int
        var name: String
    }

    /// The UTF-16 or UTF-32 encoding of `bytes`, or `nil` for UTF-8: a JSON text starts with two ASCII characters,
    /// so the zero bytes among its first four tell the encoding when there is no byte-order mark (RFC 4627).
    static func wideEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> WideEncoding? {
        func byte(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        switch (byte(0), byte(1), byte(2), byte(3)) {
        case (0, 0, 0xFE, 0xFF): return WideEncoding(encoding: .utf32BigEndian, bomLength: 4, name: "UTF-32")
        case (0xFE, 0xFF, 0, 0): return WideEncoding(encoding: .utf32LittleEndian, bomLength: 4, name: "UTF-32")
        case (0xFE, 0xFF, _, _): return WideEncoding(encoding: .utf16BigEndian, bomLength: 2, name: "UTF-16")
        case (0xFF, 0xFE, _, _): return WideEncoding(encoding: .utf16LittleEndian, bomLength: 2, name: "UTF-16")
        case (0, 0, 0, .some(let b)) where b != 0:
            return WideEncoding(encoding: .utf32BigEndian, bomLength: 0, name: "UTF-32")
        case (0, .some(let a), 0, .some(let b)) where a != 0 && b != 0:
            return WideEncoding(encoding: .utf16BigEndian, bomLength: 0, name: "UTF-16")
        case (.some(let a), 0, 0, 0) where a != 0:
            return WideEncoding(encoding: .utf32LittleEndian, bomLength: 0, name: "UTF-32")
        case (.some(let a), 0, .some(let b), 0) where a != 0 && b != 0:
            return WideEncoding(encoding: .utf16LittleEndian, bomLength: 0, name: "UTF-16")
        case (0, .some(let a), nil, nil) where a != 0:
            return WideEncoding(encoding: .utf16BigEndian, bomLength: 0, name: "UTF-16")
        case (.some(let a), 0, nil, nil) where a != 0:
            return WideEncoding(encoding: .utf16LittleEndian, bomLength: 0, name: "UTF-16")
        default:
            return nil
        }
    }
}
