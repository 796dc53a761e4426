// Engines/Foundation/ owns the adapter over `JSONSerialization`: parsing guarded against hostile input, its values
// as `JSONNode`s, and the document order its dictionaries lose.

import Foundation

/// Parses with Foundation's `JSONSerialization`, guarded so that hostile input cannot crash it.
enum FoundationEngine {
    /// The tree `JSONSerialization` makes of `data`, or the error it reports. The tree's objects keep no order: the
    /// text is scanned by the native scanner as well, to give them the order they have in the text
    /// (``FoundationOrder``).
    ///
    /// `JSONSerialization` parses recursively, so deep nesting could overflow the stack: the nesting depth is
    /// measured first, without recursion, and input deeper than the limit is rejected before it is handed over.
    /// The depth is measured on the very UTF-8 that `JSONSerialization` then parses: input in UTF-16 or UTF-32 is
    /// transcoded first (see `FoundationEngine+Encoding.swift`).
    static func parse(_ input: Data, maximumDepth: Int) -> Result<JSONNode, EngineError> {
        let data: Data
        switch utf8(input) {
        case .success(let text): data = text
        case .failure(let error): return .failure(error)
        }
        if let error = depthError(data, limit: maximumDepth) {
            return .failure(error)
        }
        if data.isEmpty {
            return .failure(EngineError(message: "the document is empty", line: 1, column: 1))
        }
        do {
            let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let order = FoundationOrder(data, maximumDepth: maximumDepth)
            return .success(.foundation(FoundationValue(object, origin: order?.root)))
        } catch {
            let nsError = error as NSError
            let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
            return .failure(EngineError(message: "JSONSerialization: " + detail))
        }
    }

    /// An error when brackets outside strings nest deeper than `limit`, with the position of the first one too deep.
    static func depthError(_ data: Data, limit: Int) -> EngineError? {
        data.withUnsafeBytes { raw -> EngineError? in
            guard let bytes = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var depth = 0
            var inString = false
            var i = 0
            while i < raw.count {
                let byte = bytes[i]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        i += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    depth += 1
                    if depth > limit {
                        let (line, column) = SourcePosition.lineAndColumn(of: i, in: bytes, count: raw.count)
                        return EngineError(
                            message: "nesting is deeper than the limit of \(limit) levels", line: line, column: column)
                    }
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    depth -= 1
                }
                i += 1
            }
            return nil
        }
    }
}
