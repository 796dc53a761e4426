import Benchmark
import Foundation
import JSONMapper

/// One payload decoded into its synthesized-`Codable` models by `JSONMapperDecoder` and by `JSONDecoder`, default
/// settings: issue 21's decoder target. `Profile decoder-race` gives the interleaved figures of BENCHMARKS.md; these
/// give allocations and memory besides.
struct CodableDecoderPayload<Model: Codable & Equatable>: @unchecked Sendable {
    let name: String
    let data: Data

    /// Checks, before anything is timed, that both decoders give the same models.
    func verify() {
        guard let expected = try? JSONDecoder().decode(Model.self, from: data),
            let actual = try? JSONMapperDecoder().decode(Model.self, from: data), actual == expected
        else { fatalError("\(name): JSONMapperDecoder and JSONDecoder disagree") }
    }

    func register() {
        verify()
        let configuration = Benchmark.Configuration.payload
        let mapper = JSONMapperDecoder()
        let foundation = JSONDecoder()
        Benchmark("\(name) decode 1 JSONMapperDecoder", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? mapper.decode(Model.self, from: data)) }
        }
        Benchmark("\(name) decode 2 JSONDecoder", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? foundation.decode(Model.self, from: data)) }
        }
    }
}

/// Registers the Codable decoder benchmarks: `swift package benchmark --filter "decode"`.
func registerCodableDecoderBenchmarks() {
    CodableDecoderPayload<Timeline>(name: "twitter", data: Payloads.twitter).register()
    CodableDecoderPayload<Catalog>(name: "citm_catalog", data: Payloads.citm).register()
    CodableDecoderPayload<FeatureCollection>(name: "canada", data: Payloads.canada).register()
}
