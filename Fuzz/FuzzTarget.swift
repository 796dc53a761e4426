// libFuzzer entry point of the full target (`bash Scripts/fuzz.sh SECONDS full`): built into one module with the
// library sources, so that it can check the engines' internals. Every input goes through both engines, through
// Foundation's own `InputStream(data:)`, and through a stream whose read sizes the input itself chooses; through
// streams in the states callers hand over (read once already, closed, read to their end, failing as they open or
// after a number of bytes the input chooses, without a `streamError` of their own) on every streaming entry point, and
// written to a stream that fails; then a model calls every getter kind. Any invariant broken here aborts, which libFuzzer reports as a crash with the input saved.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FuzzChecks.check(Data(bytes: bytes, count: count))
    return 0
}

enum FuzzChecks {
    static func check(_ data: Data) {
        let native = JSONMapper.context(data)
        let foundation = JSONMapper.context(data, engine: .foundation)
        let foundationStream = InputStream(data: data)
        let stream = JSONMapper.context(foundationStream)
        let chunked = JSONMapper.context(scripted(data))

        // The stream paths read the same bytes: the same outcome, the same first error.
        for (name, context) in [("InputStream(data:)", stream), ("a stream of chosen read sizes", chunked)] {
            require(context.valid == native.valid, "\(name) and data disagree on validity")
            require(context.errors.first == native.errors.first, "\(name) and data report different errors")
        }

        // Streamed piece by piece (the walker opening every container, in batches of one element): the same first
        // error; as a top-level array, the elements end with that error, or match the array's elements.
        let window = try? StreamWindow(scripted(data))
        let walked = window.map {
            StructureWalker(window: $0, options: .default, target: nil, budget: 1, batchLimit: 1)
        }
        require(walked?.validate() == native.errors.first, "the streamed walk and data report different errors")
        let elements = Array(JSONMapper.elements(of: scripted(data)))
        if let error = native.errors.first {
            require(elements.last?.errors.first == error, "the streamed elements end with a different error")
        } else if let root = native.node, root.kind == .array {
            require(elements.count == root.count, "the streamed elements differ from the array's")
            for (index, element) in elements.enumerated() {
                if let node = element.node, let expected = root.element(at: index),
                    let difference = sameValues(expected, node)
                {
                    fail("streamed element \(index) differs: \(difference)")
                }
            }
        }
        for line in JSONMapper.lines(scripted(data)) { _ = FuzzModel(line) }
        checkStreamStates(data, native: native, reused: foundationStream)

        // Every getter kind, on both engines and on invalid input too: nothing may crash.
        let first = FuzzModel(native).fingerprint
        _ = FuzzModel(foundation)
        _ = try? JSONMapper.decode(FuzzModel.self, from: data)
        _ = try? JSONMapper.decode([FuzzModel].self, from: data, engine: .foundation)
        let lenient = JSONMapper.Options(maximumDepth: 64, coercion: .lenient, reportsUnknownKeys: true)
        let options = JSONMapper.context(data, options: lenient)
        _ = FuzzModel(options)
        _ = options.unknownKeys
        _ = options.notices

        if native.valid {
            // A valid context's values re-read identically, from the same context and from a new one.
            require(FuzzModel(native).fingerprint == first, "re-reading a context gave different values")
            require(FuzzModel(JSONMapper.context(data)).fingerprint == first, "parsing again gave different values")
        } else {
            require(native.errors.first?.code == .malformedJSON, "an invalid context must start with its syntax error")
            require(first == FuzzModel.emptyFingerprint, "an invalid context gave values")
        }

        checkWriting(data, valid: native.valid, error: native.errors.first)

        switch (native.valid, foundation.valid) {
        case (true, true):
            if let a = native.node, let b = foundation.node, let difference = sameValues(a, b) {
                fail("the engines map different values: \(difference)")
            }
        case (true, false):
            // Foundation rejects some valid JSON: lone surrogate escapes, numbers beyond Double, UTF-8 it mis-detects.
            require(foundationMayReject(data, native), "Foundation rejected valid JSON for no known reason")
        case (false, true):
            break  // Foundation accepts some malformed input (trailing commas, other encodings): documented.
        case (false, false):
            break
        }
    }

