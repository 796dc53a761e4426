import Foundation
import JSONMapperTestSupport
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
                #"wrong: expected MediaKind (one of "photo", "video", "unknown"), found Number 3"#,
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
                #"kind: used the fallback .unknown for String "gif" (not one of "photo", "video", "unknown")"#,
            ])
        #expect(c.notices.allSatisfy { $0.code == .fallbackUsed })
    }

    /// A model with non-optional enum properties, as a user writes it.
    struct Repository: JSONSerializable {
        enum Visibility: String, CaseIterable { case `public`, `private`, unknown }
        let visibility: Visibility
        let kind: MediaKind
        let priority: Priority
        let optionalKind: MediaKind?
        init(_ c: JSONDeserializationContext) {
            visibility = c.getEnum("visibility", fallback: .unknown)
            kind = c.getEnum("kind", default: .photo)
            priority = c.getEnum("priority", default: .low)
            optionalKind = c.getEnum("kind", fallback: .unknown)
        }
    }

    @Test("a fallback fills a non-optional property: missing, null, unknown and mistyped values give it")
    func fallbackForNonOptional() {
        let known = Repository(context(#"{"visibility": "private", "kind": "video", "priority": 2}"#))
        #expect(known.visibility == .private)
        #expect(known.kind == .video)
        #expect(known.priority == .high)
        #expect(known.optionalKind == .video)

        let c = context(#"{"kind": null, "visibility": "internal"}"#)
        let odd = Repository(c)
        #expect(odd.visibility == .unknown)
        #expect(odd.optionalKind == nil)
        #expect(c.notices.map(\.description) == [
            #"visibility: used the fallback .unknown for String "internal" (not one of "public", "private", "unknown")"#
        ])
        #expect(c.errors.isEmpty)

        let mistyped = context(#"{"visibility": 3}"#)
        #expect(Repository(mistyped).visibility == .unknown)
        #expect(
            descriptions(mistyped) == [
                #"visibility: expected Visibility (one of "public", "private", "unknown"), found Number 3"#
            ])
        #expect(!mistyped.hasFailed)
    }

    @Test("default: replaces missing, null, unknown and mistyped values; the last two are recorded as mismatches")
    func defaultValues() {
        let c = context(#"{"kind": "gif", "priority": "high", "none": null}"#)
        let repository = Repository(c)
        #expect(repository.kind == .photo)
        #expect(repository.priority == .low)
        #expect(c.getEnum("none", default: MediaKind.video) == .video)
        #expect(c.getEnum("missing", default: MediaKind.video) == .video)
        #expect(
            descriptions(c) == [
                #"kind: expected MediaKind (one of "photo", "video", "unknown"), found String "gif""#,
                #"priority: expected Priority, found String "high""#,
            ])
        // Only the fallback form (`optionalKind`) turns "gif" into a notice.
        #expect(
            c.notices.map(\.description) == [
                #"kind: used the fallback .unknown for String "gif" (not one of "photo", "video", "unknown")"#
            ])
        #expect(!c.hasFailed)
    }

    @Test("requireEnum(_:fallback:) fails on missing, null and mistyped values, not on unknown ones")
    func requiredWithFallback() {
        let c = context(#"{"a": null, "b": 3, "c": "gif"}"#)
        #expect(c.requireEnum("a", fallback: MediaKind.unknown) == .unknown)
        #expect(c.requireEnum("b", fallback: MediaKind.unknown) == .unknown)
        #expect(c.requireEnum("missing", fallback: MediaKind.unknown) == .unknown)
        #expect(!c.errors.contains { $0.path == "c" })
        #expect(c.requireEnum("c", fallback: MediaKind.unknown) == .unknown)
        #expect(
            descriptions(c) == [
                "a: expected MediaKind, found null",
                #"b: expected MediaKind (one of "photo", "video", "unknown"), found Number 3"#,
                "missing: missing required MediaKind",
            ])
        #expect(c.errors.allSatisfy { $0.isRequired })
        #expect(c.hasFailed)
        #expect(c.notices.count == 1)
    }

    /// Reads an enum in generic code, where the compiler does not know that `T` is `CaseIterable`.
    static func fallbackNotice<T: RawRepresentable>(_ text: String, fallback: T) -> [String]
    where T.RawValue: JSONPrimitive {
        let c = context(text)
        _ = c.getEnum("kind", fallback: fallback) as T?
        _ = c.requireEnum("kind", fallback: fallback)
        _ = c.getEnum(at: ["kind"], fallback: fallback) as T?
        return c.notices.map(\.description)
    }

    @Test("notices and mismatches for an enum read the same whichever getter produced them")
    func sameWordingEverywhere() {
        let listed = #"kind: used the fallback .unknown for String "gif" (not one of "photo", "video", "unknown")"#
        #expect(Self.fallbackNotice(#"{"kind": "gif"}"#, fallback: MediaKind.unknown) == [listed, listed, listed])
        #expect(
            Self.fallbackNotice(#"{"kind": 7}"#, fallback: Priority.low) == [
                "kind: used the fallback .low for Number 7", "kind: used the fallback .low for Number 7",
                "kind: used the fallback .low for Number 7",
            ])
        let c = context(#"{"kind": "gif"}"#)
        #expect(c.getEnum("kind") as MediaKind? == nil)
        #expect(c.getEnum(at: ["kind"]) as MediaKind? == nil)
        #expect(c.getEnum("kind", default: MediaKind.video) == .video)
        let mismatch = #"kind: expected MediaKind (one of "photo", "video", "unknown"), found String "gif""#
        #expect(descriptions(c) == [mismatch, mismatch, mismatch])
    }

    @Test("a raw value of the wrong type names the enum, as an unknown value does, from every getter")
    func mistypedRawValues() {
        let c = context(#"{"kind": 3, "deep": {"kind": true}, "priority": "2"}"#)
        #expect(c.getEnum("kind") as MediaKind? == nil)
        #expect(c.getEnum(at: ["deep", "kind"], fallback: MediaKind.unknown) == nil)
        #expect(c.getEnum("priority", default: Priority.low) == .low)
        #expect(c.requireEnum(at: ["deep", "kind"]) == MediaKind.photo)
        let allowed = #"(one of "photo", "video", "unknown")"#
        #expect(
            descriptions(c) == [
                "kind: expected MediaKind \(allowed), found Number 3",
                "deep.kind: expected MediaKind \(allowed), found Bool true",
                #"priority: expected Priority, found String "2""#,
                "deep.kind: expected MediaKind \(allowed), found Bool true",
            ])
        // A conversion that coercion allows is applied first, and only an unknown result is a mismatch.
        var options = JSONMapper.Options.default
        options.coercion = .lenient
        let lenient = JSONMapper.context(json(#"{"priority": "2", "kind": 3}"#), options: options)
        #expect(lenient.getEnum("priority") == Priority.high)
        #expect(lenient.getEnum("kind") as MediaKind? == nil)
        #expect(descriptions(lenient) == ["kind: expected MediaKind \(allowed), found Number 3"])
    }

    @Test("every enum getter has an at: form, with full paths in its errors")
    func atForms() {
        let c = context(#"{"post": {"media": [{"kind": "video"}, {"kind": "gif"}, {"kind": null}]}}"#)
        #expect(c.getEnum(at: ["post", "media", 0, "kind"]) == MediaKind.video)
        #expect(c.getEnum(at: ["post", "media", 1, "kind"], fallback: MediaKind.unknown) == .unknown)
        let kind: MediaKind = c.getEnum(at: ["post", "media", 2, "kind"], fallback: .unknown)
        #expect(kind == .unknown)
        #expect(c.getEnum(at: ["post", "media", 2, "kind"], fallback: MediaKind.unknown) == nil)
        #expect(c.getEnum(at: ["post", "media", 1, "kind"], default: MediaKind.photo) == .photo)
        #expect(c.requireEnum(at: ["post", "media", 0, "kind"]) == MediaKind.video)
        #expect(!c.hasFailed)
        #expect(c.requireEnum(at: ["post", "media", 2, "kind"], fallback: MediaKind.unknown) == .unknown)
        #expect(c.requireEnum(at: ["post", "media", 5, "kind"]) == MediaKind.photo)
        #expect(c.hasFailed)
        #expect(
            c.notices.map(\.description) == [
                #"post.media[1].kind: used the fallback .unknown for String "gif" "#
                    + #"(not one of "photo", "video", "unknown")"#
            ])
        #expect(
            descriptions(c) == [
                #"post.media[1].kind: expected MediaKind (one of "photo", "video", "unknown"), found String "gif""#,
                "post.media[2].kind: expected MediaKind, found null",
                "post.media[5].kind: missing required MediaKind",
            ])
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
