import Benchmark
import Foundation
import JSONMapper

/// Issue 22's editing workloads on citm_catalog.json, beside the parse they are measured against. The limits are
/// ratios of medians within one process: `swift run -c release Profile editing 21` prints them (BENCHMARKS.md).
func registerEditingBenchmarks() {
    let workloads = EditingWorkloads(citm: Payloads.citm)
    workloads.verify()
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 3,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    Benchmark("editing 0 citm parse into JSONValue", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(workloads.parse()) }
    }
    for (index, measurement) in workloads.measurements.enumerated() {
        Benchmark("editing \(index + 1) \(measurement.name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(measurement.run()) }
        }
    }
}
