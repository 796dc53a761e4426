import Testing

@testable import JSONMapper

@Suite("The native tape")
struct TapeTests {
    static let tags: [TapeTag] = [.null, .false, .true, .integer, .float, .string, .escapedString, .object, .array]

    @Test("every tag reads back from an entry, as TapeEntry.tag's cast assumes", arguments: tags)
    func tagsRoundTrip(tag: TapeTag) {
        let entry = TapeEntry(tag: tag, middle: 0xFF_FFFF, low: Int(UInt32.max))
        #expect(entry.tag == tag)
        #expect(entry.isContainer == (tag == .object || tag == .array))
        #expect(entry.middle == 0xFF_FFFF)
        #expect(entry.low == Int(UInt32.max))
    }

    @Test("the raw values are the declaration order, 0 to 8")
    func rawValuesInOrder() {
        #expect(Self.tags.map(\.rawValue) == Array(0...8))
    }

    @Test("a key's hash read as one padded word is the one read a byte at a time", arguments: 0...17)
    func paddedHashAgrees(length: Int) {
        // The key is followed by a quote and other bytes, then the padding, as in a document.
        let text = Array(("abcdefghijklmnopq".prefix(length) + "\"XYZ").utf8) + [UInt8](repeating: 0, count: 8)
        text.withUnsafeBufferPointer { buffer in
            let key = UnsafeBufferPointer(rebasing: buffer[0..<length])
            #expect(TapeView.paddedHash(of: key, .process) == KeyHash.process.hash(key))
        }
    }
}
