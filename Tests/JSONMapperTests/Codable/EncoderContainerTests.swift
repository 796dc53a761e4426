import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

// Containers as JSONEncoder has them: members in the order encoded (unsorted), a key encoded twice, superEncoder
// placement, subclasses sharing their encoder's container, containers used out of order, errors caught by
// encode(to:), values that encode nothing, nesting past 512 levels, misuse that JSONEncoder stops on.

private class Animal: Encodable {
    var name = "generic"
    var legs = 4
    private enum CodingKeys: String, CodingKey { case name, legs }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(legs, forKey: .legs)
    }
}

/// Encodes its superclass into the same container (the usual way).
private final class Dog: Animal {
    var breed = "collie"
    private enum CodingKeys: String, CodingKey { case breed }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: encoder)
    }
}

/// Encodes its superclass under "super", before and after its own members.
private final class Cat: Animal {
    var indoor = true
    private enum CodingKeys: String, CodingKey { case indoor, parent }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(indoor, forKey: .indoor)
        try super.encode(to: container.superEncoder())
        try super.encode(to: container.superEncoder(forKey: .parent))
        try container.encode(false, forKey: .indoor)
    }
}

@Suite("JSONMapperEncoder: containers")
struct EncoderContainerTests {
    @Test("unsorted output keeps the order members were encoded in, at every level")
    func encodeOrder() {
        let value = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(1, forKey: EncoderTestKey("zebra"))
            try container.encode(2, forKey: EncoderTestKey("apple"))
            var inner = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("middle"))
            try inner.encode("y", forKey: EncoderTestKey("y"))
            try inner.encode("x", forKey: EncoderTestKey("x"))
            try container.encode(3, forKey: EncoderTestKey("banana"))
        }
        #expect(mapperText(value) == #"{"zebra":1,"apple":2,"middle":{"y":"y","x":"x"},"banana":3}"#)
        expectSameText(value)
    }

    @Test("a key encoded twice is written once, with its last value, as JSONEncoder's dictionary keeps it")
    func keyTwice() {
        let value = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(1, forKey: EncoderTestKey("a"))
            try container.encode(2, forKey: EncoderTestKey("b"))
            try container.encode(3, forKey: EncoderTestKey("a"))
        }
        #expect(mapperText(value) == #"{"a":3,"b":2}"#)
        expectSameText(value)
    }

    @Test("a subclass and its superclass share the encoder's container")
    func sharedContainer() {
        #expect(mapperText(Dog()) == #"{"breed":"collie","name":"generic","legs":4}"#)
        expectSameText(Dog())
        expectSameText([Dog(), Dog()], EncoderSettings(outputFormatting: [.sortedKeys, .prettyPrinted]))
    }

    @Test("superEncoder() writes under \"super\", superEncoder(forKey:) under the key")
    func superEncoder() {
        let text = expectSameText(Cat())
        #expect(text == #"{"indoor":false,"parent":{"legs":4,"name":"generic"},"super":{"legs":4,"name":"generic"}}"#)
        #expect(mapperText(Cat()).hasPrefix(#"{"indoor":false,"super":{"name":"generic","legs":4},"parent""#))
    }

    @Test("superEncoder in an unkeyed container takes the position where it was asked for")
    func unkeyedSuperEncoder() {
        let value = Encodes { encoder in
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            try Animal().encode(to: container.superEncoder())
            try container.encode(3)
        }
        #expect(expectSameText(value) == #"[1,{"legs":4,"name":"generic"},3]"#)
    }

    @Test("an unused superEncoder writes {}")
    func unusedSuperEncoder() {
        let keyed = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            _ = container.superEncoder()
            try container.encode(1, forKey: EncoderTestKey("a"))
        }
        #expect(expectSameText(keyed) == #"{"a":1,"super":{}}"#)
    }

    @Test("containers written out of order give JSONEncoder's output")
    func outOfOrder() {
        let value = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            var first = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("first"))
            var second = container.nestedUnkeyedContainer(forKey: EncoderTestKey("second"))
            try container.encode(0, forKey: EncoderTestKey("zero"))
            try first.encode(1, forKey: EncoderTestKey("one"))
            try second.encode(2)
            try first.encode(3, forKey: EncoderTestKey("three"))
        }
        #expect(expectSameText(value) == #"{"first":{"one":1,"three":3},"second":[2],"zero":0}"#)
        let late = Encodes { encoder in
            var container = encoder.unkeyedContainer()
            let kept = container.superEncoder()
            try container.encode(2)
            var single = kept.singleValueContainer()
            try single.encode("late")
        }
        #expect(expectSameText(late) == #"["late",2]"#)
    }

    @Test("a nested container on a key that holds an object or array adds to it, as JSONEncoder merges them")
    func nestedOnHeldKey() {
        let value = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            var first = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("a"))
            try first.encode(1, forKey: EncoderTestKey("b"))
            var again = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("a"))
            try again.encode(2, forKey: EncoderTestKey("c"))
            try container.encode(["x": 1], forKey: EncoderTestKey("b"))
            var intoValue = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("b"))
            try intoValue.encode(3, forKey: EncoderTestKey("c"))
            try container.encode([5], forKey: EncoderTestKey("c"))
            var list = container.nestedUnkeyedContainer(forKey: EncoderTestKey("c"))
            try list.encode(6)
        }
        #expect(expectSameText(value) == #"{"a":{"b":1,"c":2},"b":{"c":3,"x":1},"c":[5,6]}"#)
        // Through setEncodable too: the member is the merged object, written in its place.
        let model = Writes { c in
            c.set("before", 1)
            c.setEncodable("value", value)
            c.set("after", 2)
        }
        #expect(
            written(model, JSONMapper.WriteOptions(sortedKeys: true))
                == #"{"after":2,"before":1,"value":{"a":{"b":1,"c":2},"b":{"c":3,"x":1},"c":[5,6]}}"#)
    }

    @Test("a nested container on a key that holds a value of another kind, which JSONEncoder stops on, is an error")
    func nestedOnKeyOfAnotherKind() {
        let scalar = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(1, forKey: EncoderTestKey("a"))
            var nested = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("a"))
            try nested.encode(2, forKey: EncoderTestKey("b"))
        }
        let error = #expect(throws: EncodingError.self) { try JSONMapperEncoder().encode(["top": scalar]) }
        #expect(
            error.map(encodingSummary(of:))
                == #"invalidValue ["top/-", "a/-"] Attempt to re-encode into nested KeyedEncodingContainer for key"#
                + #" "a" is invalid: a value of another kind is already encoded for this key."#)
        // After a write the stream could not follow (which JSONEncoder would be asked to redo), still an error, not
        // JSONEncoder's precondition.
        let both = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            var early = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("early"))
            try container.encode([1], forKey: EncoderTestKey("a"))
            try? early.encode(0, forKey: EncoderTestKey("late"))
            _ = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("a"))
        }
        let second = #expect(throws: EncodingError.self) { try JSONMapperEncoder().encode(both) }
        #expect(second.map(encodingSummary(of:))?.contains("Attempt to re-encode into nested Keyed") == true)
    }

    @Test("a nested container on a key whose value the stream cannot tell is an error, never JSONEncoder's stop")
    func nestedAfterCaughtErrorOrSuper() {
        struct Refusal: Error {}
        // Each of these sequences stops the program in JSONEncoder (its precondition on a key holding a value of
        // another kind), or would reach it through the fallback.
        let afterSuper = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(1, forKey: EncoderTestKey("a"))
            let held = container.superEncoder(forKey: EncoderTestKey("a"))
            var nested = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("a"))
            try nested.encode(1, forKey: EncoderTestKey("z"))
            withExtendedLifetime(held) {}
        }
        let afterCaughtError = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(1, forKey: EncoderTestKey("a"))
            try? container.encode(Encodes { _ in throw Refusal() }, forKey: EncoderTestKey("a"))
            var nested = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("a"))
            try nested.encode(1, forKey: EncoderTestKey("z"))
        }
        for value in [afterSuper, afterCaughtError] {
            let error = #expect(throws: EncodingError.self) { try JSONMapperEncoder().encode(value) }
            #expect(
                error.map(encodingSummary(of:))
                    == #"invalidValue ["a/-"] Cannot open a nested KeyedEncodingContainer for key "a": after a"#
                    + #" caught error or a superEncoder(forKey:) on this key, JSONMapperEncoder cannot tell what the"#
                    + #" key holds."#)
        }
        // A superEncoder on another key changes nothing for this one.
        let otherKey = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            var first = container.nestedUnkeyedContainer(forKey: EncoderTestKey("a"))
            try first.encode(1)
            try Animal().encode(to: container.superEncoder())
            var again = container.nestedUnkeyedContainer(forKey: EncoderTestKey("a"))
            try again.encode(2)
        }
        #expect(expectSameText(otherKey) == #"{"a":[1,2],"super":{"legs":4,"name":"generic"}}"#)
    }

    @Test("an array counts a superEncoder()'s element once that encoder is released, as JSONEncoder does")
    func countWithSuperEncoder() {
        let value = Encodes { encoder in
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            var counts: [Int] = []
            do {
                let held = container.superEncoder()
                var single = held.singleValueContainer()
                try single.encode(2)
                counts.append(container.count)
                withExtendedLifetime(held) {}
            }
            counts.append(container.count)
            try container.encode(counts)
        }
        #expect(expectSameText(value) == "[1,2,[1,2]]")
    }

    @Test("an error that encode(to:) catches leaves the member out, as in JSONEncoder")
    func caughtError() {
        let value = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(1, forKey: EncoderTestKey("a"))
            try? container.encode([Double.nan], forKey: EncoderTestKey("bad"))
            try? container.encode(Double.nan, forKey: EncoderTestKey("bad2"))
            try container.encode(2, forKey: EncoderTestKey("b"))
        }
        #expect(expectSameText(value) == #"{"a":1,"b":2}"#)
    }

    @Test("errors thrown by encode(to:) come out unchanged")
    func ownErrors() {
        struct Refusal: Error, Equatable { let reason: String }
        let value = ["a": [Encodes { _ in throw Refusal(reason: "no") }]]
        #expect(throws: Refusal(reason: "no")) { try JSONMapperEncoder().encode(value) }
    }

    @Test("a value that encodes nothing: {} inside, an error at the top")
    func encodesNothing() {
        let nothing = Encodes { _ in }
        #expect(expectSameText(["a": [nothing]]) == #"{"a":[{}]}"#)
        #expect(expectSameText(["a": nothing]) == #"{"a":{}}"#)
        let message = expectSameError(nothing)
        #expect(message == "invalidValue [] Top-level Encodes did not encode any values.")
    }

    @Test("containers nested 511 deep are written, 512 deep is an error")
    func depthLimit() {
        func nested(_ depth: Int) -> Encodes {
            Encodes { encoder in
                var container = encoder.unkeyedContainer()
                for _ in 1..<depth { container = container.nestedUnkeyedContainer() }
            }
        }
        let text = expectSameText(nested(511))
        #expect(text.count == 1022)
        let message = expectSameError(nested(512))
        #expect(message == "invalidValue [] Unable to encode the given top-level value to JSON.")
    }

    @Test("a second value in a slot, which JSONEncoder stops on, is an error")
    func misuse() {
        let twice = Encodes { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        }
        #expect(throws: EncodingError.self) { try JSONMapperEncoder().encode(["a": twice]) }
        let mixed = Encodes { encoder in
            var array = encoder.unkeyedContainer()
            try array.encode(1)
            var object = encoder.container(keyedBy: EncoderTestKey.self)
            try object.encode(1, forKey: EncoderTestKey("a"))
        }
        let error = #expect(throws: EncodingError.self) { try JSONMapperEncoder().encode(mixed) }
        #expect(error.map(encodingSummary(of:))?.contains("Attempt to take a keyed container") == true)
    }

    @Test("codingPath of encoders and containers as JSONEncoder reports them")
    func codingPaths() {
        let probe = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(pathPairs(encoder.codingPath), forKey: EncoderTestKey("encoder"))
            try container.encode(pathPairs(container.codingPath), forKey: EncoderTestKey("container"))
            var nested = container.nestedUnkeyedContainer(forKey: EncoderTestKey("nested"))
            try nested.encode(pathPairs(nested.codingPath))
            try nested.encode(Encodes { inner in
                var single = inner.singleValueContainer()
                try single.encode(pathPairs(inner.codingPath))
            })
        }
        expectSameText(["top": [probe, probe]])
    }

    @Test("one encoder used from several threads at once")
    func concurrentUse() async {
        let encoder = JSONMapperEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try? JSONEncoder.sorted.encode(Dog())
        await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<16 { group.addTask { try? encoder.encode(Dog()) } }
            for await result in group { #expect(result == expected && result != nil) }
        }
    }

    @Test("one encoder used from several threads while another changes its settings: each text follows one setting")
    func settingsChangedDuringUse() throws {
        struct Account: Encodable { let userId: Int }
        let encoder = JSONMapperEncoder()
        let wrong = SharedList<String>()
        changingWhileUsed { n in
            encoder.keyEncodingStrategy = n % 2 == 0 ? .convertToSnakeCase : .useDefaultKeys
        } use: { n in
            let text = (try? encoder.encode(Account(userId: n))).map { String(decoding: $0, as: UTF8.self) }
            if text != #"{"userId":\#(n)}"# && text != #"{"user_id":\#(n)}"# {
                wrong.append(String(describing: text))
            }
        }
        #expect(wrong.values == [])
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(Account(userId: 7)), as: UTF8.self) == #"{"user_id":7}"#)
    }
}

extension JSONEncoder {
    /// A `JSONEncoder` with `.sortedKeys`.
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
