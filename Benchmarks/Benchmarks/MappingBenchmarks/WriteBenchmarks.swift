import Benchmark
import Foundation
import JSONMapper

/// One payload's models written back three ways in the same run: JSONMapper (`JSONWritable`), JSONEncoder with the
/// equivalent `Encodable` models, and `JSONSerialization.data(withJSONObject:)` on the document's own tree.
struct WritePayload<Model: JSONSerializable & JSONWritable & Codable & Equatable>: @unchecked Sendable {
    let name: String
    let model: Model
    let tree: Any

    /// Reads the document once, with JSONMapper for the models and JSONSerialization for the tree.
    init(name: String, data: Data) {
        self.name = name
        model = Model(JSONMapper.context(data))
        guard let tree = try? JSONSerialization.jsonObject(with: data) else {
            fatalError("\(name): JSONSerialization cannot read the payload")
        }
        self.tree = tree
    }

    func mapper() -> Data {
        guard let data = try? JSONMapper.data(from: model) else { fatalError("\(name): JSONMapper could not write") }
        return data
    }

    func encoder() -> Data {
        guard let data = try? JSONEncoder().encode(model) else { fatalError("\(name): JSONEncoder could not write") }
        return data
    }

    func serialization() -> Data {
        guard let data = try? JSONSerialization.data(withJSONObject: tree) else {
            fatalError("\(name): JSONSerialization could not write")
        }
        return data
    }

    /// Checks, before anything is timed, that JSONMapper's output reads back as the same models (with JSONMapper
    /// and with JSONDecoder) and holds the same JSON as JSONEncoder's.
    func verify() {
        let ours = mapper()
        guard Model(JSONMapper.context(ours)) == model,
            (try? JSONDecoder().decode(Model.self, from: ours)) == model
        else { fatalError("\(name): what JSONMapper wrote does not read back as the same models") }
        guard let a = try? JSONValue(parsing: ours), let b = try? JSONValue(parsing: encoder()), a == b else {
            fatalError("\(name): JSONMapper and JSONEncoder wrote different JSON")
        }
        print("\(name): JSONMapper writes \(ours.count) bytes, JSONEncoder \(encoder().count)")
    }

    func register() {
        verify()
        let configuration = Benchmark.Configuration.payload
        let ways = ["1 JSONMapper", "2 JSONEncoder", "3 JSONSerialization.data"]
        for (index, way) in ways.enumerated() {
            Benchmark("\(name) write \(way)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    switch index {
                    case 0: blackHole(mapper())
                    case 1: blackHole(encoder())
                    default: blackHole(serialization())
                    }
                }
            }
        }
    }
}

/// Registers the write benchmarks: `swift package benchmark --filter "write"`.
func registerWriteBenchmarks() {
    WritePayload<Timeline>(name: "twitter", data: Payloads.twitter).register()
    WritePayload<Catalog>(name: "citm_catalog", data: Payloads.citm).register()
    WritePayload<FeatureCollection>(name: "canada", data: Payloads.canada).register()
}
