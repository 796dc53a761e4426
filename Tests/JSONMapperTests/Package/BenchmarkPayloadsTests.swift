import Foundation
import JSONMapperTestSupport
import Testing

/// `swift package benchmark` without its payloads: the benchmarks' `Payloads.swift`, compiled on its own with a
/// main that reads a payload, run with the payloads' folder pointing nowhere.
@Suite("Benchmark payloads")
struct BenchmarkPayloadsTests {
    @Test("missing payloads stop the benchmarks with one line that names the folder and the fetch script, exit 1")
    func missingPayloads() throws {
        try withTemporaryDirectory { folder in
            let payloads = TestFiles.repositoryRoot.appendingPathComponent(
                "Benchmarks/Benchmarks/MappingBenchmarks/Payloads.swift")
            let main = folder.appendingPathComponent("main.swift")
            try "print(Payloads.twitter.count)\n".write(to: main, atomically: true, encoding: .utf8)
            let program = folder.appendingPathComponent("payloads")
            #expect(try Self.run(["swiftc", payloads.path, main.path, "-o", program.path]).status == 0)

            let empty = folder.appendingPathComponent("empty")
            let result = try Self.run([program.path], environment: ["JSONMAPPER_BENCH_DATA": empty.path])
            #expect(result.status == 1)
            #expect(result.output == "")
            #expect(
                result.error
                    == "error: the benchmark payloads are missing from \(empty.path) (twitter.json, "
                    + "citm_catalog.json, canada.json): run bash Scripts/fetch-test-data.sh in the repository, or set "
                    + "JSONMAPPER_BENCH_DATA to their folder\n")
        }
    }

    /// Runs `arguments` through `/usr/bin/env`; its exit status, standard output and standard error.
    static func run(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
