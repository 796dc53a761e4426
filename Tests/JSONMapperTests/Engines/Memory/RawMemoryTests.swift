import Foundation
import Testing

@testable import JSONMapper

/// Mapping fresh pages ahead of a write (`RawMemory.prefault`), on fresh anonymous memory from `mmap`, where the
/// kernel says page by page which are resident (`mincore`).
@Suite("Pages mapped ahead of a write")
struct RawMemoryTests {
    @Test("a read is offered all the free space up to the limit, and never more")
    func preparedReads() {
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { block.deallocate() }
        // The count only is used for sizes this small: the memory behind it is not touched.
        #expect(RawMemory.prepareRead(into: block, free: 0, expectedToFill: true) == 0)
        #expect(RawMemory.prepareRead(into: block, free: 1, expectedToFill: false) == 1)
        #expect(RawMemory.preparedReadLimit == 1 << 20)
        #expect(RawMemory.preparedReadLimit > RawMemory.prefaultMinimum)
    }

    #if os(Linux)
        /// Whether this kernel maps pages ahead on request (Linux 5.14 and later; not every sandbox): where it does
        /// not, `prefault` must leave every page as it was, and the tests below expect that instead.
        static let kernelMapsAhead: Bool = {
            let page = Int(RawMemory.pageSize)
            guard let probe = mmap(nil, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                probe != MAP_FAILED
            else { return false }
            defer { munmap(probe, page) }
            return madvise(probe, page, RawMemory.populateWrite) == 0
        }()

        /// Fresh anonymous pages, none resident yet, unmapped after `body`.
        static func withFreshPages(_ count: Int, _ body: (UnsafeMutableRawPointer, Int) throws -> Void) throws {
            let page = Int(RawMemory.pageSize)
            let mapped = mmap(nil, count * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            let base = try #require(mapped == MAP_FAILED ? nil : mapped)
            defer { munmap(base, count * page) }
            try body(base, page)
        }

        /// Which of the `count` pages at `base` are resident.
        static func resident(_ base: UnsafeMutableRawPointer, pages count: Int) throws -> [Bool] {
            var vector = [UInt8](repeating: 0, count: count)
            let status = mincore(base, count * Int(RawMemory.pageSize), &vector)
            try #require(status == 0)
            return vector.map { $0 & 1 != 0 }
        }

        @Test("maps exactly the pages wholly inside the range: not the partial ones at its ends, nor any outside")
        func wholePagesOnly() throws {
            let pages = RawMemory.prefaultMinimum / Int(RawMemory.pageSize) + 8
            try Self.withFreshPages(pages) { base, page throws in
                #expect(try Self.resident(base, pages: pages).allSatisfy { !$0 })
                // From 100 bytes into page 1 to 100 bytes into page `pages - 3`.
                let count = (pages - 4) * page
                RawMemory.prefault(base + page + 100, count: count)
                let expected = (0..<pages).map { Self.kernelMapsAhead && $0 >= 2 && $0 < pages - 3 }
                #expect(try Self.resident(base, pages: pages) == expected)
            }
        }

        @Test("leaves alone a range below the minimum, and one whose last page is resident already")
        func givesUp() throws {
            let pages = RawMemory.prefaultMinimum / Int(RawMemory.pageSize) + 8
            try Self.withFreshPages(pages) { base, page throws in
                RawMemory.prefault(base, count: RawMemory.prefaultMinimum - 1)
                #expect(try Self.resident(base, pages: pages).allSatisfy { !$0 })
                // Memory handed out again: its last page was written before, so the call is skipped.
                let count = pages * page
                base.storeBytes(of: 1, toByteOffset: count - 1, as: UInt8.self)
                RawMemory.prefault(base, count: count)
                let expected = (0..<pages).map { $0 == pages - 1 }
                #expect(try Self.resident(base, pages: pages) == expected)
                // Without that page written, the same range is mapped whole.
                RawMemory.prefault(base, count: count - page)
                let whole = (0..<pages).map { Self.kernelMapsAhead || $0 == pages - 1 }
                #expect(try Self.resident(base, pages: pages) == whole)
            }
        }

        @Test("a read expected to fill its offer has the offer's pages mapped ahead, and only those; another none")
        func preparedReadPages() throws {
            let page = Int(RawMemory.pageSize)
            let pages = 2 * RawMemory.preparedReadLimit / page
            try Self.withFreshPages(pages) { base, page throws in
                #expect(RawMemory.prepareRead(into: base, free: pages * page, expectedToFill: false) == 1 << 20)
                #expect(try Self.resident(base, pages: pages).allSatisfy { !$0 })
                #expect(RawMemory.prepareRead(into: base, free: pages * page, expectedToFill: true) == 1 << 20)
                let expected = (0..<pages).map { Self.kernelMapsAhead && $0 < RawMemory.preparedReadLimit / page }
                #expect(try Self.resident(base, pages: pages) == expected)
            }
        }

        @Test("the engine's copy of a large input is mapped ahead before it is written, and pads with zeros")
        func inputCopy() throws {
            // Past glibc's largest mmap threshold (32 MB), so the block is always a fresh mapping of its own.
            let count = 48 << 20
            let buffer = try NativeDocument.allocateBuffer(count: count)
            defer { RawMemory.free(buffer) }
            let page = Int(RawMemory.pageSize)
            let first = (Int(bitPattern: buffer) + page - 1) / page * page
            let pages = (Int(bitPattern: buffer) + count) / page - first / page
            let base = try #require(UnsafeMutableRawPointer(bitPattern: first))
            let resident = try Self.resident(base, pages: pages)
            #expect(resident.count == pages && pages > (count - 2 * page) / page)
            #expect(resident.allSatisfy { $0 == Self.kernelMapsAhead })
            #expect(UnsafeBufferPointer(start: buffer + count, count: NativeScanner.padding).allSatisfy { $0 == 0 })
        }

        @Test("memory mapped ahead reads as zero and keeps what is then written")
        func contents() throws {
            let pages = RawMemory.prefaultMinimum / Int(RawMemory.pageSize) + 1
            try Self.withFreshPages(pages) { base, page throws in
                RawMemory.prefault(base, count: pages * page)
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                #expect(UnsafeBufferPointer(start: bytes, count: pages * page).allSatisfy { $0 == 0 })
                for i in stride(from: 0, to: pages * page, by: 997) { bytes[i] = UInt8(truncatingIfNeeded: i) }
                #expect(
                    stride(from: 0, to: pages * page, by: 997).allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0) }
                )
            }
        }
    #endif
}
