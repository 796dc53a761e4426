/// The UTF-8 byte-order mark, `EF BB BF`: RFC 8259 lets a parser ignore one at the start of a text (files saved by
/// some editors have one), and an event stream drops one at its start.
enum ByteOrderMark {
    /// The mark's three bytes.
    static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the `count` bytes at `start` begin with the whole mark.
    @inline(__always)
    static func begins(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        count >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF
    }

    /// Whether the `count` bytes at `start` are the mark's beginning, cut short: one or two bytes that match it.
    static func isCutShort(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count > 0 && count < bytes.count else { return false }
        return (0..<count).allSatisfy { start[$0] == bytes[$0] }
    }
}
