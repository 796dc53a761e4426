import Foundation
import JSONMapper

/// Issue 22's speed limits measured in one process: each round parses citm_catalog.json into a `JSONValue` and runs
/// every editing workload once, interleaved, so that a busy machine slows them alike; then prints the medians and
/// each one's ratio to the parse's median, against its limit.
enum EditingRatios {
    static func run(rounds: Int) {
        let workloads = EditingWorkloads(citm: Payloads.citm)
        workloads.verify()
        let measurements = workloads.measurements
        var parse: [Double] = []
        var times = Array(repeating: [Double](), count: measurements.count)
        for round in 0..<(rounds + 2) {
            let warmup = round < 2
            let parsed = time { _ = workloads.parse() }
            if !warmup { parse.append(parsed) }
            for (index, measurement) in measurements.enumerated() {
                let seconds = time { _ = measurement.run() }
                if !warmup { times[index].append(seconds) }
            }
        }
        let unit = median(parse)
        print("issue 22 editing: medians of \(rounds) interleaved rounds, release build")
        print(row("parse citm_catalog.json into JSONValue", unit, "1.00×", "(unit)"))
        for (index, measurement) in measurements.enumerated() {
            let value = median(times[index])
            let ratio = value / unit
            let verdict = ratio <= measurement.limit ? "meets" : "OVER"
            let limit = String(format: "%.2f×", measurement.limit)
            print(row(measurement.name, value, String(format: "%.3f×", ratio), "limit \(limit): \(verdict)"))
        }
    }

    static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func row(_ name: String, _ seconds: Double, _ ratio: String, _ note: String) -> String {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        return "\(padded) \(String(format: "%10.0f µs", seconds * 1e6))  \(ratio)  \(note)"
    }
}
