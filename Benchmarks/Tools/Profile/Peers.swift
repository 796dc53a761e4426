import Foundation
import JSONMapper

/// The Swift side of `Scripts/peers.sh`, which races JSONMapper against orjson and simdjson in one run: a server
/// that the script's Python driver starts once and sends one command per line on standard input, so that it can
/// interleave its own timings and these round by round.
///
///     swift run -c release Profile peers-serve [FOLDER]
///     map twitter 20          → 20 times `Timeline(JSONMapper.context(data))`: the nanoseconds of each, then
///                               `faults` and the minor page faults the 20 took, on one line
///     quit                    → prints the checksum and ends
///
/// Ways: `map` (the benchmark models), `parse` (`JSONMapper.context(data)` and no getter), `validate`
/// (`JSONMapper.validate(InputStream(data:))`), `validate-file` (`JSONMapper.validate(contentsOf:)`, what
/// `jsonmapper check` runs), `decoder` (`JSONDecoder` and the same models' `Decodable`), `serialization`
/// (`JSONSerialization` and hand-written casts). Payloads: `twitter`, `citm_catalog`, `canada`. An unknown command
/// or a payload that does not map is reported on one line starting with `error:`.
enum Peers {
    struct Payload {
        let data: Data
        let url: URL
        let ways: [String: () -> Int]
    }

    static func serve(folder: String) {
        var payloads: [String: Payload] = [:]
        for name in ["twitter", "citm_catalog", "canada"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name + ".json")
            guard let data = FileManager.default.contents(atPath: url.path) else {
                reply("error: cannot read \(url.path)")
                return
            }
            let payload = Payload(data: data, url: url, ways: ways(name, data, url))
            if let problem = check(name, payload) {
                reply("error: \(problem)")
                return
            }
            payloads[name] = payload
        }
        reply("ready")
        var checksum = 0
        while let line = readLine() {
            let words = line.split(separator: " ").map(String.init)
            if words == ["quit"] { break }
            guard words.count == 3, let payload = payloads[words[1]], let run = payload.ways[words[0]],
                let repetitions = Int(words[2]), repetitions > 0
            else {
                reply("error: expected WAY PAYLOAD REPETITIONS or quit, got '\(line)'")
                continue
            }
            var times: [String] = []
            times.reserveCapacity(repetitions)
            let faults = minorFaults()
            for _ in 0..<repetitions {
                let start = DispatchTime.now().uptimeNanoseconds
                checksum &+= run()
                times.append(String(DispatchTime.now().uptimeNanoseconds - start))
            }
            reply(times.joined(separator: " ") + " faults \(minorFaults() - faults)")
        }
        reply("checksum \(checksum)")
    }

    /// The ways to read payload `name`, each returning a number that depends on its result.
    static func ways(_ name: String, _ data: Data, _ url: URL) -> [String: () -> Int] {
        var ways: [String: () -> Int] = [
            "parse": { JSONMapper.context(data).valid ? 1 : 0 },
            "validate": { JSONMapper.validate(InputStream(data: data)) == nil ? 1 : 0 },
            "validate-file": { JSONMapper.validate(contentsOf: url) == nil ? 1 : 0 },
        ]
        func add<Model: JSONSerializable & Decodable>(
            _ type: Model.Type, _ fromTree: @escaping ([String: Any]) -> Model, _ size: @escaping (Model) -> Int
        ) {
            ways["map"] = { size(Model(JSONMapper.context(data))) }
            ways["decoder"] = { (try? JSONDecoder().decode(Model.self, from: data)).map(size) ?? -1 }
            ways["serialization"] = {
                size(fromTree((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]))
            }
        }
        switch name {
        case "twitter": add(Timeline.self, Timeline.init(json:)) { $0.statuses.count }
        case "citm_catalog": add(Catalog.self, Catalog.init(json:)) { $0.performances.count }
        default: add(FeatureCollection.self, FeatureCollection.init(json:)) { $0.features.count }
        }
        return ways
    }

    /// Why the ways disagree on `payload`, or `nil`: every way must read it as valid and map the same number of
    /// models (statuses, performances, features), and the native mapping must record no error.
    static func check(_ name: String, _ payload: Payload) -> String? {
        let context = JSONMapper.context(payload.data)
        guard context.valid else { return "\(name): not valid: \(context.errors.first.map(String.init) ?? "")" }
        if let error = JSONMapper.validate(InputStream(data: payload.data)) { return "\(name): validate: \(error)" }
        if let error = JSONMapper.validate(contentsOf: payload.url) { return "\(name): validate-file: \(error)" }
        let counts = ["map", "decoder", "serialization"].map { payload.ways[$0]?() ?? -1 }
        guard Set(counts).count == 1, counts[0] > 0 else { return "\(name): the ways map different models: \(counts)" }
        let mapped = JSONMapper.context(payload.data)
        switch name {
        case "twitter": _ = Timeline(mapped)
        case "citm_catalog": _ = Catalog(mapped)
        default: _ = FeatureCollection(mapped)
        }
        if let error = mapped.errors.first { return "\(name): mapping recorded \(error)" }
        return nil
    }

    /// The minor page faults of this process so far: first touches of fresh memory, which cost microseconds each
    /// on a virtual machine.
    static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }

    /// Writes `line` to standard output at once, unbuffered: the driver waits for it on a pipe.
    static func reply(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
