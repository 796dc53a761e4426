import Foundation
import JSONMapperTestSupport
import Testing

/// The scripted stream does what the streaming tests take it to do: a double that read differently (one read where
/// two were asked for, no failure where one was) would let the tests that use it pass without testing anything.
@Suite("The scripted test InputStream")
struct ScriptedInputStreamTests {
    /// What each read of `stream` returned, `offered` bytes of space at a time, until it returned 0 or less (at
    /// most 10,000 reads), with the bytes read and the status after each.
    static func readAll(
        _ stream: InputStream, offered: Int = 100
    ) -> (results: [Int], bytes: [UInt8], statuses: [Stream.Status]) {
        stream.open()
        var results: [Int] = []
        var bytes: [UInt8] = []
        var statuses: [Stream.Status] = []
        var buffer = [UInt8](repeating: 0, count: offered)
        while results.count < 10_000 {
            let result = stream.read(&buffer, maxLength: offered)
            results.append(result)
            statuses.append(stream.streamStatus)
            guard result > 0 else { break }
            bytes += buffer.prefix(min(result, offered))
        }
        return (results, bytes, statuses)
    }

    static let ten = Array("0123456789".utf8)

    @Test("reads of the sizes given, in turn, never more than offered or left; the end with the last byte")
    func sizes() {
        let fixed = Self.readAll(ScriptedInputStream(Self.ten, reads: .of(3)))
        #expect(fixed.results == [3, 3, 3, 1, 0])
        #expect(fixed.bytes == Self.ten)
        #expect(fixed.statuses == [.open, .open, .open, .atEnd, .atEnd])
        #expect(Self.readAll(ScriptedInputStream(Self.ten, reads: .of(7, 2)), offered: 5).results == [5, 2, 3, 0])
        let all = Self.readAll(ScriptedInputStream(Self.ten), offered: 4)
        #expect(all.results == [4, 4, 2, 0])
        #expect(all.bytes == Self.ten)
        #expect(Self.readAll(ScriptedInputStream([], reads: .of(3))).results == [0])
    }

    @Test("a split: reads end at the offset, then take all they are offered")
    func split() {
        #expect(Self.readAll(ScriptedInputStream(Self.ten, reads: .split(at: 4))).results == [4, 6, 0])
        #expect(
            Self.readAll(ScriptedInputStream(Self.ten, reads: .split(at: 4)), offered: 3).results == [3, 1, 3, 3, 0])
        #expect(Self.readAll(ScriptedInputStream(Self.ten, reads: .split(at: 0))).results == [10, 0])
    }

    @Test("random reads: the same seed reads the same way; the size function sees each draw and the space offered")
    func random() {
        let bytes = [UInt8](repeating: 7, count: 3_000)
        func results(_ seed: UInt64) -> [Int] {
            Self.readAll(
                ScriptedInputStream(
                    bytes, reads: .random(seed: seed) { draw, offered in draw % 4 == 0 ? offered : 1 + Int(draw % 100) }
                ),
                offered: 150
            ).results
        }
        #expect(results(1) == results(1))
        #expect(results(1) != results(2))
        #expect(results(1).dropLast().allSatisfy { (1...150).contains($0) })
        #expect(results(1).contains(150))
        #expect(results(1).reduce(0, +) == bytes.count)
        var generator = SplitMix64(seed: 1)
        let expected = (0..<5).map { _ in
            let draw = generator.next()
            return draw % 4 == 0 ? 150 : 1 + Int(draw % 100)
        }
        #expect(Array(results(1).prefix(5)) == expected)
    }

    @Test("failures: after some bytes (returning -1 or 0, with the status .error), as it opens, and overreporting")
    func failures() {
        let after = Self.readAll(ScriptedInputStream(Self.ten, reads: .of(3), failing: .after(5)))
        #expect(after.results == [3, 2, -1])
        #expect(after.bytes == Array(Self.ten.prefix(5)))
        #expect(after.statuses == [.open, .open, .error])
        let silent = Self.readAll(ScriptedInputStream(Self.ten, reads: .of(3), failing: .after(5, returning: 0)))
        #expect(silent.results == [3, 2, 0])
        #expect(silent.statuses.last == .error)
        #expect(Self.readAll(ScriptedInputStream(Self.ten, failing: .after(0))).results == [-1])

        let onOpen = ScriptedInputStream(Self.ten, failing: .onOpen)
        #expect(onOpen.streamStatus == .notOpen)
        #expect(Self.readAll(onOpen).results == [-1])
        #expect(onOpen.streamStatus == .error)

        let overreporting = ScriptedInputStream([], failing: .overreporting)
        overreporting.open()
        #expect(overreporting.hasBytesAvailable)
        var buffer = [UInt8](repeating: 9, count: 8)
        #expect(overreporting.read(&buffer, maxLength: 8) == 9)
        #expect(buffer == [UInt8](repeating: 9, count: 8))
    }

    @Test("the end on an empty read: open after the last byte, then 0 and .atEnd, or the failure there")
    func endOnEmptyRead() {
        let lazy = Self.readAll(ScriptedInputStream(Self.ten, reads: .of(6), end: .onEmptyRead))
        #expect(lazy.results == [6, 4, 0])
        #expect(lazy.statuses == [.open, .open, .atEnd])
        let failing = Self.readAll(
            ScriptedInputStream(Self.ten, reads: .of(6), failing: .after(10), end: .onEmptyRead))
        #expect(failing.results == [6, 4, -1])
        #expect(failing.statuses == [.open, .open, .error])
    }

    @Test("junk fills all the space offered before each read, the end's and the failure's too")
    func junk() {
        let stream = ScriptedInputStream(Self.ten, reads: .of(4), failing: .after(6), junk: 0x41)
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(stream.read(&buffer, maxLength: 8) == 4)
        #expect(buffer == Array("0123AAAA".utf8))
        #expect(stream.read(&buffer, maxLength: 8) == 2)
        #expect(buffer == Array("45AAAAAA".utf8))
        buffer = [UInt8](repeating: 0, count: 8)
        #expect(stream.read(&buffer, maxLength: 8) == -1)
        #expect(buffer == Array("AAAAAAAA".utf8))
    }

    @Test("repeating: the prefix, the filler times over and the suffix, made as read, in reads of any size")
    func repeating() {
        for filler in [" ", "ab", "é"] {
            for offered in [1, 3, 64] {
                let read = Self.readAll(ScriptedInputStream.repeating("[", filler, times: 50, "1]"), offered: offered)
                let expected = Array(("[" + String(repeating: filler, count: 50) + "1]").utf8)
                #expect(read.bytes == expected, "\(filler), \(offered)")
                #expect(read.statuses.last == .atEnd)
            }
        }
        let split = Self.readAll(ScriptedInputStream.repeating("[", " ", times: 10, "]", reads: .split(at: 5)))
        #expect(split.results == [5, 7, 0])
    }

    @Test("close is counted, and the buffer is never lent")
    func closeAndBuffer() {
        let stream = ScriptedInputStream(Self.ten)
        stream.open()
        var pointer: UnsafeMutablePointer<UInt8>?
        var length = 0
        #expect(!stream.getBuffer(&pointer, length: &length))
        #expect(stream.closeCount == 0)
        stream.close()
        stream.close()
        #expect(stream.closeCount == 2)
        #expect(stream.streamStatus == .closed)
    }
}
