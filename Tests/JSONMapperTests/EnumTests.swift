import Foundation
import Testing

@testable import JSONMapper

enum MediaKind: String, CaseIterable {
    case photo, video, unknown
}

enum Priority: Int {
    case low = 1, high = 2
}

@Suite("Enums")
struct EnumTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test("string and integer raw values map to cases", arguments: engines)
    func knownValues(engine: JSONMapper.Engine) {
        let c = context(#"{"kind": "video", "priority": 2}"#, engine: engine)
        #expect(c.getEnum("kind") == MediaKind.video)
        #expect(c.getEnum("priority") == Priority.high)
        #expect(c.errors.isEmpty)
    }

    @Test("an unknown value names the value and, for CaseIterable enums, the allowed ones", arguments: engines)
    func unknownValues(engine: JSONMapper.Engine) {
        let c = context(#"{"kind": "gif", "priority": 9, "wrong": 3}"#, engine: engine)
        #expect(c.getEnum("kind") as MediaKind? == nil)
        #expect(c.getEnum("priority") as Priority? == nil)
        #expect(c.getEnum("wrong") as MediaKind? == nil)
        #expect(
            descriptions(c) == [
                #"kind: expected MediaKind (one of "photo", "video", "unknown"), found String "gif""#,
                "priority: expected Priority, found Number 9",
                "wrong: expected String, found Number 3",
            ])
    }

    @Test("a fallback takes unknown values and is reported as a notice, not a failure")
    func fallback() {
        let c = context(#"{"kind": "gif", "known": "photo"}"#)
        #expect(c.getEnum("kind", fallback: MediaKind.unknown) == .unknown)
        #expect(c.getEnum("known", fallback: MediaKind.unknown) == .photo)
        #expect(c.getEnum("missing", fallback: MediaKind.unknown) == nil)
        #expect(c.requireEnum("kind", fallback: MediaKind.unknown) == .unknown)
        #expect(c.errors.isEmpty)
        #expect(!c.hasFailed)
        #expect(
            c.notices.map(\.description) == [
                #"kind: used the fallback .unknown for String "gif" (not one of "photo", "video", "unknown")"#,
                #"kind: used the fallback .unknown for String "gif""#,
            ])
        #expect(c.notices.allSatisfy { $0.code == .fallbackUsed })
    }

    @Test("required enums fail on missing or unknown values")
    func required() {
        let c = context(#"{"kind": "gif"}"#)
        #expect(c.requireEnum("kind") == MediaKind.photo)
        #expect(c.requireEnum("missing", fallback: Priority.low) == .low)
        #expect(c.hasFailed)
        #expect(
            descriptions(c) == [
                #"kind: expected MediaKind (one of "photo", "video", "unknown"), found String "gif""#,
                "missing: missing required Priority",
            ])
        #expect(c.errors.allSatisfy { $0.isRequired })
    }
}
