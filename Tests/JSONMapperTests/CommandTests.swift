import Foundation
import JSONMapper
import Testing

@testable import JSONMapperCLI

/// Runs `jsonmapper` in process, with standard input given and output captured.
final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    let status: Int32

    init(_ arguments: [String], input: String = "") {
        var status: Int32 = 0
        let box = Box()
        let io = CommandIO(
            standardInput: { Data(input.utf8) },
            writeOutput: { box.append(out: $0) },
            errorOutput: { box.append(err: $0) }
        )
        status = JSONMapperCommand.run(arguments, io: io)
        self.status = status
        (out, err) = box.contents
    }

    var output: String { lock.withLock { out } }
    var errorOutput: String { lock.withLock { err } }

    /// Output as it comes: bytes (decoded as a whole at the end, since a chunk may end inside a character) and
    /// text.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = ""
        func append(out bytes: UnsafeRawBufferPointer) { lock.withLock { out.append(contentsOf: bytes) } }
        func append(err text: String) { lock.withLock { err += text } }
        var contents: (String, String) { lock.withLock { (String(decoding: out, as: UTF8.self), err) } }
    }
}

/// The path of a fixture, as a command-line argument.
func fixturePath(_ name: String) -> String {
    TestFiles.fixtures.appendingPathComponent(name).path
}

@Suite("jsonmapper check")
struct CheckCommandTests {
    @Test("valid files print ok and exit 0")
    func allValid() {
        let run = CapturedRun(["check", fixturePath("person.json"), fixturePath("people.json")])
        #expect(run.status == 0)
        #expect(run.output == "\(fixturePath("person.json")): ok\n\(fixturePath("people.json")): ok\n")
        #expect(run.errorOutput == "")
    }

    @Test("an invalid file prints FILE:LINE:COLUMN: error: and exits 1")
    func invalidFile() {
        let run = CapturedRun(["check", fixturePath("person.json"), fixturePath("person_malformed.json")])
        #expect(run.status == 1)
        #expect(
            run.output == """
                \(fixturePath("person.json")): ok
                \(fixturePath("person_malformed.json")):4:41: error: expected a value after ',', found ']' \
                (trailing commas are not allowed) (in roles[2])

                """)
    }

    @Test("standard input is read for -")
    func standardInput() {
        let ok = CapturedRun(["check", "-"], input: #"{"a": [1, 2]}"#)
        #expect(ok.status == 0)
        #expect(ok.output == "<stdin>: ok\n")
        let bad = CapturedRun(["check", "-"], input: "{\n  \"a\": tru\n}")
        #expect(bad.status == 1)
        #expect(
            bad.output
                == "<stdin>:2:11: error: invalid literal: expected 'true', found control character U+000A (in a)\n")
    }

    @Test("an unreadable file is a usage error that names it, and the other files are still checked")
    func unreadableFile() {
        let run = CapturedRun(["check", "/no/such/file.json", fixturePath("person_malformed.json")])
        #expect(run.status == 2)
        #expect(run.errorOutput == "jsonmapper: cannot read /no/such/file.json: no such file\n")
        #expect(run.output.hasPrefix("\(fixturePath("person_malformed.json")):4:41: error:"))
        let directory = CapturedRun(["check", TestFiles.fixtures.path])
        #expect(directory.status == 2)
        #expect(directory.errorOutput == "jsonmapper: cannot read \(TestFiles.fixtures.path): it is a directory\n")
    }

    @Test(
        "usage errors exit 2 with the command's help",
        arguments: [["check"], ["check", "--bogus", "x.json"], ["frobnicate"], []])
    func usageErrors(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errorOutput.contains("USAGE: jsonmapper"))
    }

    @Test("--help prints the help and exits 0", arguments: [["--help"], ["check", "--help"], ["generate", "--help"]])
    func help(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("USAGE: jsonmapper"))
        #expect(run.errorOutput == "")
    }

    @Test("the jsonmapper executable exits with the documented statuses")
    func executable() throws {
        let binary = try #require(
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("jsonmapper"))
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) was not built")
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
        let valid = try run(["check", fixturePath("person.json")])
        #expect(valid.0 == 0)
        #expect(valid.1 == "\(fixturePath("person.json")): ok\n")
        let invalid = try run(["check", fixturePath("person_malformed.json")])
        #expect(invalid.0 == 1)
        #expect(invalid.1.hasPrefix("\(fixturePath("person_malformed.json")):4:41: error: "))
        #expect(try run(["check", "/no/such/file.json"]).0 == 2)
        let generated = try run(["generate", fixturePath("person.json"), "--name", "Person"])
        #expect(generated.0 == 0)
        #expect(generated.1.contains("struct Person: JSONSerializable {"))
        // format writes to standard output as it goes: the same text as in process.
        let formatted = try run(["format", fixturePath("people.json"), "--sort-keys"])
        #expect(formatted.0 == 0)
        #expect(formatted.1 == CapturedRun(["format", fixturePath("people.json"), "--sort-keys"]).output)
        #expect(formatted.1.hasPrefix("[\n  {\n"))
    }
}

