import Foundation
import JSONMapper

/// The mapping race of BENCHMARKS.md, run so that a shared, noisy machine disturbs every way alike: each round maps
/// the payload once with each way, one right after the other, in a rotating order, and the figures are medians of
/// the per-round times and of the per-round ratios.
///
///     swift run -c release Profile race [ROUNDS]
enum Race {
    struct Way {
        let name: String
        let run: () -> Int
    }

    static func run(folder: String, rounds: Int) {
        print("payload | way | median ms | MB/s | ÷ JSONDecoder | ÷ JSONSerialization + casts")
        print("--- | --- | ---: | ---: | ---: | ---:")
        for (name, file) in [("twitter", "twitter.json"), ("citm_catalog", "citm_catalog.json"), ("canada", "canada.json")] {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                print("cannot read \(folder)/\(file)")
                exit(1)
            }
            let ways: [Way]
            switch name {
            case "twitter": ways = Self.ways(Timeline.self, data, Timeline.init(json:)) { $0.statuses.count }
            case "citm_catalog": ways = Self.ways(Catalog.self, data, Catalog.init(json:)) { $0.performances.count }
            default: ways = Self.ways(FeatureCollection.self, data, FeatureCollection.init(json:)) { $0.features.count }
            }
            race(name, bytes: data.count, ways: ways, rounds: rounds)
        }
    }

    static func ways<Model: JSONSerializable & Decodable>(
        _ type: Model.Type, _ data: Data, _ fromTree: @escaping ([String: Any]) -> Model, _ size: @escaping (Model) -> Int
    ) -> [Way] {
        [
            Way(name: "JSONMapper native") { size(Model(JSONMapper.context(data))) },
            Way(name: "JSONDecoder + Codable") { (try? JSONDecoder().decode(Model.self, from: data)).map(size) ?? -1 },
            Way(name: "JSONSerialization + casts") {
                size(fromTree((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]))
            },
        ]
    }

    static func race(_ payload: String, bytes: Int, ways: [Way], rounds: Int) {
        var times = [[Double]](repeating: [], count: ways.count)
        var checksum = 0
        for way in ways { checksum &+= way.run() }  // warm up
        for round in 0..<rounds {
            for k in 0..<ways.count {
                let index = (k + round) % ways.count
                let start = DispatchTime.now().uptimeNanoseconds
                checksum &+= ways[index].run()
                times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        for (index, way) in ways.enumerated() {
            let ms = median(times[index])
            let versus = { (other: Int) in median(zip(times[index], times[other]).map { $0 / $1 }) }
            print(
                String(
                    format: "%@ | %@ | %.2f | %.0f | %.3f | %.3f", payload, way.name, ms, Double(bytes) / ms / 1000,
                    versus(1), versus(2)))
        }
        if checksum == 42 { print("") }
    }
}
