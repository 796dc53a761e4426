import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Inputs the fuzzer (Scripts/fuzz.sh) found, kept in Fixtures/fuzz/ with what each must do.
@Suite("Fuzzer findings")
struct FuzzRegressionTests {
    /// Every file in Fixtures/fuzz/ has an entry here, so that a new finding cannot be added without its expectation.
    static let findings = [
        "foundation-drops-bom-in-key.json", "foundation-drops-trailing-bom-in-string.json",
        "stream-fails-inside-bom.json",
    ]

    @Test("every finding is listed")
    func allListed() throws {
        let folder = TestFiles.fixtures.appendingPathComponent("fuzz")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == Self.findings.sorted())
    }

    /// `["\u002c<U+FEFF>"]`: JSONSerialization drops a U+FEFF (a byte-order mark character) at the end of a string
    /// value. The native engine keeps every character.
    @Test("a U+FEFF at the end of a string is kept by the native engine, dropped by JSONSerialization")
    func trailingByteOrderMarkInString() throws {
        let data = try TestFiles.fixture("fuzz/foundation-drops-trailing-bom-in-string.json")
        #expect(JSONMapper.context(data).getArray() == [",\u{FEFF}"])
        #expect(JSONMapper.context(data, engine: .foundation).getArray() == [","])
        #expect(context("[\"a\u{FEFF}b\", \"\u{FEFF}\"]").getArray() == ["a\u{FEFF}b", "\u{FEFF}"])
        #expect(context("[\"\u{FEFF}\"]", engine: .foundation).getArray() == [""])
    }

    /// `{"asd":"sdf","asd":"qdf",  "<U+FEFF>":"fgh"}`: the same in a key, which JSONSerialization reads as `""`.
    @Test("a key that is a U+FEFF keeps it on the native engine, and loses it in JSONSerialization")
    func byteOrderMarkKey() throws {
        let data = try TestFiles.fixture("fuzz/foundation-drops-bom-in-key.json")
        let native = JSONMapper.context(data)
        #expect(native.keys == ["asd", "\u{FEFF}"])
        #expect(native.getString("asd") == "qdf")
        #expect(native.getString("\u{FEFF}") == "fgh")
        #expect(native.getString("") == nil)
        let foundation = JSONMapper.context(data, engine: .foundation)
        #expect(Set(foundation.keys) == ["asd", ""])
        #expect(foundation.getString("") == "fgh")
    }

    /// `<EF BB BF>2]`, from a stream that fails after one to three bytes: the failure is the error, not the mark's
    /// first bytes read as a value (validate said "expected a value, found byte 0xEF").
    @Test("a stream failing inside the byte-order mark reports its failure from every entry point")
    func streamFailingInsideByteOrderMark() throws {
        let bytes = Array(try TestFiles.fixture("fuzz/stream-fails-inside-bom.json"))
        for count in 1...3 {
            let reason = "the stream failed after \(count) bytes: it reported an error"
            func stream() -> InputStream { ScriptedInputStream(bytes, reads: .of(1), failing: .after(count)) }
            #expect(JSONMapper.context(stream()).errors.map(\.message) == [reason])
            #expect(JSONMapper.validate(stream())?.message == reason)
            #expect(Array(JSONMapper.elements(of: stream())).last?.errors.map(\.message) == [reason])
            #expect(Array(JSONMapper.lines(stream())).last?.errors.map(\.message) == [reason])
        }
        #expect(JSONMapper.validate(InputStream(data: Data(bytes)))?.message.contains("']'") == true)
    }
}
