import Foundation

/// The standard JSON benchmark payloads, read from `JSONMAPPER_BENCH_DATA` or `../shared/data/bench` relative to
/// the repository root.
enum Payloads {
    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["JSONMAPPER_BENCH_DATA"] {
            return URL(fileURLWithPath: path)
        }
        // This file is Benchmarks/Benchmarks/MappingBenchmarks/Payloads.swift in the repository.
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/data/bench")
    }()

    static let names = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// The payload `name`. When any payload is missing, prints one line that names the folder and how to fill it,
    /// and exits with status 1: a missing file is the setup's problem, not a crash to show a backtrace for.
    static func load(_ name: String) -> Data {
        let missing = names.filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        guard missing.isEmpty, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        else {
            let line =
                "error: the benchmark payloads are missing from \(folder.path) (\(missing.joined(separator: ", "))): "
                + "run bash Scripts/fetch-test-data.sh in the repository, or set JSONMAPPER_BENCH_DATA to their "
                + "folder\n"
            FileHandle.standardError.write(Data(line.utf8))
            exit(1)
        }
        return data
    }

    static let twitter = load("twitter.json")
    static let citm = load("citm_catalog.json")
    static let canada = load("canada.json")
}

/// Reads `[String: Any]` trees the way hand-written JSONSerialization code does.
extension Dictionary where Key == String, Value == Any {
    func string(_ key: String) -> String { self[key] as? String ?? "" }
    func int(_ key: String) -> Int { self[key] as? Int ?? 0 }
    func int64(_ key: String) -> Int64 { (self[key] as? NSNumber)?.int64Value ?? 0 }
    func bool(_ key: String) -> Bool { self[key] as? Bool ?? false }
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func objects(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
}
