import Foundation

/// `malloc`-family memory for the native engine's input copy and tape, the stream buffers and the writer (through
/// ``ByteBuffer``, which grows it).
///
/// `realloc` grows and trims them. glibc moves a block that has a mapping of its own with `mremap`, without a second
/// copy in memory: a block above its mmap threshold (128 KB at first) gets one. Freeing such a block raises the
/// threshold to its size (up to 32 MB), and a block may also be carved from a heap's free space, so that later
/// blocks can come from a heap, where `realloc` copies a block that cannot grow in place. An allocation that fails
/// is reported instead of trapping, so that a document too large for memory gives an invalid context with a clear
/// error.
enum RawMemory {
    /// Memory for `count` values of `T`, or `nil` when it cannot be had (including a size that overflows `Int`).
    static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T>? {
        guard let size = byteSize(T.self, count: count) else { return nil }
        return malloc(size)?.bindMemory(to: T.self, capacity: count)
    }

    /// The block at `pointer` resized for `count` values, or `nil` (leaving the old block allocated).
    static func reallocate<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) -> UnsafeMutablePointer<T>? {
        guard let size = byteSize(T.self, count: count) else { return nil }
        return realloc(pointer, size)?.bindMemory(to: T.self, capacity: count)
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

    /// The least number of bytes ``prefault(_:count:)`` asks the kernel to map: below it, the system call and the
    /// residency check cost more than the page faults they save.
    static let prefaultMinimum = 256 * 1024

    /// Has the kernel map, in one call, the fresh pages that lie wholly within `count` bytes at `bytes`, which the
    /// caller is about to write: Linux then zeroes and maps them without a page fault for each first write, which
    /// cuts what touching new memory costs by about 40 % (a copy into 128 MB of new pages: 71 ms, against 41 ms
    /// when they are mapped first, on the lab machine). Their contents do not change.
    ///
    /// Only an optimization, so it gives up quietly: on other systems, for fewer than ``prefaultMinimum`` bytes,
    /// when the last whole page is already resident (memory the allocator hands out again, where the call would
    /// only walk pages already mapped, 0.05 to 0.1 µs each), and when the kernel refuses (before Linux 5.14, which
    /// added `MADV_POPULATE_WRITE`). Pages the range only partly covers are left alone, so no other block's memory
    /// is touched; the advice changes no flag of the mapping, so it neither splits glibc's mapping of a large block
    /// nor outlives the block (unlike `MADV_HUGEPAGE`, which issue 24's seventh session tried and reverted).
    ///
    /// glibc often gives the top of its heap back between two large blocks, so a loop that maps one document after
    /// another gets fresh pages each time and is mapped ahead each time too: a gain, as each page then costs less.
    static func prefault(_ bytes: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
            guard count >= prefaultMinimum else { return }
            let page = pageSize
            let address = UInt(bitPattern: bytes)
            // A range that would wrap past the end of the address space is not one `malloc` hands out: left alone.
            let (rounded, wrapsAtStart) = address.addingReportingOverflow(page - 1)
            let (past, wrapsAtEnd) = address.addingReportingOverflow(UInt(count))
            guard !wrapsAtStart && !wrapsAtEnd else { return }
            let start = rounded & ~(page - 1)
            let end = past & ~(page - 1)
            guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start),
                let last = UnsafeMutableRawPointer(bitPattern: end - page)
            else { return }
            var resident: UInt8 = 0
            if mincore(last, Int(page), &resident) == 0 && resident & 1 != 0 { return }
            _ = madvise(first, Int(end - start), populateWrite)
        #endif
    }

    /// The most bytes ``prepareRead(into:free:expectedToFill:)`` offers one read: what is mapped ahead for it at once.
    static let preparedReadLimit = 1024 * 1024

    /// How many of the `free` bytes at `bytes` to offer a stream's read: all of them up to ``preparedReadLimit``,
    /// with their fresh pages mapped ahead (``prefault(_:count:)``) when the stream is `expectedToFill` the offer.
    ///
    /// File and data streams fill what they are offered until their last bytes, so a read that came back short was
    /// most likely the last one: the next read usually finds the end, and mapping pages for it would be waste. A
    /// stream that hands out less than it is offered (a pipe, a socket, a decompressor) is then not mapped ahead
    /// again until a read fills its offer, so it does not pay a call per small read. A read that ends the input
    /// early leaves at most ``preparedReadLimit`` bytes mapped and unused, which stay with the buffer (and with a
    /// document scanned from it) until it is freed; a larger free space takes more reads.
    static func prepareRead(into bytes: UnsafeMutableRawPointer, free: Int, expectedToFill: Bool) -> Int {
        let offered = min(free, preparedReadLimit)
        if expectedToFill { prefault(bytes, count: offered) }
        return offered
    }

    #if os(Linux)
        /// `MADV_POPULATE_WRITE`, by the kernel's number: older C libraries' headers do not name it.
        static let populateWrite: Int32 = 23

        /// The size of a page; 4 KB when the system does not say.
        static let pageSize: UInt = {
            let size = sysconf(Int32(_SC_PAGESIZE))
            return size > 0 && size & (size - 1) == 0 ? UInt(size) : 4096
        }()
    #endif

    /// An allocation of `bytes` bytes that failed.
    struct Exhausted: Error {
        let bytes: Int
    }

    /// The error for an allocation of `bytes` that failed while reading a document.
    static func exhausted(_ bytes: Int) -> EngineError {
        EngineError(message: "not enough memory to read the document (\(bytes) bytes more)")
    }
}
