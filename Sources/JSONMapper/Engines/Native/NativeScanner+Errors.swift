extension NativeScanner {
    /// A syntax error at byte `offset` (an index into ``bytes``), with its line, column and the path of the value
    /// being read.
    ///
    /// - Parameter inValue: Whether the error is inside the current member's or element's value (so the path
    ///   names that member), rather than between members (so the path names the container).
    func error(at offset: Int, _ message: String, inValue: Bool = false) -> EngineError {
        var components: [PathComponent] = []
        for (depth, frame) in stack.frames.enumerated() where depth < stack.count - 1 || inValue {
            if frame.isObject {
                guard frame.key != Frame.noKey else { continue }
                // The key was scanned whole, but its tape length saturates at 16 MiB: measure it again from the text.
                let key = TapeEntry(bits: frame.key)
                let length = key.textLength(in: input.head, count: input.count)
                components.append(
                    .key(
                        StringDecoding.decode(
                            input.address(key.low), count: length, escaped: key.tag == .escapedString)))
            } else if frame.count > 0 {
                components.append(.index(frame.count - 1))
            }
        }
        let (line, column) = SourcePosition.lineAndColumn(of: origin + offset, in: input.head, count: input.count)
        return EngineError(message: message, path: components, line: line, column: column)
    }

    /// How an error message names the byte at `offset`: `'x'`, `byte 0xFF`, or `end of input`.
    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "'\(Self.printable(byte))'" }
        if byte < 0x20 || byte == 0x7F { return "control character \(Self.unicodeName(byte))" }
        return "byte \(Self.hex(byte))"
    }

    static func printable(_ byte: UInt8) -> String {
        String(UnicodeScalar(byte))
    }

    static func unicodeName(_ byte: UInt8) -> String {
        "U+" + Quoting.hex4(UInt32(byte))
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}

/// Turns byte offsets into the line and column a person sees in an editor.
enum SourcePosition {
    /// The 1-based line and column of byte `offset`; columns count characters (UTF-8 lead bytes), not bytes.
    static func lineAndColumn(of offset: Int, in bytes: UnsafePointer<UInt8>, count: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        for i in 0..<min(offset, count) {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
