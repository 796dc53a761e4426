import Benchmark
import Foundation
import JSONMapper

/// One payload mapped four ways on the same data: JSONMapper's native engine, JSONMapper's Foundation engine,
/// JSONSerialization with hand-written casts, and JSONDecoder with Codable.
struct Payload<Model: JSONSerializable & Decodable & Equatable>: Sendable {
    let name: String
    let data: Data
    let fromTree: @Sendable ([String: Any]) -> Model

    func native() -> Model { Model(JSONMapper.context(data)) }
    func foundationEngine() -> Model { Model(JSONMapper.context(data, engine: .foundation)) }
    func serialization() -> Model {
        fromTree((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }
    func decoder() -> Model {
        guard let model = try? JSONDecoder().decode(Model.self, from: data) else {
            fatalError("JSONDecoder could not decode \(name)")
        }
        return model
    }

    /// Checks, before anything is timed, that the four ways produce the same models without errors.
    func verify() {
        let context = JSONMapper.context(data)
        let reference = Model(context)
        guard context.valid, context.errors.isEmpty else {
            fatalError("\(name): JSONMapper reported \(context.errors.prefix(3))")
        }
        // JSONSerialization's casts round canada.json's long numbers a few ulps off (see reportCanadaAccuracy);
        // everything else must map to the very same models.
        let others =
            [("foundation engine", foundationEngine()), ("JSONDecoder", decoder())]
            + (name == "canada" ? [] : [("JSONSerialization", serialization())])
        for (way, model) in others where model != reference {
            fatalError("\(name): \(way) maps to different values than the native engine")
        }
    }

    func register() {
        verify()
        let configuration = Benchmark.Configuration.payload
        let ways = [
            "1 JSONMapper native", "2 JSONMapper foundation", "3 JSONSerialization + casts", "4 JSONDecoder + Codable",
        ]
        for (index, way) in ways.enumerated() {
            Benchmark("\(name) \(way)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    switch index {
                    case 0: blackHole(native())
                    case 1: blackHole(foundationEngine())
                    case 2: blackHole(serialization())
                    default: blackHole(decoder())
                    }
                }
            }
        }
    }
}

/// Prints how the four ways' canada.json coordinates compare with the native engine's exact values; run with
/// `JSONMAPPER_BENCH_ACCURACY=1 swift package benchmark --filter canada`.
func reportCanadaAccuracy(_ canada: Payload<FeatureCollection>) {
    let exact = canada.native()
    let ways = [
        ("foundation engine", canada.foundationEngine()), ("JSONSerialization", canada.serialization()),
        ("JSONDecoder", canada.decoder()),
    ]
    for (way, model) in ways {
        let (count, ulps) = model.coordinateDifferences(from: exact)
        print("canada: \(way) differs from the native engine in \(count) coordinates, by up to \(ulps) ulps")
    }
}

extension Benchmark.Configuration {
    /// The settings of every per-payload benchmark (mapping, writing, the Codable coders): time, throughput,
    /// mallocs and memory, 3 seconds or 200 iterations.
    static var payload: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResidentDelta],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(3),
            maxIterations: 200
        )
    }
}

let benchmarks: @Sendable () -> Void = {
    let canada = Payload<FeatureCollection>(
        name: "canada", data: Payloads.canada, fromTree: FeatureCollection.init(json:))
    if ProcessInfo.processInfo.environment["JSONMAPPER_BENCH_ACCURACY"] != nil {
        reportCanadaAccuracy(canada)
    }
    Payload<Timeline>(name: "twitter", data: Payloads.twitter, fromTree: Timeline.init(json:)).register()
    Payload<Catalog>(name: "citm_catalog", data: Payloads.citm, fromTree: Catalog.init(json:)).register()
    canada.register()
    registerWriteBenchmarks()
    registerEditingBenchmarks()
    registerCodableEncoderBenchmarks()
    registerCodableDecoderBenchmarks()
}
