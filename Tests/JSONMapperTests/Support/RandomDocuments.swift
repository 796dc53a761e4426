import Foundation
import JSONMapperTestSupport

@testable import JSONMapper

/// Random valid JSON documents for property tests: seeded, so that a failure names the seed that reproduces it.
///
/// Documents mix deep nesting, long strings, every escape, non-ASCII text, keys that paths must quote, duplicate
/// keys, and numbers of every form. With `foundationSafe`, they leave out what `JSONSerialization` reads differently
/// by design (see DifferentialTests): `-0`, values beyond `Double` or below its smallest subnormal, lone surrogate
/// escapes, U+FEFF, and whole numbers past 2^53 written with a fraction or exponent.
struct RandomDocuments {
    var generator: SplitMix64
    let foundationSafe: Bool
    /// The nesting the generator may reach; documents now and then go this deep in one chain.
    let maximumDepth: Int
    private var text: [UInt8] = []

    init(seed: UInt64, foundationSafe: Bool, maximumDepth: Int = 120) {
        generator = SplitMix64(seed: seed)
        self.foundationSafe = foundationSafe
        self.maximumDepth = maximumDepth
    }

    /// A document of about `size` bytes (at least a few): an object or array at the top, whitespace around.
    mutating func document(approximateSize size: Int) -> Data {
        text = []
        text.reserveCapacity(size + 1024)
        whitespace()
        if chance(1, in: 2) { object(depth: 1, budget: size) } else { array(depth: 1, budget: size) }
        whitespace()
        return Data(text)
    }

    // MARK: Values

    private mutating func value(depth: Int, budget: Int) {
        let roll = next(100)
        if depth < maximumDepth, budget > 40, roll < 30 {
            roll < 15 ? object(depth: depth + 1, budget: budget) : array(depth: depth + 1, budget: budget)
        } else if depth < maximumDepth, roll < 32 {
            chain(depth: depth)
        } else if roll < 60 {
            string(long: chance(1, in: 40))
        } else if roll < 88 {
            number()
        } else {
            append(["true", "false", "null"][next(3)])
        }
    }

    /// One chain of arrays and objects nested as deep as allowed, around a scalar.
    private mutating func chain(depth: Int) {
        let levels = next(max(1, maximumDepth - depth)) + 1
        var closers: [UInt8] = []
        for _ in 0..<levels {
            if chance(1, in: 2) {
                append("[")
                closers.append(UInt8(ascii: "]"))
            } else {
                append("{")
                string(long: false)
                append(":")
                closers.append(UInt8(ascii: "}"))
            }
        }
        number()
        text += closers.reversed()
    }

    private mutating func object(depth: Int, budget: Int) {
        append("{")
        whitespace()
        let count = memberCount(budget: budget)
        var keys: [String] = []
        for index in 0..<count {
            if index > 0 {
                append(",")
                whitespace()
            }
            // Now and then a key again: the last one wins.
            if !keys.isEmpty, chance(1, in: 30) {
                quoted(keys[next(keys.count)])
            } else {
                let key = randomKey()
                keys.append(key)
                quoted(key)
            }
            whitespace()
            append(":")
            whitespace()
            value(depth: depth, budget: budget / max(1, count))
            whitespace()
        }
        append("}")
    }

    private mutating func array(depth: Int, budget: Int) {
        append("[")
        whitespace()
        let count = memberCount(budget: budget)
        for index in 0..<count {
            if index > 0 {
                append(",")
                whitespace()
            }
            value(depth: depth, budget: budget / max(1, count))
            whitespace()
        }
        append("]")
    }

    private mutating func memberCount(budget: Int) -> Int {
        if budget < 60 { return next(3) }
        return next(max(2, min(budget / 30, 2_000))) + (chance(1, in: 8) ? 0 : 1)
    }

    // MARK: Strings

    private mutating func randomKey() -> String {
        let plain = ["id", "name", "items", "user", "text", "a", "b", "count", "url", "créé"]
        switch next(10) {
        case 0: return ""
        case 1: return "content.type"
        case 2: return "a[0]"
        case 3: return "quote\"d"
        default: return plain[next(plain.count)] + (chance(1, in: 2) ? String(next(50)) : "")
        }
    }

    private mutating func string(long: Bool) {
        append("\"")
        let length = long ? 1_000 + next(100_000) : next(24)
        for _ in 0..<length {
            switch next(40) {
            case 0: append(["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"][next(8)])
            case 1: append(String(format: "\\u%04X", next(0xD800)))  // any BMP scalar below the surrogates
            case 2: append("\\uD83D\\uDE00")
            case 3 where !foundationSafe: append(["\\uD800", "\\uDFFF", "\\uFEFF"][next(3)])
            case 4: append(["é", "€", "😀", "日本", "\u{2028}"][next(5)])
            default: text.append(UInt8(ascii: "a") + UInt8(next(26)))
            }
        }
        append("\"")
    }

