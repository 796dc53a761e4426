import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// A stream that hands out its bytes in two reads, split at `split`: every chunk boundary can be put anywhere.
final class SplitStream: InputStream {
    private let bytes: [UInt8]
    private let split: Int
    private var position = 0
    private var status: Stream.Status = .notOpen

    init(_ bytes: [UInt8], split: Int) {
        self.bytes = bytes
        self.split = split
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { position < bytes.count }
    override func open() { status = .open }
    override func close() { status = .closed }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let limit = position < split ? split : bytes.count
        let count = min(maxLength, limit - position)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress, count > 0 { buffer.update(from: base + position, count: count) }
        }
        position += count
        if position == bytes.count { status = .atEnd }
        return count
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}

/// Runs the structure walker on `bytes` read `chunk` bytes at a time, with a container budget and batch size small
/// enough to reach the walker's every path on small inputs.
enum Walks {
    static func walker(
        _ bytes: [UInt8], chunk: Int, budget: Int, batch: Int, target: [JSONPathElement]? = nil,
        options: JSONMapper.Options = .default
    ) throws -> StructureWalker {
        let window = try StreamWindow(TrickleStream(bytes, chunk: chunk))
        return StructureWalker(
            window: window, options: options, target: target?.map(\.component), budget: budget, batchLimit: batch)
    }

    /// The first error the walker finds, as ``JSONMapper/validate(_:options:)`` would return it.
    static func firstError(
        _ bytes: [UInt8], chunk: Int, budget: Int, batch: Int, options: JSONMapper.Options = .default
    ) throws -> JSONMappingError? {
        try walker(bytes, chunk: chunk, budget: budget, batch: batch, options: options).validate()
    }

    /// Every context the walker hands out for the elements of the array at `target`.
    static func elements(
        _ bytes: [UInt8], chunk: Int, budget: Int, batch: Int, target: [JSONPathElement],
        options: JSONMapper.Options = .default
    ) throws -> [JSONDeserializationContext] {
        let walker = try walker(bytes, chunk: chunk, budget: budget, batch: batch, target: target, options: options)
        var contexts: [JSONDeserializationContext] = []
        while let context = walker.next() { contexts.append(context) }
        return contexts
    }

    /// The walks the differential tests compare: one byte at a time with every container opened, small reads with
    /// small batches, and large reads with the library's own sizes.
    static let settings: [(chunk: Int, budget: Int, batch: Int)] = [
        (1, 1, 1), (5, 1, 30), (4096, StructureWalker.unitBudget, StructureWalker.batchBytes),
    ]
}

/// A random mutation of `bytes`: one to three bytes removed, inserted or replaced, from characters that matter to
/// JSON's grammar.
func mutated(_ bytes: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
    let alphabet = Array(#"{}[],:" \-0123456789eE.+tfnrul\/xé"#.utf8) + [0x0A, 0x0D, 0x01, 0xC3, 0xFF]
    var result = bytes
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
        guard !result.isEmpty else { break }
        let at = Int.random(in: 0..<result.count, using: &generator)
        let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: result.remove(at: at)
        case 1: result.insert(byte, at: at)
        default: result[at] = byte
        }
    }
    return result
}

/// A record of the streaming tests: `{"id": …, "name": …}`, both required.
struct StreamedItem: JSONSerializable, Equatable {
    let id: Int
    let name: String
    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        name = c.requireString("name")
    }
}

/// A stream of `prefix`, then `filler` `times` over, made as it is read (never held whole), then `suffix`; every
/// read fills what it is offered, as file streams do.
final class RepeatingStream: InputStream {
    private let prefix: [UInt8]
    private let filler: [UInt8]
    private let fillerCount: Int
    private let suffix: [UInt8]
    private var position = 0
    private var status: Stream.Status = .notOpen

    init(_ prefix: String, _ filler: String, times: Int, _ suffix: String) {
        self.prefix = Array(prefix.utf8)
        self.filler = Array(filler.utf8)
        fillerCount = self.filler.count * times
        self.suffix = Array(suffix.utf8)
        super.init(data: Data())
    }

    /// `prefix`, `spaces` spaces, then `suffix`.
    convenience init(_ prefix: String, spaces: Int, _ suffix: String) {
        self.init(prefix, " ", times: spaces, suffix)
    }

    private var total: Int { prefix.count + fillerCount + suffix.count }

    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { position < total }
    override func open() { status = .open }
    override func close() { status = .closed }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let count = min(maxLength, total - position)
        let fillerEnd = prefix.count + fillerCount
        var written = 0
        while written < count {
            let index = position + written
            if index < prefix.count {
                buffer[written] = prefix[index]
                written += 1
            } else if index < fillerEnd && filler.count == 1 {
                let run = min(count - written, fillerEnd - index)
                (buffer + written).update(repeating: filler[0], count: run)
                written += run
            } else if index < fillerEnd {
                buffer[written] = filler[(index - prefix.count) % filler.count]
                written += 1
            } else {
                buffer[written] = suffix[index - fillerEnd]
                written += 1
            }
        }
        position += count
        if position == total { status = .atEnd }
        return count
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}
