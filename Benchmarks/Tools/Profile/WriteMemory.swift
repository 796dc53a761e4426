import Foundation
import JSONMapper

/// Measures the resident memory one write adds, in a fresh process:
///
///     MALLOC_MMAP_THRESHOLD_=131072 .build/release/Profile canada 1 --write-memory
///
/// The fixed threshold makes glibc map and unmap every large block, so the write cannot reuse pages that reading the
/// document left behind; the peak (`VmHWM`) is reset through `/proc/self/clear_refs` just before the measured write.
enum WriteMemory {
    static func measure<T: JSONWritable>(_ name: String, _ model: T) {
        guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs") else {
            fatalError("--write-memory needs Linux's /proc/self/clear_refs")
        }
        // A first write fills the runtime's one-time caches (type metadata, conformances); the second is measured.
        guard (try? JSONMapper.data(from: model)) != nil else { fatalError("\(name): cannot write") }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let baseline = status("VmRSS")
        guard let data = try? JSONMapper.data(from: model) else { fatalError("\(name): cannot write") }
        let peak = status("VmHWM")
        let growth = peak - baseline
        print(
            String(
                format: "%@ write: output %d bytes, peak resident memory +%d bytes (%.2f× the output)", name,
                data.count, growth, Double(growth) / Double(data.count)))
    }

    /// A `/proc/self/status` field in bytes.
    private static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