    /// Streams in the states callers hand over, through every streaming entry point: none may crash, and each
    /// reports the stream's state exactly.
    static func checkStreamStates(_ data: Data, native: JSONDeserializationContext, reused: InputStream) {
        // Streams with nothing to give: each entry point says so, in one invalid context for the sequences. One state
        // per input, chosen by its bytes (every entry point allocates its buffers, which dominates here).
        let closed = InputStream(data: data)
        closed.open()
        closed.close()
        let exhausted = InputStream(data: data)
        exhausted.open()
        var sink = [UInt8](repeating: 0, count: 4096)
        while exhausted.read(&sink, maxLength: sink.count) > 0 {}
        let refused: [(String, () -> InputStream, String)] = [
            ("a stream read once already", { reused }, "it is closed"),
            ("a closed stream", { closed }, "it is closed"),
            ("a stream read to its end", { exhausted }, "it was already at its end, with no bytes left to read"),
            ("a subclass failing as it opens", { scripted(data, failing: .onOpen) }, "it reported an error"),
            ("a subclass failing at once", { scripted(data, failing: .after(0)) }, "it reported an error"),
        ]
        do {
            let (name, make, reason) = refused[choose(upTo: refused.count - 1, from: data)]
            let expected = JSONMappingError(
                code: .malformedJSON, path: "", message: "the stream failed after 0 bytes: \(reason)", line: 1,
                column: 1)
            for engine in [JSONMapper.Engine.native, .foundation] {
                require(JSONMapper.context(make(), engine: engine).errors == [expected], "\(name): context, \(engine)")
            }
            require(JSONMapper.validate(make()) == expected, "\(name): validate")
            require(Array(JSONMapper.lines(make())).map(\.errors) == [[expected]], "\(name): lines")
            require(Array(JSONMapper.elements(of: make())).map(\.errors) == [[expected]], "\(name): elements")
        }

        // A subclass failing after a number of bytes the input chooses (past its end too): `context` reports the
        // failure; the pieces report it too, or a syntax error met before it.
        let cut = choose(upTo: data.count, from: data)
        let failing = JSONMapper.context(scripted(data, failing: .after(cut)))
        guard let failure = failing.errors.first, failing.errors.count == 1 else {
            fail("a stream failing after \(cut) bytes gave no single error")
        }
        require(failure.message == "the stream failed after \(cut) bytes: it reported an error", "failing: context")
        let foundation = JSONMapper.context(scripted(data, failing: .after(cut)), engine: .foundation)
        require(foundation.errors == [failure], "failing: the engines differ")
        let allowed = native.valid ? [failure] : [failure] + native.errors.prefix(1)
        let validated = JSONMapper.validate(scripted(data, failing: .after(cut)))
        require(validated.map(allowed.contains) == true, "failing: validate")
        let elements = Array(JSONMapper.elements(of: scripted(data, failing: .after(cut))))
        require(elements.last?.errors.first.map(allowed.contains) == true, "failing: elements")
        let lines = Array(JSONMapper.lines(scripted(data, failing: .after(cut))))
        require(lines.last?.errors == [failure], "failing: lines")
    }

