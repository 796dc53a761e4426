import Foundation
import JSONMapper
import Testing

// What an encode leaves behind: nothing. The bridge lends the encoders of nested values from a list of spares, and
// each encoder holds the encode's state; a list kept past the encode was a reference cycle that leaked the state,
// its writer and every spare encoder on each `encode` (AddressSanitizer's leak check found it). These tests watch
// the encoders through weak references, as a caller's code would see them.

/// Weak references to the encoders that `encode(to:)` was handed, and a container kept past the encode.
private final class EncoderProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var encoders: [Weak] = []
    var kept: KeyedEncodingContainer<EncoderTestKey>?

    struct Weak { weak var object: AnyObject? }

    func record(_ encoder: any Encoder) {
        lock.withLock { encoders.append(Weak(object: encoder as AnyObject)) }
    }

    var recorded: Int { lock.withLock { encoders.count } }
    var alive: Int { lock.withLock { encoders.filter { $0.object != nil }.count } }
}

/// A value that records its encoder and writes one member.
private struct Leaf: Encodable {
    let probe: EncoderProbe
    func encode(to encoder: any Encoder) throws {
        probe.record(encoder)
        var container = encoder.container(keyedBy: EncoderTestKey.self)
        try container.encode(1, forKey: EncoderTestKey("n"))
    }
}

/// A value that keeps its container, for a write after the encode has returned.
private struct Keeper: Encodable {
    let probe: EncoderProbe
    func encode(to encoder: any Encoder) throws {
        probe.record(encoder)
        var container = encoder.container(keyedBy: EncoderTestKey.self)
        try container.encode(Leaf(probe: probe), forKey: EncoderTestKey("first"))
        probe.kept = container
    }
}

/// A model written through the context, with a `Codable` member.
private struct Envelope: JSONWritable {
    let payload: [String: [Leaf]]
    func write(to context: JSONSerializationContext) {
        context.setEncodable("payload", payload)
    }
}

@Suite("Encoder lifetime: an encode keeps no encoder alive")
struct EncoderLifetimeTests {
    @Test("JSONMapperEncoder.encode releases every encoder it lent, nested ones too")
    func encoderReleasesItsEncoders() throws {
        let probe = EncoderProbe()
        let value = ["a": [Leaf(probe: probe), Leaf(probe: probe)], "b": [Leaf(probe: probe)]]
        let data = try JSONMapperEncoder().encode(value)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"[{"n":1},{"n":1}]"#))
        #expect(probe.recorded == 3)
        #expect(probe.alive == 0)
    }

    @Test("setEncodable releases every encoder it lent")
    func contextReleasesItsEncoders() throws {
        let probe = EncoderProbe()
        let text = try JSONMapper.string(from: Envelope(payload: ["a": [Leaf(probe: probe), Leaf(probe: probe)]]))
        #expect(text == #"{"payload":{"a":[{"n":1},{"n":1}]}}"#)
        #expect(probe.recorded == 2)
        #expect(probe.alive == 0)
    }

    @Test("a container written after the encode returned neither crashes nor keeps its encoders")
    func lateWriteKeepsNothing() throws {
        let probe = EncoderProbe()
        let data = try JSONMapperEncoder().encode(Keeper(probe: probe))
        #expect(String(decoding: data, as: UTF8.self) == #"{"first":{"n":1}}"#)
        if var container = probe.kept {
            // JSONEncoder ignores such a write (its tree is already serialized); the bridge writes nothing either,
            // and says so with a public error (not its internal signal to fall back).
            do {
                try container.encode(Leaf(probe: probe), forKey: EncoderTestKey("late"))
                Issue.record("a write after the encode ended did not throw")
            } catch let EncodingError.invalidValue(_, context) {
                let expected = "The encode this container belongs to has ended; the value was not written."
                #expect(context.debugDescription == expected)
            } catch {
                Issue.record("unexpected error \(error)")
            }
            #expect(String(decoding: data, as: UTF8.self) == #"{"first":{"n":1}}"#)
        } else {
            Issue.record("the container was not kept")
        }
        probe.kept = nil
        #expect(probe.recorded >= 2)
        #expect(probe.alive == 0)
    }
}
