import Foundation
import Testing

@testable import JSONMapper

/// The engine's raw memory: large blocks are offered for huge pages on Linux, as whole mappings, so that `realloc`
/// can still move them without a second copy.
@Suite("Raw memory")
struct RawMemoryTests {
    @Test(
        "the advice covers every page a block touches",
        arguments: [
            // (start, bytes) → (first page, bytes of pages), with 4 KB pages
            (0x1010, 0x2000, 0x1000, 0x3000),  // the malloc case: a header before the block, the end inside a page
            (0x2000, 0x1000, 0x2000, 0x1000),  // aligned at both ends: exactly its pages
            (0x2fff, 2, 0x2000, 0x2000),  // two bytes across a boundary: both pages
            (0x5000, 1, 0x5000, 0x1000),
        ] as [(UInt, Int, UInt, Int)])
    func pages(start: UInt, bytes: Int, first: UInt, count: Int) throws {
        let pages = try #require(RawMemory.pagesCovering(start: start, bytes: bytes, pageSize: 0x1000))
        #expect(pages.start == first && pages.count == count)
    }

    @Test("no advice for an empty block, or one that reaches the end of the address space")
    func noPages() {
        #expect(RawMemory.pagesCovering(start: 0x1000, bytes: 0, pageSize: 0x1000) == nil)
        #expect(RawMemory.pagesCovering(start: UInt.max - 0x10, bytes: 8, pageSize: 0x1000) == nil)
        #expect(RawMemory.pagesCovering(start: UInt.max - 0x10, bytes: 0x20, pageSize: 0x1000) == nil)
        #expect(RawMemory.pagesCovering(start: 0x1000, bytes: Int.max, pageSize: 0x1000) == nil)
    }

    #if os(Linux)
        /// The kernel's mapping that holds `address`, from `/proc/self/smaps`: its range and its flags.
        static func mapping(holding address: UInt) throws -> (range: Range<UInt>, flags: [Substring])? {
            // `String(contentsOfFile:)` stops after the first block of a proc file; a FileHandle reads it all.
            let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
            defer { try? handle.close() }
            let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            var current: Range<UInt>?
            for line in text.split(separator: "\n") {
                if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                    let low = UInt(line[..<dash], radix: 16),
                    let high = UInt(line[line.index(after: dash)..<space], radix: 16)
                {
                    current = low..<high
                } else if line.hasPrefix("VmFlags:"), let range = current, range.contains(address) {
                    return (range, line.dropFirst("VmFlags:".count).split(separator: " "))
                }
            }
            return nil
        }

        /// Whether this kernel has transparent huge pages (their settings folder exists): then it takes the advice.
        static var kernelHasHugePages: Bool {
            FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")
        }

        /// `malloc_usable_size`, looked up here apart from the library's own lookup: how far `malloc`'s block, and
        /// so glibc's mapping for it, reaches.
        static func usableSize(_ block: UnsafeMutableRawPointer) throws -> Int {
            let address = try #require(dlsym(nil, "malloc_usable_size"))
            typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
            return unsafeBitCast(address, to: UsableSize.self)(block)
        }

        /// Checks that one mapping holds all of the block at `block`, up to the end of its usable size (where
        /// glibc's mapping for it ends), and that it carries the huge-page advice (`hg` in its flags) when the kernel
        /// can take it.
        static func expectOneAdvisedMapping(
            _ block: UnsafeMutableRawPointer, bytes: Int, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let start = UInt(bitPattern: block)
            let extent = max(bytes, try usableSize(block))
            let found = try mapping(holding: start)
            let mapping = try #require(found, sourceLocation: sourceLocation)
            #expect(
                mapping.range.contains(start + UInt(extent) - 1),
                "a block of \(bytes) bytes spans more than one mapping: realloc could not move it with mremap",
                sourceLocation: sourceLocation)
            #expect(mapping.flags.contains("hg") == kernelHasHugePages, sourceLocation: sourceLocation)
        }

        /// Whether every 4,096th byte of the `count` at `bytes`, and the last, is `value`.
        static func holds(_ value: UInt8, _ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
            stride(from: 0, to: count, by: 4096).allSatisfy { bytes[$0] == value } && bytes[count - 1] == value
        }

        @Test("a large block is advised as one mapping, also after it grows")
        func largeBlocks() throws {
            let bytes = RawMemory.hugePageThreshold + 12_345
            let block = try #require(RawMemory.allocate(UInt8.self, count: bytes))
            memset(block, 0x5A, bytes)
            try Self.expectOneAdvisedMapping(block, bytes: bytes)

            let grownBytes = 2 * bytes
            let grown = try #require(RawMemory.reallocate(block, count: grownBytes))
            defer { RawMemory.free(grown) }
            memset(grown + bytes, 0xA5, grownBytes - bytes)
            try Self.expectOneAdvisedMapping(grown, bytes: grownBytes)
            #expect(Self.holds(0x5A, grown, count: bytes) && Self.holds(0xA5, grown + bytes, count: grownBytes - bytes))
        }

        @Test(
            "a block whose mapping reaches a page past its last byte is advised to the mapping's end",
            // glibc maps a block of n bytes with a 16-byte header and 8 bytes of its next chunk's size: when n is
            // 4,073 to 4,080 past a page boundary, that is one page more than the block's own bytes touch.
            arguments: [4_064, 4_072, 4_073, 4_076, 4_080, 4_081, 4_088])
        func mappingPastTheLastPage(remainder: Int) throws {
            let bytes = RawMemory.hugePageThreshold + 3 * 4096 + remainder
            let block = try #require(RawMemory.allocate(UInt8.self, count: bytes))
            defer { RawMemory.free(block) }
            try Self.expectOneAdvisedMapping(block, bytes: bytes)
        }

        @Test("a tape that outgrows its first block is advised as one mapping and keeps every entry")
        func growingTape() throws {
            // A document of zeros has one value per two bytes, four times the first block's estimate.
            let entries = RawMemory.hugePageThreshold / 8 * 3 / 2
            var tape = try TapeBuffer(estimatedCount: entries / 4)
            for index in 0..<entries {
                try tape.append(TapeEntry(tag: .integer, middle: 1, low: index))
            }
            let handed = tape.take()
            let taken = try #require(handed)
            defer { RawMemory.free(taken.entries) }
            #expect(taken.count == entries && taken.peakBytes > entries * 8)
            try Self.expectOneAdvisedMapping(UnsafeMutableRawPointer(taken.entries), bytes: entries * 8)
            let intact = stride(from: 0, to: entries, by: 511).allSatisfy {
                TapeEntry(bits: taken.entries[$0]).low == $0
            }
            #expect(intact && TapeEntry(bits: taken.entries[entries - 1]).low == entries - 1)
        }
    #endif
}