@Suite("jsonmapper check on large files and JSON Lines")
struct CheckStreamingTests {
    @Test("check --lines reports every bad line with its position, and exits 1")
    func lines() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).jsonl")
        try json("{\"a\": 1}\r\n\n{\"a\": tru}\n[1, 2]\n{\"b\": [1,]}\n").write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = CapturedRun(["check", "--lines", url.path])
        #expect(run.status == 1)
        #expect(
            run.output == """
                \(url.path):3:10: error: invalid literal: expected 'true', found '}' (in a)
                \(url.path):5:10: error: expected a value after ',', found ']' (trailing commas are not allowed) \
                (in b[1])

                """)
        let good = CapturedRun(["check", "--lines", "-"], input: "1\n\"two\"\n{}\n")
        #expect(good.status == 0)
        #expect(good.output == "<stdin>: ok\n")
        // Without --lines, the same file is one JSON text with something after it.
        let whole = CapturedRun(["check", url.path])
        #expect(whole.output == "\(url.path):3:1: error: expected end of input after the top-level value, found '{'\n")
    }

    @Test("check reads a large file piece by piece and reports what the in-memory parser reports")
    func largeFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = Array(StreamDocuments.document(ofSize: 3 << 20))
        try Data(bytes).write(to: url)
        #expect(CapturedRun(["check", url.path]).output == "\(url.path): ok\n")
        bytes[(3 << 20) - 40] = UInt8(ascii: "x")
        try Data(bytes).write(to: url)
        let run = CapturedRun(["check", url.path])
        let error = try #require(JSONMapper.context(Data(bytes)).errors.first)
        #expect(run.status == 1)
        #expect(run.output == CheckCommand.line(for: error, file: url.path) + "\n")
    }
}

