import Testing

@testable import JSONMapper

/// The one growable byte buffer under the tape, the stream reader and window, and the writer: its growth policy,
/// its limits, and that running out of memory changes nothing and never traps.
///
/// `#expect` cannot take a noncopyable value apart, so each reading of the buffer is bound to a `let` first.
@Suite("The growable byte buffer")
struct ByteBufferTests {
    /// What the buffer holds, copied out.
    static func contents(_ buffer: borrowing ByteBuffer) -> [UInt8] {
        Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count))
    }

    @Test("grows by half, or to what is needed when that is more; never overflows")
    func policy() {
        #expect(ByteBuffer.grownCapacity(1000, toHold: 1001) == 1500)
        #expect(ByteBuffer.grownCapacity(1000, toHold: 4000) == 4000)
        #expect(ByteBuffer.grownCapacity(0, toHold: 1) == 1)
        #expect(ByteBuffer.grownCapacity(Int.max - 10, toHold: Int.max - 5) == Int.max)
    }

    @Test("keeps its bytes through every growth, reserving just enough each time")
    func growth() throws {
        var buffer = try ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        var capacities: [Int] = [buffer.capacity]
        for byte in 0..<UInt8(200) {
            let room = buffer.reserve(1)
            #expect(room)
            buffer.base[buffer.count] = byte
            buffer.count += 1
            expected.append(byte)
            if buffer.capacity != capacities.last { capacities.append(buffer.capacity) }
        }
        var held = Self.contents(buffer)
        #expect(held == expected)
        #expect(capacities == [16, 24, 36, 54, 81, 121, 181, 271])
        let room = buffer.reserve(1000)
        let capacity = buffer.capacity
        held = Self.contents(buffer)
        #expect(room && capacity == 1200)
        #expect(held == expected)
    }

    @Test("within a limit: the slack is cut to the limit, and a need past it fails with nothing changed")
    func limit() throws {
        var buffer = try ByteBuffer(capacity: 100)
        buffer.base.update(repeating: 7, count: 100)
        buffer.count = 100
        let grew = buffer.reserve(10, limit: 120)
        var capacity = buffer.capacity
        #expect(grew && capacity == 120)
        let base = buffer.base
        let pastLimit = buffer.reserve(21, limit: 120)
        let overflowing = buffer.reserve(Int.max)
        capacity = buffer.capacity
        let (after, count, held) = (buffer.base, buffer.count, Self.contents(buffer))
        #expect(!pastLimit && !overflowing)
        #expect(after == base && capacity == 120 && count == 100)
        #expect(held == [UInt8](repeating: 7, count: 100))
    }

    // A real allocation of an impossible size would abort under AddressSanitizer (which .ci/run uses) instead of
    // failing; sizes that overflow fail before any allocation, and the limit above stands in for a full machine.
    @Test("a size that overflows is an error, not a trap")
    func exhausted() {
        #expect(throws: RawMemory.Exhausted.self) {
            let buffer = try ByteBuffer(capacity: Int.max, padding: 8)
            _ = buffer.capacity
        }
    }

    @Test("the padding after the count is zeroed, and stays allocated through growth")
    func padding() throws {
        var buffer = try ByteBuffer(capacity: 8, padding: 8)
        buffer.base.update(repeating: 0xAA, count: 16)
        buffer.count = 3
        buffer.zeroPadding()
        let start = Array(UnsafeBufferPointer(start: buffer.base, count: 12))
        #expect(start == [0xAA, 0xAA, 0xAA] + [UInt8](repeating: 0, count: 8) + [0xAA])
        let grew = buffer.reserve(30)
        let (capacity, padding) = (buffer.capacity, buffer.padding)
        #expect(grew && capacity == 33 && padding == 8)
        buffer.count = 33
        buffer.zeroPadding()
        let end = Array(UnsafeBufferPointer(start: buffer.base + 33, count: 8))
        #expect(end == [UInt8](repeating: 0, count: 8))
    }

    @Test("removeFirst moves the rest to the start")
    func removeFirst() throws {
        var buffer = try ByteBuffer(capacity: 10)
        for i in 0..<10 { buffer.base[i] = UInt8(i) }
        buffer.count = 10
        buffer.removeFirst(4)
        let held = Self.contents(buffer)
        #expect(held == [4, 5, 6, 7, 8, 9])
        buffer.removeFirst(0)
        let count = buffer.count
        #expect(count == 6)
    }

    @Test("take hands the bytes over and leaves a buffer without memory, which cannot grow")
    func take() throws {
        var buffer = try ByteBuffer(capacity: 64, padding: 8)
        buffer.base.update(from: Array("hello".utf8), count: 5)
        buffer.count = 5
        let handed = buffer.take(trimmed: true)
        let taken = try #require(handed)
        defer { RawMemory.free(taken.bytes) }
        #expect(taken.count == 5 && taken.capacity == 64)
        #expect(String(decoding: UnsafeBufferPointer(start: taken.bytes, count: 5), as: UTF8.self) == "hello")
        let (hasMemory, capacity, count) = (buffer.hasMemory, buffer.capacity, buffer.count)
        #expect(!hasMemory && capacity == 0 && count == 0)
        let grew = buffer.reserve(1)
        let takenAgain = buffer.take(trimmed: false) != nil
        #expect(!grew && !takenAgain)
        var empty = ByteBuffer()
        let emptyGrew = empty.reserve(1)
        empty.release()
        let emptyHasMemory = empty.hasMemory
        #expect(!emptyGrew && !emptyHasMemory)
    }
}