    /// A number from 0 to `limit` that `bytes` choose, the same for the same bytes in every run (unlike `hashValue`,
    /// which is seeded per process), so that a crash reproduces.
    static func choose(upTo limit: Int, from bytes: Data) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes.suffix(64) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var mix = SplitMix64(seed: hash ^ UInt64(bytes.count))
        return Int(mix.next() % UInt64(limit + 1))
    }

    /// The write side: a valid document read as a `JSONValue` writes back, compact and pretty with sorted keys, as
    /// text that reads back equal and writes the same bytes again; an invalid one fails with the context's error.
    static func checkWriting(_ data: Data, valid: Bool, error: JSONMappingError?) {
        guard valid else {
            do {
                _ = try JSONValue(parsing: data)
                fail("JSONValue parsed a document the context rejects")
            } catch let thrown {
                require(thrown == error, "JSONValue and the context report different errors")
            }
            do {
                try JSONFormatter.format(data, options: .default) { _ in fail("format wrote an invalid document") }
                fail("format accepted a document the context rejects")
            } catch let thrown as JSONMappingError {
                require(thrown == error, "format and the context report different errors")
            } catch {
                fail("format threw something else than a JSONMappingError")
            }
            return
        }
        guard let value = try? JSONValue(parsing: data) else { fail("JSONValue rejected a valid document") }
        for options in [JSONMapper.WriteOptions(), JSONMapper.WriteOptions(prettyPrinted: true, sortedKeys: true)] {
            guard let written = try? JSONMapper.data(from: value, options: options),
                let reread = try? JSONValue(parsing: written)
            else { fail("a JSONValue wrote text that does not read back") }
            require(reread == value, "a JSONValue read back different")
            require(reread.hashValue == value.hashValue, "equal values hash differently")
            require((try? JSONMapper.data(from: reread, options: options)) == written, "writing again differed")
            checkFormatting(data, value, options)
        }
        checkFailingOutput(value)
    }

    /// Writing `value` to streams that fail: a closed one, and a subclass that fails after a number of bytes the
    /// value chooses, without a `streamError` of its own. Each throws `outputFailed` with the bytes it took.
    static func checkFailingOutput(_ value: JSONValue) {
        let closed = OutputStream(toMemory: ())
        closed.open()
        closed.close()
        do {
            try JSONMapper.write(value, to: closed)
            fail("a write to a closed stream succeeded")
        } catch {
            require(error.message == "the output stream failed after 0 bytes: it is closed", "closed output")
        }
        guard let whole = try? JSONMapper.data(from: value) else { fail("a JSONValue did not write") }
        let cut = choose(upTo: whole.count, from: whole)
        let failing = ScriptedOutputStream(failAfter: cut)
        do {
            let written = try JSONMapper.write(value, to: failing)
            require(cut == whole.count && written == whole.count, "a write to a failing stream succeeded")
        } catch {
            require(error.code == .outputFailed, "failing output: not outputFailed")
            require(
                error.message == "the output stream failed after \(cut) bytes: it reported an error", "failing output")
        }
        require(failing.bytes == Array(whole.prefix(cut)), "failing output: the stream took other bytes")
    }

    /// `jsonmapper format`'s writer, in small chunks: what it prints reads back as the same value (lone surrogates
    /// become U+FFFD on both sides) and formats to the same bytes again.
    static func checkFormatting(_ data: Data, _ value: JSONValue, _ options: JSONMapper.WriteOptions) {
        func format(_ text: Data) -> Data? {
            var output = Data()
            do {
                try JSONFormatter.format(text, options: options, chunkSize: 7) { output.append(contentsOf: $0) }
            } catch {
                return nil
            }
            return output
        }
        guard let formatted = format(data), let reread = try? JSONValue(parsing: formatted) else {
            fail("format rejected a valid document, or printed text that does not read back")
        }
        require(reread == value, "format printed a different value")
        require(format(formatted) == formatted, "formatting again differed")
    }

    /// The known reasons for JSONSerialization to reject a text the native engine accepts.
    static func foundationMayReject(_ data: Data, _ context: JSONDeserializationContext) -> Bool {
        let bytes = [UInt8](data)
        // An escape of a UTF-16 surrogate, paired or not (Foundation rejects lone ones and misorders).
        for i in bytes.indices.dropLast(2) where bytes[i] == UInt8(ascii: "\\") && bytes[i + 1] == UInt8(ascii: "u") {
            if bytes[i + 2] | 0x20 == UInt8(ascii: "d") { return true }
        }
        // A number outside Double's range, or an integer that is neither Int64 nor UInt64 nor a finite Double.
        var pending: [JSONNode] = context.node.map { [$0] } ?? []
        while let node = pending.popLast() {
            switch node.kind {
            case .number:
                if case .failure? = node.double() { return true }
            case .array:
                node.forEachElement { _, element in pending.append(element) }
            case .object:
                node.forEachMember { _, value in pending.append(value) }
            default:
                break
            }
        }
        // Foundation guesses the encoding from the first bytes: text starting with NUL-free non-ASCII may be UTF-16/32.
        return bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0 || bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    /// `nil` when both trees hold the same values as getters see them (doubles by value, so -0 equals 0), or the
    /// path of the first difference.
    static func sameValues(_ left: JSONNode, _ right: JSONNode) -> String? {
        var pending: [(JSONNode, JSONNode, String)] = [(left, right, "")]
        while let (a, b, path) = pending.popLast() {
            guard a.kind == b.kind else { return "\(path): \(a.found) vs \(b.found)" }
            switch a.kind {
            case .bool where a.bool != b.bool:
                return "\(path): \(a.found) vs \(b.found)"
            case .string where a.string != b.string:
                // JSONSerialization drops a U+FEFF at the end of a string (Fixtures/fuzz, FuzzRegressionTests).
                if withoutMark(a.string) != withoutMark(b.string) { return "\(path): \(a.found) vs \(b.found)" }
            case .number:
                let x = try? a.double()?.get()
                let y = try? b.double()?.get()
                if x != y { return "\(path): \(a.found) vs \(b.found)" }
            case .array:
                var left: [JSONNode] = []
                var right: [JSONNode] = []
                a.forEachElement { _, element in left.append(element) }
                b.forEachElement { _, element in right.append(element) }
                guard left.count == right.count else { return "\(path): \(left.count) vs \(right.count) elements" }
                for index in left.indices { pending.append((left[index], right[index], path + "[\(index)]")) }
            case .object:
                var keys = Set<String>()
                a.forEachMember { key, _ in keys.insert(key) }
                var otherKeys = Set<String>()
                b.forEachMember { key, _ in otherKeys.insert(key) }
                // Keys lose a trailing U+FEFF too; such objects are compared by their common keys only.
                if keys != otherKeys {
                    guard Set(keys.compactMap(withoutMark)) == Set(otherKeys.compactMap(withoutMark)) else {
                        return "\(path): different keys"
                    }
                }
                for key in keys.intersection(otherKeys) {
                    if let x = a.member(key), let y = b.member(key) { pending.append((x, y, path + "." + key)) }
                }
            default:
                break
            }
        }
        return nil
    }

    /// The text without U+FEFF, which JSONSerialization drops at the end of strings and keys.
    static func withoutMark(_ text: String?) -> String? {
        text?.replacingOccurrences(of: "\u{FEFF}", with: "")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fuzz invariant broken: \(message)\n".utf8))
        abort()
    }
}

