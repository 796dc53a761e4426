import Foundation
import JSONMapper

/// Issue 21's decoder race (BENCHMARKS.md, "Issue 21 — decoder"): `JSONMapperDecoder` against `JSONDecoder` on the
/// same synthesized-`Codable` models, default settings, in one process. Both decoders must first agree on each
/// payload; then each round decodes it once with each, in alternating order (2 warm-up rounds, then the timed ones),
/// and the figures are the medians of the per-round times and of the per-round ratios.
///
///     swift run -c release Profile decoder-race [ROUNDS]      (15 timed rounds by default)
enum DecoderRace {
    static func run(folder: String, rounds: Int) {
        print("payload | JSONDecoder ms | JSONMapperDecoder ms | median ratio (target ≤ 0.50)")
        print("--- | ---: | ---: | ---:")
        var allMet = true
        for file in ["twitter.json", "citm_catalog.json", "canada.json"] {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                print("cannot read \(folder)/\(file)")
                exit(1)
            }
            let ratio: Double
            switch file {
            case "twitter.json": ratio = race(file, Timeline.self, data, rounds: rounds)
            case "citm_catalog.json": ratio = race(file, Catalog.self, data, rounds: rounds)
            default: ratio = race(file, FeatureCollection.self, data, rounds: rounds)
            }
            allMet = allMet && ratio <= 0.5
        }
        print(allMet ? "all payloads meet the target" : "a payload misses the target")
    }

    static func race<Model: Decodable & Equatable>(
        _ name: String, _ type: Model.Type, _ data: Data, rounds: Int
    ) -> Double {
        let foundation = JSONDecoder()
        let mapper = JSONMapperDecoder()
        do {
            let expected = try foundation.decode(type, from: data)
            let actual = try mapper.decode(type, from: data)
            guard expected == actual else {
                print("\(name): the decoders disagree")
                exit(1)
            }
        } catch {
            print("\(name): \(error)")
            exit(1)
        }
        var foundationTimes: [Double] = []
        var mapperTimes: [Double] = []
        var sink = 0
        for round in 0..<(rounds + 2) {
            var pair = [0.0, 0.0]
            for k in 0..<2 {
                let which = (k + round) % 2
                let start = DispatchTime.now().uptimeNanoseconds
                if which == 0 {
                    sink &+= (try? foundation.decode(type, from: data)) == nil ? 0 : 1
                } else {
                    sink &+= (try? mapper.decode(type, from: data)) == nil ? 0 : 1
                }
                pair[which] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            if round >= 2 {
                foundationTimes.append(pair[0])
                mapperTimes.append(pair[1])
            }
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        let ratio = median(zip(mapperTimes, foundationTimes).map { $0 / $1 })
        print(
            String(
                format: "%@ | %.2f | %.2f | %.3f", name, median(foundationTimes), median(mapperTimes), ratio))
        if sink == 42 { print("") }
        return ratio
    }
}
