import Foundation

/// Moves the errors the native scanner reports for one piece of a streamed input (a record, a batch of records, a
/// key) to where they are in the whole input, so that they read as if the whole input had been scanned at once.
enum PieceErrors {
    /// `error`, found in a piece that starts at `start` in the whole input, with its path below `pathPrefix`.
    ///
    /// - Parameters:
    ///   - injected: How many bytes the piece has before its first byte of input (the `[` of a batch).
    ///   - scannedDepth: The depth limit the piece was scanned with, when it was lower than the document's
    ///     (nesting errors name the document's limit).
    static func relocate(
        _ error: JSONMappingError, start: (line: Int, column: Int), injected: Int = 0, pathPrefix: String,
        scannedDepth: Int? = nil, maximumDepth: Int
    ) -> JSONMappingError {
        var line = error.line
        var column = error.column
        if let relativeLine = error.line, let relativeColumn = error.column {
            if relativeLine == 1 {
                line = start.line
                column = start.column + max(0, relativeColumn - 1 - injected)
            } else {
                line = start.line + relativeLine - 1
            }
        }
        var message = error.message
        if let scannedDepth, message == depthMessage(scannedDepth) {
            message = depthMessage(maximumDepth)
        }
        return JSONMappingError(
            code: error.code, path: joinPath(pathPrefix, error.path), message: message, line: line, column: column,
            isRequired: error.isRequired)
    }

    /// The native scanner's message for nesting past `limit`.
    static func depthMessage(_ limit: Int) -> String {
        "nesting is deeper than the limit of \(limit) levels"
    }

    /// `relative`, a path formatted by ``JSONPath``, below the formatted path `prefix`.
    static func joinPath(_ prefix: String, _ relative: String) -> String {
        if prefix.isEmpty { return relative }
        if relative.isEmpty { return prefix }
        return relative.hasPrefix("[") ? prefix + relative : prefix + "." + relative
    }

    /// Splits a path that starts with an index (`[12].name`) into the index and the rest (`.name`).
    static func leadingIndex(of path: String) -> (index: Int, rest: Substring)? {
        guard path.hasPrefix("["), let close = path.firstIndex(of: "]") else { return nil }
        let digits = path[path.index(after: path.startIndex)..<close]
        guard let index = Int(digits) else { return nil }
        var rest = path[path.index(after: close)...]
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return (index, rest)
    }

    /// How the native scanner names a byte in its messages: `'x'`, `control character U+000A`, `byte 0xFF`, or
    /// `end of input` for `nil`.
    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "end of input" }
        if byte >= 0x20 && byte < 0x7F { return "'\(NativeScanner.printable(byte))'" }
        if byte < 0x20 || byte == 0x7F { return "control character \(NativeScanner.unicodeName(byte))" }
        return "byte \(NativeScanner.hex(byte))"
    }

    /// Whether the `count` bytes at `bytes` are exactly one JSON number or literal (`-0.5e3`, `true`), by RFC 8259's
    /// grammar: the fast check before asking the scanner why one is not.
    static func isNumberOrLiteral(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        func equals(_ word: StaticString) -> Bool {
            count == word.utf8CodeUnitCount && memcmp(bytes, word.utf8Start, count) == 0
        }
        switch bytes[0] {
        case UInt8(ascii: "t"): return equals("true")
        case UInt8(ascii: "f"): return equals("false")
        case UInt8(ascii: "n"): return equals("null")
        default: break
        }
        return NumberGrammar.isJSONNumber(UnsafeBufferPointer(start: bytes, count: count))
    }
}
