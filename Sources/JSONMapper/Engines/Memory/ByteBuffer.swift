// Engines/Memory/ owns raw memory: `RawMemory`'s malloc blocks, the one growable `ByteBuffer`, and the internal
// checks that guard them.

import Foundation

/// A growable block of bytes from ``RawMemory``: the one buffer under the native engine's tape, the stream reader
/// and the stream window, and the writer.
///
/// It grows by one policy (``grownCapacity(_:toHold:)``) with `realloc`, which moves a large block without a second
/// copy in memory, and never traps when memory runs out: ``reserve(_:limit:)`` says so and changes nothing, and the
/// owner reports it as it always has (``RawMemory/exhausted(_:)`` when reading, an `outOfMemory` error when
/// writing). An owner whose reader looks a word ahead (the native scanner) asks for `padding`: that many bytes are
/// allocated after the capacity, and ``zeroPadding()`` zeroes those after the count.
///
/// Owners index ``base`` themselves on their hot paths; the checks below (on under `JSONMAPPER_INTERNAL_CHECKS`)
/// guard the count and the reserved capacity.
struct ByteBuffer: ~Copyable {
    /// Where a buffer without memory points: never written (its capacity and padding are 0) and never freed.
    nonisolated(unsafe) private static let nowhere = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    private(set) var base: UnsafeMutablePointer<UInt8>
    /// The bytes in use, from ``base``.
    var count = 0 {
        didSet { check(count >= 0 && count <= capacity, "count \(count) outside a capacity of \(capacity)") }
    }
    /// The bytes that fit before the buffer must grow.
    private(set) var capacity: Int
    /// The readable bytes allocated after ``capacity``.
    private(set) var padding: Int

    /// A buffer without memory, which cannot grow: what a writer holds once its memory is gone.
    init() {
        base = Self.nowhere
        capacity = 0
        padding = 0
    }

    /// A buffer with room for `capacity` bytes, and `padding` bytes after them.
    ///
    /// - Throws: The bytes that could not be had.
    init(capacity: Int, padding: Int = 0) throws(RawMemory.Exhausted) {
        let (total, overflow) = capacity.addingReportingOverflow(padding)
        guard !overflow, let base = RawMemory.allocate(UInt8.self, count: total) else {
            throw RawMemory.Exhausted(bytes: overflow ? Int.max : total)
        }
        self.base = base
        self.capacity = capacity
        self.padding = padding
        Self.poison(base, count: total)
    }

    /// Fills fresh bytes with a byte that is not JSON under the internal checks, so that a reader which leans on
    /// bytes nobody wrote (a `malloc` block is zero only the first time it is handed out) fails in the tests too.
    @inline(__always)
    private static func poison(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        #if JSONMAPPER_INTERNAL_CHECKS
            bytes.update(repeating: 0xA5, count: count)
        #endif
    }

    deinit {
        if base != Self.nowhere { RawMemory.free(base) }
    }

    /// Whether the buffer holds memory: `false` once it was handed over with ``take(trimmed:)`` or let go with
    /// ``release()``.
    var hasMemory: Bool { base != Self.nowhere }

    /// The capacity to grow a buffer of `capacity` bytes to so that `needed` bytes fit: half as large again, so that
    /// the copying of all the growths stays linear in the final size (and the slack small), and never less than
    /// `needed`. The one growth policy of the library's buffers.
    static func grownCapacity(_ capacity: Int, toHold needed: Int) -> Int {
        let (grown, overflow) = capacity.addingReportingOverflow(capacity / 2)
        return max(overflow ? Int.max : grown, needed)
    }

    /// Makes room for `more` bytes after ``count``.
    ///
    /// - Parameter limit: The most bytes the buffer may hold (its padding aside), for owners that stand in for a
    ///   machine whose memory runs out.
    /// - Returns: `true` when they fit; `false` when the memory (or the limit) ran out, and then nothing changed.
    @inline(__always)
    mutating func reserve(_ more: Int, limit: Int = .max) -> Bool {
        if more <= capacity &- count { return true }
        let (needed, overflow) = count.addingReportingOverflow(more)
        return !overflow && grow(toHold: needed, limit: limit)
    }

    /// Grows to ``grownCapacity(_:toHold:)`` within `limit`; when that cannot be had, to exactly `needed`.
    private mutating func grow(toHold needed: Int, limit: Int) -> Bool {
        guard hasMemory else { return false }
        let wanted = min(Self.grownCapacity(capacity, toHold: needed), limit)
        if needed <= wanted && resize(to: wanted) { return true }
        // Without the slack, the exact need may still be had.
        return wanted > needed && resize(to: needed)
    }

    private mutating func resize(to newCapacity: Int) -> Bool {
        let (total, overflow) = newCapacity.addingReportingOverflow(padding)
        guard !overflow, let grown = RawMemory.reallocate(base, count: total) else { return false }
        if newCapacity > capacity { Self.poison(grown + capacity + padding, count: newCapacity - capacity) }
        base = grown
        capacity = newCapacity
        return true
    }

    /// Zeroes the padding after ``count``: the bytes a reader that looks a word ahead sees as the end.
    @inline(__always)
    mutating func zeroPadding() {
        guard hasMemory else { return }
        check(count + padding <= capacity + padding, "padding past the block")
        (base + count).update(repeating: 0, count: padding)
    }

    /// Drops the first `n` bytes, moving the rest to the start.
    mutating func removeFirst(_ n: Int) {
        check(n >= 0 && n <= count, "removing \(n) of \(count) bytes")
        guard n > 0 else { return }
        (base).update(from: base + n, count: count - n)
        count -= n
    }

    /// Hands the bytes over to the caller, who frees them with ``RawMemory/free(_:)``, and leaves the buffer without
    /// memory.
    ///
    /// - Parameter trimmed: Whether to give back the unused capacity first (padding included), with `realloc`,
    ///   which shrinks in place.
    /// - Returns: The bytes, their count, and the capacity the buffer had (the most it held at once, since it only
    ///   grows); `nil` when it had no memory.
    mutating func take(trimmed: Bool) -> (bytes: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int)? {
        guard hasMemory else { return nil }
        let taken = base
        let bytes = trimmed && count < capacity + padding ? RawMemory.reallocate(taken, count: count) ?? taken : taken
        let result = (bytes, count, capacity)
        (base, count, capacity, padding) = (Self.nowhere, 0, 0, 0)
        return result
    }

    /// Frees the memory: the buffer is left without any.
    mutating func release() {
        if hasMemory { RawMemory.free(base) }
        (base, count, capacity, padding) = (Self.nowhere, 0, 0, 0)
    }
}
