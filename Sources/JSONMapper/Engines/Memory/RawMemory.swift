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

    /// An allocation of `bytes` bytes that failed.
    struct Exhausted: Error {
        let bytes: Int
    }

    /// The error for an allocation of `bytes` that failed while reading a document.
    static func exhausted(_ bytes: Int) -> EngineError {
        EngineError(message: "not enough memory to read the document (\(bytes) bytes more)")
    }
}
