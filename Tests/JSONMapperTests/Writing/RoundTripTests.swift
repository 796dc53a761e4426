import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Round trips: what we write, we read back")
struct RoundTripTests {
    @Test("every written Double reads back bit for bit, and Double(String) agrees")
    func doubles() {
        var g = SplitMix64(seed: 1)
        for _ in 0..<200_000 {
            let value = Double(bitPattern: g.next())
            guard value.isFinite else { continue }
            let text = NumberWriting.text(value)
            let read = text.utf8.withContiguousStorageIfAvailable { NumberText.parseDouble($0) }
            #expect(read?.bitPattern == value.bitPattern, "\(text)")
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
            #expect(!text.contains("+") && !text.hasSuffix(".0"), "\(text)")
        }
        for exponent in -330...310 {
            for mantissa in [1.0, 1.5, 9.999999999999999, 2.2250738585072014] {
                let value = mantissa * pow(10, Double(exponent))
                guard value.isFinite else { continue }
                let text = NumberWriting.text(value)
                #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
            }
        }
    }

    @Test("every written Float reads back bit for bit as a Float")
    func floats() {
        var g = SplitMix64(seed: 2)
        for _ in 0..<200_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: g.next()))
            guard value.isFinite else { continue }
            let text = NumberWriting.text(value)
            let read = text.utf8.withContiguousStorageIfAvailable { try? NumberText(bytes: $0).float().get() }
            #expect(read??.bitPattern == value.bitPattern, "\(text)")
            #expect(text.count <= value.description.count, "\(text) is longer than \(value.description)")
        }
    }

    @Test("every Decimal reads back, from leastFiniteMagnitude to greatestFiniteMagnitude, on both engines")
    func decimals() throws {
        let largest = NumberParsingTests.largestSignificand  // 2^128 − 1
        let values: [Decimal] = try [
            .greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            #require(Decimal(string: largest)), #require(Decimal(string: "340282366920938463463374607431768211454")),
            #require(Decimal(string: "-123456789012345678901234567890123456789")),
            #require(Decimal(string: "0.\(largest)")), #require(Decimal(string: "12345678901234567890123456789e-128")),
        ]
        for value in values {
            let data = try JSONMapper.data(from: ["d": value])
            for engine in [JSONMapper.Engine.native, .foundation] {
                let context = JSONMapper.context(data, engine: engine)
                #expect(context.getDecimal("d") == value, "\(engine): \(value)")
                #expect(context.errors.isEmpty, "\(engine): \(context.errors)")
            }
            #expect(try JSONValue(parsing: data)["d"]?.decimalValue == value)
        }
        // Just above 2^128 − 1: the native engine refuses what it cannot hold exactly; JSONSerialization on Linux
        // rounds it to 38 digits, and the Foundation engine takes that value.
        let above = Data(#"{"d": 340282366920938463463374607431768211456}"#.utf8)
        let native = JSONMapper.context(above)
        #expect(native.getDecimal("d") == nil)
        #expect(
            native.errors.map(\.description) == [
                "d: expected Decimal, found Number 340282366920938463463374607431768211456"
                    + " (more significant digits than Decimal holds)"
            ])
        #if os(Linux)
            let foundation = JSONMapper.context(above, engine: .foundation)
            #expect(foundation.getDecimal("d") == Decimal(string: "340282366920938463463374607431768211450"))
        #endif
    }

    @Test("generated models read back equal, on both engines, with every option", arguments: 0..<4)
    func models(variant: Int) throws {
        var g = SplitMix64(seed: 100 + UInt64(variant))
        let samples = (0..<150).map { _ in Sample(using: &g) }
        let options = writeOptionVariants[variant]
        let data = try JSONMapper.data(from: samples, options: options)
        for engine in [JSONMapper.Engine.native, .foundation] {
            let read = try JSONMapper.decode([Sample].self, from: data, engine: engine)
            #expect(read.count == samples.count)
            // JSONSerialization reads `-0` as the integer 0, so the Foundation engine loses the sign of a negative
            // zero (which `==` does not see); the native engine keeps every bit.
            let bitwise = engine == .native
            for (a, b) in zip(read, samples) where a != b || (bitwise && a.double.bitPattern != b.double.bitPattern) {
                Issue.record("\(engine) read back different members: \(differences(a, b))")
            }
        }
        #expect(try JSONSerialization.jsonObject(with: data) is [Any])
        #expect(try JSONMapper.data(from: samples, options: options) == data)
    }

    @Test("generated values write and read back equal, keeping every number's text", arguments: 0..<4)
    func values(variant: Int) throws {
        var g = SplitMix64(seed: 200 + UInt64(variant))
        let options = writeOptionVariants[variant]
        for _ in 0..<300 {
            let value = g.value(depth: 5)
            let data = try JSONMapper.data(from: value, options: options)
            let read = try JSONValue(parsing: data)
            #expect(read == value, "\(value)")
            if !options.sortedKeys {
                #expect(numberTexts(read) == numberTexts(value))
            }
            #expect(try JSONMapper.data(from: read, options: options) == data)
        }
    }

    @Test(
        "every y_ file of JSONTestSuite reads as a JSONValue and writes back canonically",
        SharedDataSuite.writeRoundTrip.trait)
    func testSuite() throws {
        let names = try TestSuiteFiles.names(prefix: "y_")
        #expect(names.count == 95)
        for name in names {
            let original = try JSONValue(parsing: try TestSuiteFiles.data(name))
            for options in writeOptionVariants {
                let data = try JSONMapper.data(from: original, options: options)
                let reread = try JSONValue(parsing: data)
                // Equal by value, every number's text kept, and writing again gives the very same bytes.
                #expect(reread == original, "\(name)")
                #expect(numberTexts(reread).sorted() == numberTexts(original).sorted(), "\(name)")
                #expect(try JSONMapper.data(from: reread, options: options) == data, "\(name)")
                #expect((try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil, "\(name)")
            }
            #expect(!hasWhitespaceOutsideStrings(original.description), "\(name)")
        }
    }

    @Test("writing the same value from many threads gives identical bytes")
    func threads() async throws {
        var g = SplitMix64(seed: 7)
        let samples = (0..<300).map { _ in Sample(using: &g) }
        let expected = try JSONMapper.data(from: samples)
        let results = await withTaskGroup(of: Data?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let options = index % 2 == 0 ? JSONMapper.WriteOptions.default : JSONMapper.WriteOptions()
                    return try? JSONMapper.data(from: samples, options: options)
                }
            }
            var all: [Data?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    /// The members of two models that differ, as `name: read ≠ written`.
    func differences(_ read: Sample, _ written: Sample) -> [String] {
        var read = read
        var list: [String] = []
        if read.double.bitPattern != written.double.bitPattern {
            list.append("double: \(read.double) ≠ \(written.double)")
            read.double = written.double
        }
        if read.extra != written.extra { list.append("extra: \(read.extra) ≠ \(written.extra)") }
        read.extra = written.extra
        if read.counts != written.counts { list.append("counts: \(read.counts) ≠ \(written.counts)") }
        read.counts = written.counts
        if read != written { list.append("\(read) ≠ \(written)") }
        return list
    }

    /// Whether JSON text has a space, tab or line break outside its strings.
    func hasWhitespaceOutsideStrings(_ text: String) -> Bool {
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
            } else if byte == 0x22 {
                inString = true
            } else if [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                return true
            }
        }
        return false
    }

    /// The texts of a value's numbers, in document order, without recursion.
    func numberTexts(_ value: JSONValue) -> [String] {
        var texts: [String] = []
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .number(let number): texts.append(number.text)
            case .array(let array): pending.append(contentsOf: array.reversed())
            case .object(let object): pending.append(contentsOf: object.values.reversed())
            default: break
            }
        }
        return texts
    }
}

extension Sample: @unchecked Sendable {}
