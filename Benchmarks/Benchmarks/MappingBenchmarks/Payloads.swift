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

    static func load(_ name: String) -> Data {
        let url = folder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("benchmark payload \(url.path) is missing: set JSONMAPPER_BENCH_DATA to the folder holding it")
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