enum FuzzKind: String, CaseIterable {
    case a, b, c
}

/// Touches every getter kind and records what it read, so that two readings can be compared.
struct FuzzModel: JSONSerializable {
    static let keys = ["a", "", "0", "id", "name", "\u{FFFD}", "items", "n"]
    static let emptyFingerprint = FuzzModel(JSONMapper.context(Data())).fingerprint

    var fingerprint = ""

    init(_ c: JSONDeserializationContext) {
        var parts: [String] = []
        for key in Self.keys {
            let numbers = [
                c.getInt(key).map(String.init), c.getInt64(key).map(String.init), c.getUInt64(key).map(String.init),
                c.getDouble(key).map { String($0.bitPattern) }, c.getFloat(key).map { String($0.bitPattern) },
                c.getDecimal(key).map { "\($0)" },
            ]
            parts.append("\(c.getString(key) as Any)|\(numbers)|\(c.getBool(key) as Any)|\(c.getURL(key) as Any)")
            parts.append("\(c.getDate(key) as Any)|\(c.getEnum(key) as FuzzKind? as Any)|\(c.presence(of: key))")
            parts.append("\(c.getEnum(key, fallback: FuzzKind.c) as Any)|\(c.requireInt(key))|\(c.requireString(key))")
            parts.append("\(c.getArray(key) as [[Double]])|\(c.getArray(key) as [Date])")
            parts.append("\(c.getDictionary(key) as [String: String])")
            parts.append("\(c.getArray(key, ofClass: FuzzLeaf.self).map(\.fingerprint))")
            let table: [[FuzzLeaf]] = c.requireArray(key, ofClass: FuzzLeaf.self)
            parts.append("\(table.map { $0.map(\.fingerprint) })")
            let leaves = c.getDictionary(key, ofClass: FuzzLeaf.self).mapValues(\.fingerprint)
            parts.append("\(leaves.sorted { $0.key < $1.key })")
            parts.append("\(c.getObject(key, ofClass: FuzzLeaf.self)?.fingerprint as Any)")
            parts.append("\(c.getString(at: [.key(key), 0, "a"]) as Any)|\(c.context(for: key)?.keys as Any)")
            let kind: FuzzKind = c.getEnum(key, fallback: .c)
            let deep = c.getEnum(at: [.key(key), 1], default: FuzzKind.a)
            parts.append("\(kind)|\(deep)|\(c.requireString(at: [.key(key), 0]))")
            let elements: [FuzzLeaf] = c.getArray(at: [.key(key)])
            let rows: [[FuzzLeaf]] = c.requireArray(at: [.key(key), "a"])
            parts.append("\(rows.map { $0.map(\.fingerprint) })")
            let required: [String: FuzzLeaf] = c.requireDictionary(at: [.key(key), "a"])
            parts.append("\(elements.map(\.fingerprint))|\(required.count)|\(c.getURL(at: [.key(key), "u"]) as Any)")
        }
        parts.append("\(c.getArray() as [String])|\(c.getArray(ofClass: FuzzLeaf.self).map(\.fingerprint))|\(c.keys)")
        fingerprint = parts.joined(separator: "\n")
    }
}

