import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Where the reads of a buffer that keeps everything end, for a stream that fills every read: the stream reader's and
/// the stream window's, which offer all their free space, cut at ``RawMemory/preparedReadLimit``, and grow first when
/// less than `leastFree` is free.
enum ReadEnds {
    static func simulate(firstCapacity: Int, leastFree: Int, upTo limit: Int) -> [Int] {
        var (capacity, count) = (firstCapacity, 0)
        var ends: [Int] = []
        while count <= limit {
            if capacity - count < leastFree {
                capacity = ByteBuffer.grownCapacity(capacity, toHold: count + leastFree)
            }
            count += min(capacity - count, RawMemory.preparedReadLimit)
            ends.append(count)
        }
        return ends
    }

    /// The lengths of the reads that end at `ends`.
    static func lengths(_ ends: [Int]) -> [Int] {
        zip([0] + ends, ends).map { $1 - $0 }
    }
}

/// Runs the structure walker on `bytes` read `chunk` bytes at a time, with a container budget and batch size small
/// enough to reach the walker's every path on small inputs.
enum Walks {
    static func walker(
        _ bytes: [UInt8], chunk: Int, budget: Int, batch: Int, target: [JSONPathElement]? = nil,
        options: JSONMapper.Options = .default
    ) throws -> StructureWalker {
        let window = try StreamWindow(ScriptedInputStream(bytes, reads: .of(chunk)))
        return StructureWalker(
            window: window, options: options, target: target?.map(\.component), budget: budget, batchLimit: batch)
    }

    /// The first error the walker finds, as ``JSONMapper/validate(_:options:)`` would return it.
    static func firstError(
        _ bytes: [UInt8], chunk: Int, budget: Int, batch: Int, options: JSONMapper.Options = .default
    ) throws -> JSONMappingError? {
        try walker(bytes, chunk: chunk, budget: budget, batch: batch, options: options).validate()
    }

    /// Expects every walk of ``settings`` to find `expected` as the first error of `bytes`, as `context` records it.
    static func expectSameFirstError(
        _ bytes: [UInt8], as expected: JSONMappingError?, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for setting in settings {
            let found = try firstError(bytes, chunk: setting.chunk, budget: setting.budget, batch: setting.batch)
            #expect(found == expected, "\(label), reads of \(setting.chunk)", sourceLocation: sourceLocation)
        }
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

/// Runs `body` with a new, empty folder of its own in the temporary directory, and removes the folder and all it
/// holds afterwards, whether `body` returns or throws.
///
/// The folder is removed only after `body` returns, so streams that `body` makes from its files can read them to
/// the end. For example:
///
/// ```swift
/// try withTemporaryDirectory { directory in
///     let url = directory.appendingPathComponent("records.json")
///     try data.write(to: url)
///     #expect(JSONMapper.validate(contentsOf: url) == nil)
/// }
/// ```
///
/// - Parameter body: What to do with the folder; its URL is passed in.
/// - Returns: What `body` returns.
/// - Throws: The error of creating the folder, or whatever `body` throws.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
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

/// The comparison of a stream's context with the data's.
extension StreamDocuments {
    /// Checks that `streamed` holds what `JSONMapper.context(data)` gives on the same engine: validity, errors,
    /// the records as a model maps them, and (with `everyValue`) every value.
    static func expectSameAsData(
        _ data: Data, _ streamed: JSONDeserializationContext, _ comment: String,
        engine: JSONMapper.Engine = .native, everyValue: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let direct = JSONMapper.context(data, engine: engine)
        #expect(streamed.valid == direct.valid, "\(comment)", sourceLocation: sourceLocation)
        #expect(descriptions(streamed) == descriptions(direct), "\(comment)", sourceLocation: sourceLocation)
        let expected = direct.getArray(ofClass: SampleRecord.self)
        #expect(streamed.getArray(ofClass: SampleRecord.self) == expected, "\(comment)", sourceLocation: sourceLocation)
        #expect(expected.count == (direct.valid ? direct.node?.count ?? 0 : 0), sourceLocation: sourceLocation)
        guard everyValue else { return }
        if let a = direct.node, let b = streamed.node {
            let differences = EngineComparison.differences(a, b)
            #expect(differences.isEmpty, "\(comment): \(differences.prefix(3))", sourceLocation: sourceLocation)
        } else {
            #expect(direct.node == nil && streamed.node == nil, "\(comment)", sourceLocation: sourceLocation)
        }
    }
}

/// One of ``StreamDocuments/records``, every field read.
struct SampleRecord: JSONSerializable, Equatable {
    let id: Int
    let name: String
    let x: Double
    let ok: Bool
    let n: String?
    let tags: [String]

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        name = c.requireString("name")
        x = c.requireDouble("x")
        ok = c.requireBool("ok")
        n = c.getString("n")
        tags = c.requireArray("tags")
    }
}
