import Foundation

// Strings longer than the container budget, outside the records: validated piece by piece as they are read, so
// that a 50 MB string beside the records is never held whole.
//
// Each piece is scanned by the native scanner as the start of a string of its own: the byte before it stands in for
// the opening quote while it is scanned. A piece ends only where a string's content can be cut without changing how
// the scanner reads it (never inside an escape or a UTF-8 sequence), so that the scanner finds the same first error,
// with the same message, as when it reads the whole string; the walker moves it to its place in the whole input.

extension StructureWalker {
    /// Validates the string being found as far as it can be cut, and lets the window drop what it validated but the
    /// last byte, which stands in for the opening quote of the rest.
    ///
    /// - Parameters:
    ///   - describing: Whether to describe the string from this first piece, for a path mismatch: the piece is
    ///     released only once it holds enough of the string to describe it as the whole string would be.
    ///   - found: Where the description goes.
    /// - Returns: Whether bytes were released; `nil` when an error (in the string, or in the batch before it) ended
    ///   the walk.
    func releaseString(describing: Bool, found: inout String?) -> Bool? {
        // The batch before the string would keep its bytes: scan it now, its errors coming first anyway.
        if batch.start != nil {
            flushBatch()
            if isDone { return nil }
        }
        let slot = finder.start
        let cut = Self.stringCut(window.bytes, from: slot + 1, count: window.count)
        guard cut >= slot + 2 else { return false }
        do {
            try scanInPlace(slot, count: cut - slot, quoting: true)
        } catch {
            // The scanner stops where the piece ends: anything else there is the string's own error.
            if error.message == NativeScanner.unterminatedString {
                if describing {
                    guard let description = describePiece(slot, cut) else { return false }
                    found = description
                }
                finder.release(before: cut - 1)
                cursor = cut - 1
                return true
            }
            finish(with: relocatedPiece(error, slot: slot))
            return nil
        }
        // A piece without its closing quote cannot scan cleanly: keep the bytes.
        return false
    }

    /// Validates the last piece of a string that was released, up to `end` (after its closing quote, or where the
    /// finder found it malformed), and moves past it.
    func finishString(end: Int, malformed: Bool, found: String?) -> Found? {
        let slot = finder.start
        if malformed && end >= window.count, let failure = window.failure {
            finish(with: failure)
            return nil
        }
        do {
            try scanInPlace(slot, count: end - slot, quoting: true)
        } catch {
            finish(with: relocatedPiece(error, slot: slot))
            return nil
        }
        guard !malformed else {
            // The scanner always finds what made the finder stop; should it not, the value is still not accepted.
            fail(at: slot + 1, "malformed value", inValue: true)
            return nil
        }
        cursor = end
        state = .afterValue
        return .streamed(found: found)
    }

    /// How errors name a string whose first piece, valid, runs from `slot` to `cut`, as they name the whole string
    /// (`String "abc…"`, its first 40 characters); `nil` while the piece holds too few characters to tell.
    private func describePiece(_ slot: Int, _ cut: Int) -> String? {
        var data = Data([UInt8(ascii: "\"")])
        data.append(window.bytes + slot + 1, count: cut - slot - 1)
        data.append(UInt8(ascii: "\""))
        guard let document = try? NativeDocument(data: data, maximumDepth: 1) else { return nil }
        let node = JSONNode.native(document, NativeDocument.root)
        // Two characters past the 40 shown: the last character of a piece may still grow (combining marks).
        guard let text = node.string, text.count > 41 else { return nil }
        return node.found
    }

    /// An error the scanner found in a piece whose quote stands in at `slot`, at its place in the whole input.
    private func relocatedPiece(_ error: JSONMappingError, slot: Int) -> JSONMappingError {
        // Counted from the piece's first real byte: the byte in the slot may be the end of a multi-byte character.
        PieceErrors.relocate(
            error, start: window.position(of: slot + 1), injected: 1,
            pathPrefix: JSONPath.format(pathComponents(inValue: true)), maximumDepth: options.maximumDepth)
    }

    /// The last index at or before `count` where the content of a string that starts (in a clean state) at `start`
    /// can be cut: between two characters, never inside an escape or a UTF-8 sequence. Malformed content is cut as
    /// the scanner reads it, so that its error falls inside the piece that holds it.
    static func stringCut(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var i = start
        while i < count {
            let byte = bytes[i]
            let length: Int
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < count else { break }
                length = bytes[i + 1] == UInt8(ascii: "u") ? 6 : 2
            } else if byte < 0xC0 {
                length = 1
            } else {
                length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            }
            guard i + length <= count else { break }
            i += length
        }
        return i
    }
}
