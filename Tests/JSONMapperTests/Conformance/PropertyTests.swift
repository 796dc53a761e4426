import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Properties over random documents, tiny to several megabytes: the data path, streams of random read sizes and
/// the Foundation engine map the same values and record the same errors.
@Suite("Property: data, streams and engines agree on random documents")
struct PropertyTests {
    /// The size of the largest document, in bytes: past many growths of the stream reader's buffer (64 KB, then
    /// growing).
    static let largest = 4_000_000

    /// (seed, approximate size): many small documents, some of 100 KB, and a few of several megabytes.
    static let cases: [(UInt64, Int)] = {
        let small: [(UInt64, Int)] = (0..<150).map { (UInt64($0), 50 + $0 * 40) }
        let medium: [(UInt64, Int)] = (0..<6).map { (1_000 + UInt64($0), 100_000) }
        let large: [(UInt64, Int)] = [(2_000, largest / 2), (2_001, largest)]
        return small + medium + large
    }()

    @Test("data and streams of random read sizes give the same values and errors, word for word")
    func streamsAgree() {
        for (seed, size) in Self.cases {
            var documents = RandomDocuments(seed: seed, foundationSafe: false)
            let data = documents.document(approximateSize: size)
            let direct = JSONMapper.context(data)
            #expect(direct.valid, "seed \(seed): \(direct.errors.first?.description ?? "")")
            let expected = Probe.fingerprint(direct)
            let streamed = JSONMapper.context(RandomDocuments.stream(data, seed: seed))
            #expect(streamed.valid, "seed \(seed)")
            #expect(Probe.fingerprint(streamed) == expected, "seed \(seed)")
            #expect(descriptions(streamed) == descriptions(direct), "seed \(seed)")
            if let a = direct.node, let b = streamed.node {
                #expect(EngineComparison.differences(a, b).isEmpty, "seed \(seed)")
            }
        }
    }

    @Test("broken documents give the same first error through data and streams")
    func brokenDocumentsAgree() {
        var generator = SplitMix64(seed: 77)
        for (seed, size) in Self.cases.prefix(120) {
            var documents = RandomDocuments(seed: seed, foundationSafe: false)
            var bytes = Array(documents.document(approximateSize: size))
            // Cut the document short, or put a stray byte somewhere in it.
            let position = Int(generator.next() % UInt64(bytes.count))
            if generator.next() % 2 == 0 {
                bytes.removeSubrange(position...)
            } else {
                bytes[position] = [UInt8(ascii: "}"), UInt8(ascii: ","), 0xFF, 0x00, UInt8(ascii: "\\")][
                    Int(generator.next() % 5)]
            }
            let data = Data(bytes)
            let direct = JSONMapper.context(data)
            let streamed = JSONMapper.context(RandomDocuments.stream(data, seed: seed))
            #expect(streamed.valid == direct.valid, "seed \(seed)")
            #expect(descriptions(streamed) == descriptions(direct), "seed \(seed)")
            #expect(Probe.fingerprint(streamed) == Probe.fingerprint(direct), "seed \(seed)")
        }
    }

    @Test("the Foundation engine maps the same values and records errors at the same paths")
    func enginesAgree() {
        for (seed, size) in Self.cases where size <= Self.largest / 2 {
            var documents = RandomDocuments(seed: seed, foundationSafe: true)
            let data = documents.document(approximateSize: size)
            let native = JSONMapper.context(data)
            let foundation = JSONMapper.context(data, engine: .foundation)
            #expect(native.valid && foundation.valid, "seed \(seed)")
            #expect(Probe.fingerprint(foundation) == Probe.fingerprint(native), "seed \(seed)")
            // Messages quote numbers as each engine holds them (`1.5E+10` natively, `15000000000` in Foundation):
            // the errors must agree in kind and place.
            let where_ = { (c: JSONDeserializationContext) in c.errors.map { "\($0.code) \($0.path)" } }
            #expect(where_(foundation) == where_(native), "seed \(seed)")
            if let a = native.node, let b = foundation.node {
                #expect(EngineComparison.differences(a, b).isEmpty, "seed \(seed)")
            }
        }
    }

    @Test("the generator makes what the properties need: depth, size, escapes and every number form")
    func generatorCoverage() {
        var documents = RandomDocuments(seed: 2_001, foundationSafe: false)
        let data = documents.document(approximateSize: 4_000_000)
        let text = String(decoding: data, as: UTF8.self)
        #expect(data.count > 2_000_000)
        for token in ["\\uD83D\\uDE00", "\\\"", "\\n", "e-", "E-", "😀", "content.type", "1e400", "-0"] {
            #expect(text.contains(token), "\(token)")
        }
        var deepest = 0
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
        #expect(deepest >= 60)
    }
}