@Suite("jsonmapper generate")
struct GenerateCommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func golden(_ name: String) throws -> String {
        let url = golden.appendingPathComponent(name)
        return String(
            decoding: try #require(FileManager.default.contents(atPath: url.path), "missing \(url.path)"), as: UTF8.self
        )
    }

    @Test(
        "generates the expected models for the fixtures",
        arguments: [
            (["person.json"], ["--name", "Person"], "person.swift.golden"),
            (["person.json", "person_incomplete.json"], ["--name", "Person"], "person-merged.swift.golden"),
            (["people.json"], ["--class"], "people-class.swift.golden"),
            (["timeline.json"], [], "timeline.swift.golden"),
            (["catalog.json"], [], "catalog.swift.golden"),
            (["repository.json"], ["--name", "Repository"], "repository.swift.golden"),
        ])
    func goldenOutput(files: [String], options: [String], golden: String) throws {
        let run = CapturedRun(["generate"] + files.map(fixturePath) + options)
        #expect(run.status == 0)
        #expect(run.errorOutput == "")
        #expect(run.output == (try Self.golden(golden)))
    }

    @Test("the output is byte-identical from run to run")
    func deterministic() {
        let arguments = [
            "generate", fixturePath("order_sample_1.json"), fixturePath("order_sample_2.json"), "--name", "Order",
        ]
        let first = CapturedRun(arguments).output
        for _ in 0..<5 {
            #expect(CapturedRun(arguments).output == first)
        }
    }

    /// `Generated/Order.swift` is compiled into this test target: it is what `generate` prints for the order
    /// samples, so the generated code compiles as is, and it maps the samples with no errors.
    @Test("generated code compiles and maps its samples with no errors")
    func generatedCodeMaps() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Generated/Order.swift")
        let compiled = String(decoding: try #require(FileManager.default.contents(atPath: source.path)), as: UTF8.self)
        let run = CapturedRun([
            "generate", fixturePath("order_sample_1.json"), fixturePath("order_sample_2.json"), "--name", "Order",
        ])
        #expect(run.output == compiled)

        for sample in ["order_sample_1.json", "order_sample_2.json"] {
            let context = JSONMapper.context(try TestFiles.fixture(sample))
            let order = Order(context)
            #expect(context.valid)
            #expect(context.errors == [], "\(sample)")
            #expect(!context.hasFailed)
            #expect(throws: Never.self) { try JSONMapper.decode(Order.self, from: try TestFiles.fixture(sample)) }
            #expect(order.customer.firstName2.hasSuffix(".") == true)
        }
        let first = Order(JSONMapper.context(try TestFiles.fixture("order_sample_1.json")))
        #expect(first.orderID == UInt64.max)
        #expect(first.placedAt == "2026-11-02T09:30:00Z")
        #expect(first.customer.id == 42)
        #expect(first.customer.`class` == "gold")
        #expect(first.customer._2faEnabled)
        #expect(first.lineItems.map(\.sku) == ["KET-1", "TEA-3"])
        #expect(first.lineItems[0].dimensions == [[10, 20], [15, 25]])
        #expect(first.lineItems[1].giftNote == "Happy birthday")
        #expect(first.warehouseStock["1001"]?.onHand == 12)
        #expect(first.shippingAddress.floor == nil)
        #expect(first.totals.discount == nil)
    }

    @Test("bad samples and arguments are reported")
    func errors() {
        let scalar = CapturedRun(["generate", "-"], input: "[1, 2]")
        #expect(scalar.status == 1)
        #expect(
            scalar.errorOutput
                == "jsonmapper generate: -: the top-level value must be an object or a non-empty array of objects\n")
        let malformed = CapturedRun(["generate", fixturePath("person_malformed.json")])
        #expect(malformed.status == 1)
        #expect(malformed.errorOutput.hasPrefix("\(fixturePath("person_malformed.json")):4:41: error:"))
        #expect(CapturedRun(["generate"]).status == 2)
        #expect(CapturedRun(["generate", "x.json", "--name"]).status == 2)
        #expect(
            CapturedRun(["generate", "x.json", "--name", "not a name"]).errorOutput.hasPrefix(
                "jsonmapper generate: 'not a name' is not a Swift type name"))
        #expect(CapturedRun(["generate", "/no/such.json"]).status == 2)
        let mixed = CapturedRun(["generate", fixturePath("person.json"), fixturePath("people.json")])
        #expect(mixed.status == 1)
        #expect(mixed.errorOutput.contains("mix top-level objects and arrays"))
    }

    @Test("the top-level type is named after the file, singular for an array, or after --name")
    func rootNames() {
        #expect(GenerateCommand.defaultRootName("/a/b/person.json", singular: false) == "Person")
        #expect(GenerateCommand.defaultRootName("people.json", singular: true) == "Person")
        #expect(GenerateCommand.defaultRootName("order_sample_1.json", singular: false) == "OrderSample1")
        #expect(GenerateCommand.defaultRootName("-", singular: false) == "Root")
        #expect(GenerateCommand.defaultRootName("-", singular: true) == "RootElement")
    }

    @Test("a sample from standard input names its type Root or RootElement and says why in the output")
    func standardInputNames() {
        let object = CapturedRun(["generate", "-"], input: #"{"a": 1}"#)
        #expect(
            object.output == """
                // Generated by jsonmapper from <stdin>.
                // The top-level type is called Root because the sample came from standard input; name it with --name.

                import JSONMapper

                struct Root: JSONSerializable {
                    let a: Int

                    init(_ c: JSONDeserializationContext) {
                        a = c.requireInt("a")
                    }
                }

                """)
        let array = CapturedRun(["generate", "-"], input: #"[{"a": 1}]"#)
        #expect(
            array.output.hasPrefix(
                """
                // Generated by jsonmapper from <stdin>.
                // The element type is called RootElement because the sample came from standard input; \
                name it with --name.

                import JSONMapper

                struct RootElement: JSONSerializable {
                """))
        let named = CapturedRun(["generate", "-", "--name", "Point"], input: #"[{"a": 1}]"#)
        #expect(
            named.output.hasPrefix("// Generated by jsonmapper from <stdin>.\n\nimport JSONMapper\n\nstruct Point:"))
    }

    @Test(
        "conflicting or repeated options are usage errors",
        arguments: [
            (["--struct", "--class"], "--struct and --class cannot be used together"),
            (["--class", "--struct"], "--class and --struct cannot be used together"),
            (["--name", "A", "--name", "B"], "--name is given twice ('A' and 'B')"),
        ])
    func conflictingOptions(options: [String], message: String) {
        let run = CapturedRun(["generate", fixturePath("person.json")] + options)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errorOutput.hasPrefix("jsonmapper generate: \(message)\n\nUSAGE: jsonmapper generate"))
        let repeated = CapturedRun(["generate", fixturePath("person.json"), "--class", "--class", "--name", "P"])
        #expect(repeated.status == 0)
        #expect(repeated.output.contains("final class P: JSONSerializable {"))
    }

    @Test("two places with one shape share a model, each under a name of its own")
    func sameShapeTypealiases() throws {
        let context = JSONMapper.context(try TestFiles.fixture("repository.json"))
        let repository = Repository(context)
        #expect(context.errors == [])
        let security = repository.securityAndAnalysis
        #expect(security.advancedSecurity.status == "enabled")
        let scanning: SecretScanning = security.secretScanning
        #expect(scanning.status == "enabled")
        #expect(security.secretScanningPushProtection.status == "disabled")
        #expect(SecretScanning.self == AdvancedSecurity.self)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Generated/Repository.swift")
        let compiled = String(decoding: try #require(FileManager.default.contents(atPath: source.path)), as: UTF8.self)
        #expect(CapturedRun(["generate", fixturePath("repository.json"), "--name", "Repository"]).output == compiled)
    }
}

