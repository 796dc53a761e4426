import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Maps the same inputs through both engines and compares the values getters see, value by value.
@Suite("Native and Foundation engines agree", SharedDataSuite.differential.trait)
struct DifferentialTests {
    /// Every known difference on the inputs compared below, as `file: difference`. Anything else is a failure.
    static let knownDifferences: Set<String> = [
        // JSONSerialization reads -0 as the integer 0 and loses the sign; the native engine gives -0.0.
        "y_number_minus_zero.json: [0]: Number -0 as -0.0 (0x8000000000000000) vs Number 0 as 0.0 (0x0)",
        "y_number_negative_zero.json: [0]: Number -0 as -0.0 (0x8000000000000000) vs Number 0 as 0.0 (0x0)",
        "numbers.json: negativeZero: Number -0 as -0.0 (0x8000000000000000) vs Number 0 as 0.0 (0x0)",
        // JSONSerialization underflows 1e-400 to 0.0, which then reads as the whole number 0; natively it is not whole.
        "numbers.json: tiny: Number 1e-400 as 0.0 (0x0) vs Number 0.0 as 0.0 (0x0)",
    ]

    /// Inputs Foundation accepts although they are not JSON: there its `valid` flag is wrong.
    static let foundationAcceptsMalformed: Set<String> = [
        "n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json",
    ]

    /// Implementation-defined inputs whose validity differs: Foundation rejects lone surrogates and numbers beyond
    /// Double's range, and accepts UTF-16; the native engine does the opposite (see ConformanceTests).
    static let validityDiffers: Set<String> = [
        "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json", "i_number_pos_double_huge_exp.json",
        "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json", "i_object_key_lone_2nd_surrogate.json",
        "i_string_1st_surrogate_but_2nd_missing.json", "i_string_1st_valid_surrogate_2nd_invalid.json",
        "i_string_UTF-16LE_with_BOM.json", "i_string_incomplete_surrogate_and_escape_valid.json",
        "i_string_incomplete_surrogate_pair.json", "i_string_incomplete_surrogates_escape_valid.json",
        "i_string_invalid_lonely_surrogate.json", "i_string_invalid_surrogate.json",
        "i_string_inverted_surrogates_U+1D11E.json", "i_string_lone_second_surrogate.json",
        "i_string_utf16BE_no_BOM.json", "i_string_utf16LE_no_BOM.json",
    ]

    @Test("y_ files and fixtures map to the same values on both engines")
    func sameValues() throws {
        var inputs: [(String, Data)] = try TestSuiteFiles.names(prefix: "y_").map { ($0, try TestSuiteFiles.data($0)) }
        for name in try FileManager.default.contentsOfDirectory(atPath: TestFiles.fixtures.path).sorted()
        where name.hasSuffix(".json") && !name.contains("malformed") {
            inputs.append((name, try TestFiles.fixture(name)))
        }
        var differences: Set<String> = []
        for (name, data) in inputs {
            let native = EngineComparison.root(data, .native)
            let foundation = EngineComparison.root(data, .foundation)
            guard let native, let foundation else {
                differences.insert("\(name): valid \(native != nil) vs \(foundation != nil)")
                continue
            }
            for difference in EngineComparison.differences(native, foundation) {
                differences.insert("\(name): \(difference)")
            }
        }
        #expect(inputs.count > 100)
        #expect(differences == Self.knownDifferences)
    }

    @Test("validity agrees on every file except the listed ones")
    func sameValidity() throws {
        var foundationOnly: Set<String> = []
        var differing: Set<String> = []
        for name in try TestSuiteFiles.names(prefix: "") {
            let data = try TestSuiteFiles.data(name)
            let native = JSONMapper.context(data).valid
            let foundation = JSONMapper.context(data, engine: .foundation).valid
            if native != foundation && name.hasPrefix("n_") {
                foundationOnly.insert(name)
            } else if native != foundation {
                differing.insert(name)
            }
        }
        #expect(foundationOnly == Self.foundationAcceptsMalformed)
        #expect(differing == Self.validityDiffers)
    }

    @Test(
        "the benchmark payloads map to the same values on both engines",
        arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func benchmarkPayloads(name: String) throws {
        let data = try TestFiles.benchmark(name)
        let native = try #require(EngineComparison.root(data, .native))
        let foundation = try #require(EngineComparison.root(data, .foundation))
        #expect(EngineComparison.differences(native, foundation) == [])
    }

    @Test("NSDecimalNumber.doubleValue drifts on canada.json; the Foundation adapter converts exactly")
    func foundationDecimalDrift() throws {
        let data = try TestFiles.benchmark("canada.json")
        var pending: [Any] = [try JSONSerialization.jsonObject(with: data)]
        var decimals = 0
        var drifting = 0
        while let value = pending.popLast() {
            if let array = value as? [Any] {
                pending += array
            } else if let object = value as? [String: Any] {
                pending += Array(object.values)
            } else if let number = value as? NSDecimalNumber {
                decimals += 1
                let nearest = try #require(Double(number.description))
                if number.doubleValue != nearest { drifting += 1 }
                let adapted = try FoundationNumber.decimal(number.decimalValue).double().get()
                #expect(adapted == nearest)
            }
        }
        #expect(decimals > 100_000)
        #expect(drifting > 10_000)
    }
}

/// The native engine's own memory for the benchmark payloads: the copy of the input plus the tape, at its peak
/// while the tape is built. The ceiling is twice the document's size (BENCHMARKS.md): the tape's first block, one
/// entry per eight bytes of input, is all these payloads need.
@Suite("Native engine memory", SharedDataSuite.memory.trait)
struct MemoryFootprintTests {
    @Test(
        "peak engine memory is at most twice the document",
        arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func peakMemory(name: String) throws {
        let data = try TestFiles.benchmark(name)
        let document = try NativeDocument(data: data, maximumDepth: 512)
        let ratio = Double(document.peakBytes) / Double(data.count)
        // Twice the document, plus the padding and the tape's 16 spare entries.
        #expect(ratio <= 2.001, "\(name): \(document.peakBytes) bytes for \(data.count), \(ratio)×")
        #expect(ratio > 1, "the copy of the input alone is 1×")
    }
}
