/// Where a native document's bytes are: the caller's own up to ``split``, and from there a copy followed by the
/// scanner's zero padding; or, when ``split`` is 0, one copy of them all with its padding.
///
/// The scanner and the readers load whole words and stop at the zero padding after the input (`NativeScanner`),
/// which the caller's memory does not have: its last bytes are followed by whatever the allocator put there, or by
/// an unmapped page. Copying only a tail gives the padding without copying the document. ``split`` is chosen by
/// ``inPlaceSplit(of:count:)`` so that no read that starts before it reaches the caller's last bytes; the scanner
/// moves onto the copy there (`NativeScanner.moveOntoTail(at:)`), and every read of a value goes through
/// ``address(_:)``, which picks the copy for values at or after ``split``. The two hold the same bytes, so a
/// value (or an error message) is the same whichever is read.
struct DocumentBytes {
    /// The whole input: ``count`` readable bytes, the caller's own or (when ``split`` is 0) the padded copy.
    let head: UnsafePointer<UInt8>
    /// The input's bytes from ``split`` on, followed by `NativeScanner.padding` zero bytes.
    let tail: UnsafePointer<UInt8>
    /// The offset of the first byte that ``tail`` holds.
    let split: Int
    /// How many bytes the input has.
    let count: Int

    /// Input that is all in one padded buffer (`count` bytes, then the zero padding).
    init(padded bytes: UnsafePointer<UInt8>, count: Int) {
        head = bytes
        tail = bytes
        split = 0
        self.count = count
    }

    /// Input read in place up to `split` from `head`, and from `split` on from `tail`, its padded copy.
    init(head: UnsafePointer<UInt8>, tail: UnsafePointer<UInt8>, split: Int, count: Int) {
        check(split >= 0 && split <= count, "a split at \(split) of \(count) bytes")
        self.head = head
        self.tail = tail
        self.split = split
        self.count = count
    }

    /// The address of the byte at `offset` (at most `count`), where a value that starts there is read from: the
    /// caller's bytes before ``split``, the copy from it on. A value that starts before the split ends before it
    /// (see ``inPlaceSplit(of:count:)``), so each value is read from one buffer.
    ///
    /// Both cases add an offset to the start of the buffer that holds it, so the pointer never leaves that buffer.
    @inline(__always)
    func address(_ offset: Int) -> UnsafePointer<UInt8> {
        offset < split ? head + offset : tail + (offset &- split)
    }

    // MARK: Choosing the split

    /// How many of the last bytes no read on the caller's bytes reaches: a word (8 bytes) past the later of the two
    /// quotes ``inPlaceSplit(of:count:)`` finds, with room to spare.
    static let endMargin = 24

    /// How far back from the end the split is looked for: documents whose last quotes are further back (a long
    /// run of numbers, a long string at the end) are copied whole, which costs what it always did.
    static let searchWindow = 1024

    /// Where a document read in place moves onto its copy, or 0 (copy it all) when its last bytes have no place
    /// that is safe.
    ///
    /// The split is a quote `q` not preceded by a backslash, with another quote `r` after it at least ``endMargin``
    /// bytes before the end. The scanner reads the caller's bytes until it is about to read a string whose opening
    /// quote is at or after `q`, and then moves onto the copy. Up to that point no read reaches past `r + 8`:
    /// - Every loop of the scanner stops at a quote: a string's run at `"`, `\` or a control character (and `q`
    ///   cannot be escaped, so a string open across `q` ends there: an escape that would reach `q` is `\"`, which
    ///   `q` is not, or `\u` with a quote among its hex digits, an error), whitespace at anything else, a number at
    ///   anything that is not part of one; a literal is read as a fixed few bytes. Each reads at most one word past
    ///   where it stops.
    /// - The scanner meets the quote at `q` either as a string's opening (and moves onto the copy before reading
    ///   it), as a string's closing, or as an error. After a closing quote at `q`, nothing but structure, numbers
    ///   and literals lies before `r`, whose loops stop at `r`; there a string opens (at or after `q`: the scanner
    ///   moves) or the input is wrong.
    ///
    /// Values before `q` end at or before `r`, so the readers' word loads past their ends stay before the end too.
    /// A quote preceded by a backslash is passed over (even the closing quote of `"\\"`): the search goes on to an
    /// earlier one.
    static func inPlaceSplit(of bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        let lowest = max(1, count - searchWindow)
        var r = count - endMargin
        while r >= lowest && bytes[r] != UInt8(ascii: "\"") { r -= 1 }
        var q = r - 1
        while q >= lowest && (bytes[q] != UInt8(ascii: "\"") || bytes[q - 1] == UInt8(ascii: "\\")) { q -= 1 }
        return q >= lowest ? q : 0
    }
}