@Suite("jsonmapper --version")
struct VersionTests {
    @Test("--version prints the command's name and version and exits 0")
    func version() {
        let run = CapturedRun(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "jsonmapper 0.1.0\n")
        #expect(run.errorOutput == "")
        #expect(CapturedRun(["--help"]).output.contains("  --version                Print the version.\n"))
    }
}

@Suite("Swift names for JSON keys")
struct SwiftNamesTests {
    @Test(
        "property names",
        arguments: [
            ("screen_name", "screenName"), ("first-name", "firstName"), ("ID", "id"), ("userID", "userID"),
            ("user_id", "userID"), ("profile_image_url_https", "profileImageURLHTTPS"), ("subTopicIds", "subTopicIDs"),
            ("HTTPStatus", "httpStatus"), ("class", "class"), ("2fa_enabled", "_2faEnabled"), ("placed-at", "placedAt"),
            ("é_clé", "éClé"), ("already camelCase", "alreadyCamelCase"), ("__proto__", "proto"), ("---", "field1"),
        ])
    func properties(key: String, expected: String) {
        #expect(SwiftNames.property(key, fallback: "field1") == expected)
    }

    @Test("keywords are declared in backticks")
    func keywords() {
        #expect(SwiftNames.declared("class") == "`class`")
        #expect(SwiftNames.declared("default") == "`default`")
        #expect(SwiftNames.declared("name") == "name")
    }

    @Test(
        "type names, singular for array elements",
        arguments: [
            ("statuses", true, "Status"), ("categories", true, "Category"), ("addresses", true, "Address"),
            ("people", true, "Person"), ("boxes", true, "Box"), ("user_mentions", true, "UserMention"),
            ("responses", true, "Response"), ("news", true, "NewsItem"), ("data", true, "DataItem"),
            ("data", false, "DataModel"),
            ("urls", true, "URLModel"), ("search_metadata", false, "SearchMetadata"), ("type", false, "TypeModel"),
        ])
    func types(key: String, singular: Bool, expected: String) {
        #expect(SwiftNames.type(key, singular: singular) == expected)
    }
}
