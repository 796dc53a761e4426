import Foundation
import JSONMapper

/// A generated document of realistic records (an event log of orders), for the large-input check in BENCHMARKS.md.
enum LargeInput {
    /// Writes about `megabytes` MB of records to `path`, the same content for the same size.
    static func generate(megabytes: Int, to path: String) {
        let target = megabytes * 1_000_000
        var text = "{\"generated\": \"2026-11-21T00:00:00Z\", \"records\": [\n"
        var index = 0
        while text.utf8.count < target {
            if index > 0 { text += ",\n" }
            text += record(index)
            index += 1
        }
        text += "\n]}\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            fatalError("cannot write \(path)")
        }
    }

    /// Record number `index` of the generated documents: an order with a customer, items, a date, a decimal
    /// total and an escaped note, on one line.
    static func record(_ index: Int) -> String {
        let cities = ["Cupertino", "Zürich", "東京", "São Paulo", "Reykjavík", "Kraków"]
        let city = cities[index % cities.count]
        let customer = index % 50_000
        let note = index % 3 == 0 ? "null" : #""Leave at the door \"please\" \u00e9""#
        return """
            {"id": \(index), "uuid": "\(String(index * 7919, radix: 16))-4f3c-9a1b", \
            "placed_at": "2026-11-\(10 + index % 18)T\(10 + index % 12):30:00.\(index % 1000)Z", \
            "customer": {"id": \(customer), "name": "Customer \(customer)", \
            "email": "c\(customer)@example.com", "city": "\(city)", "vip": \(index % 7 == 0)}, \
            "items": [{"sku": "SKU-\(index % 997)", "quantity": \(1 + index % 5), \
            "price": \(Double(index % 10_000) / 100)}, \
            {"sku": "SKU-\(index % 991)", "quantity": 1, "price": 9.99}], \
            "total": \(Double(index % 20_000) / 100 + 9.99), "notes": \(note)}
            """
    }

    /// Maps the file at `path` and prints its size, the time, the throughput and how much the peak resident memory
    /// grew while mapping (the input itself is read before the baseline is taken).
    static func map(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
        let baseline = peakResidentBytes()
        let start = Date()
        let context = JSONMapper.context(data)
        let parsed = Date()
        let engine = peakResidentBytes() - baseline
        let log = OrderLog(context)
        let seconds = Date().timeIntervalSince(start)
        let growth = peakResidentBytes() - baseline
        guard context.valid, context.errors.isEmpty, log.records.count > 0 else { fatalError("mapping failed") }
        let megabytes = Double(data.count) / 1_000_000
        print(
            String(
                format: "%.1f MB, %d records: %.3f s (parse %.3f s), %.0f MB/s; peak memory +%.0f MB after parsing "
                    + "(%.2f× the document), +%.0f MB with the models (%.2f×)",
                megabytes, log.records.count, seconds, parsed.timeIntervalSince(start), megabytes / seconds,
                Double(engine) / 1_000_000, Double(engine) / Double(data.count), Double(growth) / 1_000_000,
                Double(growth) / Double(data.count)))
    }

    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return usage.ru_maxrss * 1024  // kilobytes on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return usage.ru_maxrss  // bytes on Darwin
        #endif
    }
}

struct OrderLog: JSONSerializable {
    let generated: Date
    let records: [OrderRecord]
    init(_ c: JSONDeserializationContext) {
        generated = c.requireDate("generated")
        records = c.requireArray("records", ofClass: OrderRecord.self)
    }
}

struct OrderRecord: JSONSerializable {
    let id: Int
    let uuid: String
    let placedAt: Date
    let customer: OrderCustomer
    let items: [OrderItem]
    let total: Decimal
    let notes: String?
    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        uuid = c.requireString("uuid")
        placedAt = c.requireDate("placed_at")
        customer = c.requireObject("customer", ofClass: OrderCustomer.self)
        items = c.requireArray("items", ofClass: OrderItem.self)
        total = c.requireDecimal("total")
        notes = c.getString("notes")
    }
}

struct OrderCustomer: JSONSerializable {
    let id: Int
    let name: String
    let email: String
    let city: String
    let vip: Bool
    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        name = c.requireString("name")
        email = c.requireString("email")
        city = c.requireString("city")
        vip = c.requireBool("vip")
    }
}

struct OrderItem: JSONSerializable {
    let sku: String
    let quantity: Int
    let price: Double
    init(_ c: JSONDeserializationContext) {
        sku = c.requireString("sku")
        quantity = c.requireInt("quantity")
        price = c.requireDouble("price")
    }
}