    private mutating func quoted(_ key: String) {
        append("\"")
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            default: text += Array(String(scalar).utf8)
            }
        }
        append("\"")
    }

    // MARK: Numbers

    private mutating func number() {
        switch next(12) {
        case 0: append(String(Int64(bitPattern: generator.next()) >> Int64(next(63))))
        case 1: append(String(generator.next()))  // up to UInt64.max
        case 2:
            let digits = (0..<(20 + next(20))).map { _ in String(next(10)) }.joined()
            append("1" + digits)  // an integer beyond UInt64
        case 3:
            var value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            // JSONSerialization holds a number with a fraction or exponent as a Double, so a whole number past 2^53
            // written that way (`3.634082722793051e18`) loses its exact integer value there.
            if foundationSafe, value >= 0x1p53 { value = value.significand }
            append("\(value)".replacingOccurrences(of: "+", with: ""))
        case 4: append("\(next(1000)).\(next(1_000_000))")
        case 5: append("-\(next(100))e\(["", "+", "-"][next(3)])\(next(300))")
        case 6: append("\(next(10)).\(next(100))E-\(next(300))")
        case 7 where !foundationSafe: append(["-0", "1e400", "-1e-400", "0.0e-99999"][next(4)])
        case 8: append("0")
        case 9: append("-" + String(next(1 << 53)))
        default: append(String(next(100_000)))
        }
    }

    // MARK: Bytes

    private mutating func whitespace() {
        guard chance(1, in: 3) else { return }
        for _ in 0..<next(4) { text.append([0x20, 0x0A, 0x0D, 0x09][next(4)]) }
    }

    private mutating func append(_ token: String) {
        text += Array(token.utf8)
    }

    private mutating func next(_ bound: Int) -> Int {
        Int(generator.next() % UInt64(max(1, bound)))
    }

    private mutating func chance(_ k: Int, in n: Int) -> Bool {
        next(n) < k
    }
}

extension RandomDocuments {
    /// A stream of `data` in reads of random sizes, from 1 byte to three times the reader's chunk, and one read in
    /// four of all the space offered: the same seed reads the same way.
    static func stream(_ data: Data, seed: UInt64) -> ScriptedInputStream {
        let chunk = UInt64(3 * StreamReader.chunkSize)
        return ScriptedInputStream(
            Array(data),
            reads: .random(seed: seed) { draw, offered in draw % 4 == 0 ? offered : 1 + Int((draw >> 8) % chunk) })
    }
}

/// A model that reads every member of any document through the public getters, recursing into nested objects and
/// arrays of objects: what it read, as text, is the fingerprint two mappings must share. Getters of the wrong type
/// record mismatches, so the context's errors must agree too.
struct Probe: JSONSerializable {
    var lines: [String] = []

    init(_ c: JSONDeserializationContext) {
        for key in c.keys.sorted() {
            var line = JSONPath.format([.key(key)]) + ":"
            line += " s=\(c.getString(key).map { Quoting.quoted($0) } ?? "-")"
            line += " i=\(c.getInt64(key).map(String.init) ?? "-") u=\(c.getUInt64(key).map(String.init) ?? "-")"
            line += " d=\(c.getDouble(key).map { String($0.bitPattern, radix: 16) } ?? "-")"
            line += " b=\(c.getBool(key).map(String.init) ?? "-") null=\(c.isNull(key))"
            lines.append(line)
            if let nested = c.getObject(key, ofClass: Probe.self) {
                lines += nested.lines.map { "  " + $0 }
            }
            let strings: [String] = c.getArray(key)
            let numbers: [Double] = c.getArray(key)
            let models = c.getArray(key, ofClass: Probe.self)
            if !strings.isEmpty || !numbers.isEmpty || !models.isEmpty {
                lines.append("  [\(strings.count) strings, \(numbers.map { $0.bitPattern }), \(models.count) objects]")
                for model in models { lines += model.lines.map { "    " + $0 } }
            }
        }
    }

    /// The fingerprint of a document whose top level may be an array.
    static func fingerprint(_ c: JSONDeserializationContext) -> [String] {
        let root = Probe(c).lines
        let strings: [String] = c.getArray()
        let numbers: [Double] = c.getArray()
        let models = c.getArray(ofClass: Probe.self)
        return root + ["top: \(strings.count) strings, \(numbers.map(\.bitPattern)), \(models.count) objects"]
            + models.flatMap(\.lines)
    }
}
