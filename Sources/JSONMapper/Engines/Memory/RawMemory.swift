import Foundation

/// `malloc`-family memory for the native engine's input copy and tape, the stream buffers and the writer (through
/// ``ByteBuffer``, which grows it).
///
/// `realloc` grows and trims them. glibc moves a block that has a mapping of its own with `mremap`, without a second
/// copy in memory: every block of 32 MB or more, and smaller large ones until the process frees its first such block
/// (which raises glibc's mmap threshold, up to 32 MB). A block on the heap that cannot grow in place is copied. An
/// allocation that fails is reported instead of trapping, so that a document too large for memory gives an invalid
/// context with a clear error.
///
/// On Linux, blocks of at least ``hugePageThreshold`` bytes are offered to the kernel for transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`): a large document's copy and tape are then faulted in 2 MB at a time instead of 4 KB,
/// which takes a fifth off the scan of a 128 MB document (BENCHMARKS.md, issue 24). The advice changes no byte; where
/// the kernel has no huge pages it is refused, and where they are set to `never` it is kept but not acted on.
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

    /// The size from which a block is offered for huge pages: 32 MB, the most that glibc's `malloc` ever serves from
    /// its heaps (its dynamic mmap threshold stops there, see mallopt(3)), so that every advised block has a
    /// mapping of its own. Advice on heap pages would outlive the block and make later small heap blocks cost 2 MB
    /// each; a process that raises `M_MMAP_THRESHOLD` past 32 MB accepts that for its largest blocks.
    static let hugePageThreshold = 32 << 20

    /// Asks the kernel to back the block at `block` (`bytes` long) with huge pages where it can.
    ///
    /// The advice covers the whole of glibc's mapping for the block: from the page that holds the block's first byte
    /// (glibc's header sits just before it) to the end of the block's usable size, which reaches up to a page past
    /// its last byte. Advice on only part of the mapping would split it in two, which `mremap` refuses to move, so
    /// that `realloc` would fall back to a second copy. The result is not checked: the advice is optional.
    private static func adviseHugePages(_ block: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
            // Without the usable size, the end of the mapping is unknown: no advice rather than a split mapping.
            let usable = usableSize(block)
            guard usable > 0,
                let pages = pagesCovering(
                    start: UInt(bitPattern: block), bytes: max(bytes, usable), pageSize: pageSize)
            else { return }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: pages.start), pages.count, MADV_HUGEPAGE)
        #endif
    }

    #if os(Linux)
        /// The system's page size, which `madvise` wants its range aligned to.
        static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))

        /// The address of `malloc_usable_size` (glibc, musl), found at run time: the Glibc module does not import
        /// `<malloc.h>`. Zero where it cannot be found (a static binary, which then gives no advice).
        private static let usableSizeFunction = UInt(bitPattern: dlsym(nil, "malloc_usable_size"))

        /// The bytes `malloc` made usable at `block` (at least those asked for), or 0 where that cannot be known.
        static func usableSize(_ block: UnsafeMutableRawPointer) -> Int {
            guard let address = UnsafeRawPointer(bitPattern: usableSizeFunction) else { return 0 }
            typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
            return unsafeBitCast(address, to: UsableSize.self)(block)
        }
    #endif

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
