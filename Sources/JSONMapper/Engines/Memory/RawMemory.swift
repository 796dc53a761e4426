import Foundation

/// `malloc`-family memory for the native engine's input copy and tape, the stream buffers and the writer (through
/// ``ByteBuffer``, which grows it).
///
/// `realloc` grows and trims them without a second copy in memory (glibc moves large blocks with `mremap`), and an
/// allocation that fails is reported instead of trapping, so that a document too large for memory gives an invalid
/// context with a clear error.
///
/// On Linux, blocks of at least ``hugePageThreshold`` bytes are offered to the kernel for transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`): a large document's copy and tape are then faulted in 2 MB at a time instead of 4 KB,
/// which takes a quarter off the scan of a 128 MB document (BENCHMARKS.md, issue 24). The advice changes no byte and
/// may be ignored; where the kernel has no huge pages, or they are off, nothing changes.
enum RawMemory {
    /// Memory for `count` values of `T`, or `nil` when it cannot be had (including a size that overflows `Int`).
    static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T>? {
        guard let size = byteSize(T.self, count: count), let block = malloc(size) else { return nil }
        if size >= hugePageThreshold { adviseHugePages(block, bytes: size) }
        return block.bindMemory(to: T.self, capacity: count)
    }

    /// The block at `pointer` resized for `count` values, or `nil` (leaving the old block allocated).
    static func reallocate<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) -> UnsafeMutablePointer<T>? {
        guard let size = byteSize(T.self, count: count), let block = realloc(pointer, size) else { return nil }
        if size >= hugePageThreshold { adviseHugePages(block, bytes: size) }
        return block.bindMemory(to: T.self, capacity: count)
    }

    /// The size from which a block is offered for huge pages: two of them (2 MB each on x86-64 and on arm64 with
    /// 4 KB pages), so that at least one whole huge page lies inside any block that gets the advice.
    static let hugePageThreshold = 4 << 20

    /// Asks the kernel to back the pages of the block at `block` (`bytes` long) with huge pages where it can.
    ///
    /// The advice covers every page the block touches, its first and last partly: glibc serves a large block with a
    /// mapping of its own that begins a few bytes before the block, and advice on only part of that mapping would
    /// split it in two, which `mremap` refuses to move, so that `realloc` would fall back to a second copy. Pages
    /// the block shares with other heap blocks only get the same advice. The result is not checked: the advice is
    /// optional, and a kernel without transparent huge pages refuses it.
    private static func adviseHugePages(_ block: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
            guard let pages = pagesCovering(start: UInt(bitPattern: block), bytes: bytes, pageSize: pageSize) else {
                return
            }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: pages.start), pages.count, MADV_HUGEPAGE)
        #endif
    }

    /// The system's page size, which `madvise` wants its range aligned to.
    static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// The pages of `pageSize` bytes (a power of two) that the block at `start` (`bytes` long) touches: from the
    /// boundary at or before its first byte to the one at or after its end; `nil` for an empty block, or one whose
    /// last page would end past the address space or whose pages would not count in an `Int`.
    static func pagesCovering(start: UInt, bytes: Int, pageSize: Int) -> (start: UInt, count: Int)? {
        let mask = UInt(pageSize) - 1
        let (end, overflow) = start.addingReportingOverflow(UInt(bytes))
        guard bytes > 0, !overflow, end <= UInt.max - mask else { return nil }
        let first = start & ~mask
        let last = (end + mask) & ~mask
        guard let count = Int(exactly: last - first) else { return nil }
        return (first, count)
    }

    /// The bytes that `count` values of `T` take (at least 1, so that `malloc` never returns a shared empty block),
    /// or `nil` when the count is negative or the product overflows.
    static func byteSize<T>(_ type: T.Type, count: Int) -> Int? {
        guard count >= 0 else { return nil }
        let (size, overflow) = max(1, count).multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        return overflow ? nil : size
    }

    static func free<T>(_ pointer: UnsafeMutablePointer<T>) {
        Foundation.free(pointer)
    }

    /// An allocation of `bytes` bytes that failed.
    struct Exhausted: Error {
        let bytes: Int
    }

    /// The error for an allocation of `bytes` that failed while reading a document.
    static func exhausted(_ bytes: Int) -> EngineError {
        EngineError(message: "not enough memory to read the document (\(bytes) bytes more)")
    }
}
