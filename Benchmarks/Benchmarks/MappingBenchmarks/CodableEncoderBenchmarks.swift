import Benchmark
import Foundation
import JSONMapper

/// One payload's synthesized-`Codable` models encoded by `JSONMapperEncoder` and by `JSONEncoder`, default settings
/// (compact, unsorted): issue 21's encoder target. `Profile encoder-race` gives the interleaved figures of
/// BENCHMARKS.md; these give allocations and memory besides.
struct CodableEncoderPayload<Model: Codable & Equatable>: @unchecked Sendable {
    let name: String
    let model: Model

    init(name: String, data: Data) {
        self.name = name
        guard let model = try? JSONDecoder().decode(Model.self, from: data) else {
            fatalError("\(name): JSONDecoder cannot read the payload")
        }
        self.model = model
    }

    /// Checks, before anything is timed, that both encoders' sorted output is the same bytes and reads back as the
    /// models.
    func verify() {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let mapper = JSONMapperEncoder()
        mapper.outputFormatting = .sortedKeys
        guard let expected = try? foundation.encode(model), let actual = try? mapper.encode(model), expected == actual,
            (try? JSONDecoder().decode(Model.self, from: actual)) == model
        else { fatalError("\(name): JSONMapperEncoder and JSONEncoder disagree") }
    }

    func register() {
        verify()
        let configuration = Benchmark.Configuration.payload
        let mapper = JSONMapperEncoder()
        let foundation = JSONEncoder()
        Benchmark("\(name) encode 1 JSONMapperEncoder", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? mapper.encode(model)) }
        }
        Benchmark("\(name) encode 2 JSONEncoder", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? foundation.encode(model)) }
        }
    }
}

/// Registers the Codable encoder benchmarks: `swift package benchmark --filter "encode"`.
func registerCodableEncoderBenchmarks() {
    CodableEncoderPayload<Timeline>(name: "twitter", data: Payloads.twitter).register()
    CodableEncoderPayload<Catalog>(name: "citm_catalog", data: Payloads.citm).register()
    CodableEncoderPayload<FeatureCollection>(name: "canada", data: Payloads.canada).register()
}
