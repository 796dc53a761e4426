import Foundation

/// `malloc`-family buffers for the native engine's input copy and tape.
///
/// `realloc` grows and trims them without a second copy in memory (glibc moves large blocks with `mremap`), and an
/// allocation that fails is reported instead of trapping, so that a document too large for memory gives an invalid
/// context with a clear error.
enum RawMemory {
    static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T>? {
        malloc(max(1, count) * MemoryLayout<T>.stride)?.bindMemory(to: T.self, capacity: count)
    }

    static func reallocate<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) -> UnsafeMutablePointer<T>? {
        realloc(pointer, max(1, count) * MemoryLayout<T>.stride)?.bindMemory(to: T.self, capacity: count)
    }

    static func free<T>(_ pointer: UnsafeMutablePointer<T>) {
        Foundation.free(pointer)
    }

    /// The error for an allocation of `bytes` that failed.
    static func exhausted(_ bytes: Int) -> JSONMappingError {
        JSONMappingError(
            code: .malformedJSON, path: "", message: "not enough memory to read the document (\(bytes) bytes more)")
    }
}
