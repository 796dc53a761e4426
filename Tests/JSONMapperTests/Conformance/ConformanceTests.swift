import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Reads every kind of value, to show that no input crashes a getter: what a model touching every getter does.
struct EverythingModel: JSONSerializable {
    var reads = 0
    init(_ c: JSONDeserializationContext) {
        for key in ["a", "", "0", "id", "\u{FFFD}"] {
            reads +=
                [
                    c.getString(key) != nil, c.getInt(key) != nil, c.getInt64(key) != nil, c.getUInt64(key) != nil,
                    c.getDouble(key) != nil, c.getFloat(key) != nil, c.getBool(key) != nil, c.getURL(key) != nil,
                    c.getDecimal(key) != nil,
                ].filter { $0 }.count
            reads += (c.getArray(key) as [[String]]).count + (c.getDictionary(key) as [String: Double]).count
            reads += c.getArray(key, ofClass: EverythingModel.self).count
            reads += (c.getArray(key, ofClass: EverythingModel.self) as [[EverythingModel]]).count
            reads += c.getObject(key, ofClass: EverythingModel.self) == nil ? 0 : 1
        }
        reads += (c.getArray() as [[[Double]]]).count + c.getArray(ofClass: EverythingModel.self).count
    }
}

@Suite("JSONTestSuite conformance", SharedDataSuite.conformance.trait)
struct ConformanceTests {
    @Test("every y_ file is valid on the native engine")
    func mustAccept() throws {
        let names = try TestSuiteFiles.names(prefix: "y_")
        #expect(names.count == 95)
        for name in names {
            let context = JSONMapper.context(try TestSuiteFiles.data(name))
            #expect(context.valid, "\(name): \(context.errors.first?.description ?? "")")
            _ = EverythingModel(context)
        }
    }

    @Test("every n_ file is invalid on the native engine, with a positioned error")
    func mustReject() throws {
        let names = try TestSuiteFiles.names(prefix: "n_")
        #expect(names.count == 188)
        for name in names {
            let context = JSONMapper.context(try TestSuiteFiles.data(name))
            #expect(!context.valid, "\(name)")
            #expect(context.errors.first?.code == .malformedJSON, "\(name)")
            #expect(context.errors.first?.line != nil, "\(name)")
            #expect(EverythingModel(context).reads == 0, "\(name)")
        }
    }

    /// The native engine's documented outcome for each implementation-defined file (README, "Limits").
    static let implementationDefined: [String: Bool] = [
        // Numbers beyond Double's range are valid JSON; getDouble reports them as out of range, integers too.
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        // Escaped lone or misordered surrogates are grammatical; they decode to U+FFFD.
        "i_object_key_lone_2nd_surrogate.json": true,
        "i_string_1st_surrogate_but_2nd_missing.json": true,
        "i_string_1st_valid_surrogate_2nd_invalid.json": true,
        "i_string_incomplete_surrogate_and_escape_valid.json": true,
        "i_string_incomplete_surrogate_pair.json": true,
        "i_string_incomplete_surrogates_escape_valid.json": true,
        "i_string_invalid_lonely_surrogate.json": true,
        "i_string_invalid_surrogate.json": true,
        "i_string_inverted_surrogates_U+1D11E.json": true,
        "i_string_lone_second_surrogate.json": true,
        // Input must be UTF-8 (RFC 8259 §8.1): invalid bytes, encoded surrogates and UTF-16 are rejected.
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        // Within the default depth limit of 512.
        "i_structure_500_nested_arrays.json": true,
        // A leading UTF-8 byte-order mark is ignored.
        "i_structure_UTF-8_BOM_empty_object.json": true,
    ]

    @Test("every i_ file has its documented outcome")
    func implementationDefinedOutcomes() throws {
        let names = try TestSuiteFiles.names(prefix: "i_")
        #expect(Set(names) == Set(Self.implementationDefined.keys))
        for name in names {
            let context = JSONMapper.context(try TestSuiteFiles.data(name))
            #expect(context.valid == Self.implementationDefined[name], "\(name)")
            _ = EverythingModel(context)
        }
    }

    @Test("the documented values of implementation-defined numbers and surrogates")
    func implementationDefinedValues() throws {
        let huge = JSONMapper.context(try TestSuiteFiles.data("i_number_real_pos_overflow.json"))
        #expect(huge.getArray() as [Double] == [])
        #expect(huge.errors.first?.message == "expected Double, found Number 123123e100000 (out of range)")
        let underflow = JSONMapper.context(try TestSuiteFiles.data("i_number_real_underflow.json"))
        #expect(underflow.getArray() == [0.0])
        let bigInt = JSONMapper.context(try TestSuiteFiles.data("i_number_too_big_pos_int.json"))
        #expect(bigInt.getArray() as [Int] == [])
        #expect(bigInt.getArray() == [1e20])
        #expect(bigInt.getArray() == [Decimal(string: "100000000000000000000")])
        let surrogate = JSONMapper.context(try TestSuiteFiles.data("i_string_incomplete_surrogate_pair.json"))
        #expect(surrogate.getArray() == ["\u{FFFD}a"])
        let key = JSONMapper.context(try TestSuiteFiles.data("i_object_key_lone_2nd_surrogate.json"))
        #expect(key.getInt("\u{FFFD}") == 0)
    }
}