/// A nested model one level down: a fixed depth, so that mapping never recurses as deep as the input.
struct FuzzLeaf: JSONSerializable {
    var fingerprint = ""

    init(_ c: JSONDeserializationContext) {
        fingerprint = "\(c.requireString("a"))|\(c.getInt("id") as Any)|\(c.getArray("items") as [Int])|\(c.keys)"
    }
}

extension FuzzChecks {
    /// A stream of `data` (the tests' scriptable stream, built into this target by Scripts/fuzz.sh) in reads whose
    /// sizes come from the input itself, from 1 byte to three times the stream reader's chunk, so that the fuzzer
    /// explores every way a read can straddle the reader's buffer; failing, if told, as a subclass without a
    /// `streamError` of its own does (on Linux, Foundation's inherited getter traps for it).
    static func scripted(_ data: Data, failing: ScriptedInputStream.Failure? = nil) -> ScriptedInputStream {
        // The seed is a hash of the input: the same input always reads the same way, so crashes reproduce.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data.prefix(64) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let chunk = StreamReader.chunkSize
        // Mostly small reads, sometimes exactly the chunk or one off it, sometimes everything offered.
        let reads = ScriptedInputStream.Reads.random(seed: hash ^ UInt64(data.count)) { r, offered in
            switch r % 8 {
            case 0: chunk - 1 + Int((r >> 8) % 3)
            case 1: offered
            case 2: 3 * chunk
            default: 1 + Int((r >> 8) % UInt64(r % 3 == 0 ? 16 : 4096))
            }
        }
        return ScriptedInputStream(Array(data), reads: reads, failing: failing)
    }
}
