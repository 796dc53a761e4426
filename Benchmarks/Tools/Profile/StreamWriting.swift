import Foundation
import JSONMapper

/// The write side of the streaming check in BENCHMARKS.md: the order records of ``StreamingInput``, made one at a
/// time from their index and written to a file one way per process, so that each way's peak resident memory is its
/// own; then read back and compared, record by record.
///
///     swift run -c release Profile stream-write lines 256 /tmp/orders.jsonl   (or array, data, encoder)
///     swift run -c release Profile stream-write-check lines 256 /tmp/orders.jsonl   (or array)
enum StreamWriting {
    /// How many records make about `megabytes` MB of compact JSON, from the size of the first thousand.
    static func recordCount(megabytes: Int) -> Int {
        let probe = (0..<1_000).map(ExportOrder.init(index:))
        guard let size = try? JSONMapper.data(from: probe).count else { fatalError("cannot write the probe") }
        return megabytes * 1_000_000 / (size / probe.count)
    }

    /// Writes about `megabytes` MB of records to `path` one way, and prints the way, the records, the seconds, the
    /// peak resident memory of the whole process, and the bytes written.
    ///
    /// - `lines`: a ``JSONLinesWriter``, one record per line, each made and dropped as it goes.
    /// - `array`: `JSONMapper.write(contentsOf:to:)` on a lazy sequence, to a file `OutputStream`.
    /// - `data`: every record in an array, then `JSONMapper.data(from:)`, then the `Data` to the file.
    /// - `encoder`: the same array through `JSONEncoder`, for reference.
    static func write(way: String, megabytes: Int, path: String) {
        let count = recordCount(megabytes: megabytes)
        let start = Date()
        var bytes = 0
        do {
            switch way {
            case "lines":
                let writer = try JSONLinesWriter(url: URL(fileURLWithPath: path))
                for index in 0..<count { try writer.append(ExportOrder(index: index)) }
                try writer.finish()
                bytes = fileSize(path)
            case "array":
                guard let stream = OutputStream(toFileAtPath: path, append: false) else { fatalError("cannot open") }
                bytes = try JSONMapper.write(contentsOf: (0..<count).lazy.map(ExportOrder.init(index:)), to: stream)
            case "data":
                let records = (0..<count).map(ExportOrder.init(index:))
                let data = try JSONMapper.data(from: records)
                try data.write(to: URL(fileURLWithPath: path))
                bytes = data.count
            case "encoder":
                let records = (0..<count).map(ExportOrder.init(index:))
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                let data = try encoder.encode(records)
                try data.write(to: URL(fileURLWithPath: path))
                bytes = data.count
            default:
                fatalError("unknown way \(way): lines, array, data or encoder")
            }
        } catch {
            fatalError("\(way): \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        let peak = Double(LargeInput.peakResidentBytes()) / 1_000_000
        print(String(format: "%@ %d records %.3f s peak %.1f MB bytes %d", way, count, seconds, peak, bytes))
    }

    /// Reads the file a `stream-write` wrote back, with `lines(contentsOf:)` or `elements(contentsOf:at:)`, maps every
    /// record with the read side's ``OrderRecord`` and compares it with the record it was written from.
    static func check(way: String, megabytes: Int, path: String) {
        let count = recordCount(megabytes: megabytes)
        let url = URL(fileURLWithPath: path)
        let contexts: AnySequence<JSONDeserializationContext> =
            way == "lines"
            ? AnySequence(JSONMapper.lines(contentsOf: url)) : AnySequence(JSONMapper.elements(contentsOf: url, at: []))
        var index = 0
        for context in contexts {
            let read = OrderRecord(context)
            guard context.valid, context.errors.isEmpty else { fatalError("record \(index): \(context.errors[0])") }
            guard index < count, ExportOrder(index: index).matches(read) else {
                fatalError("record \(index) does not read back as it was written")
            }
            index += 1
        }
        guard index == count else { fatalError("\(index) records read back, \(count) written") }
        print("\(way) round trip: \(count) records read back equal from \(fileSize(path)) bytes")
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }
}

/// Order record number `index`, as ``LargeInput/record(_:)`` writes it as text, made as a model.
struct ExportOrder: JSONWritable, Encodable {
    let id: Int
    let uuid: String
    let placedAt: Date
    let customer: ExportCustomer
    let items: [ExportItem]
    let total: Double
    let notes: String?

    enum CodingKeys: String, CodingKey {
        case id, uuid, customer, items, total, notes
        case placedAt = "placed_at"
    }

    static let cities = ["Cupertino", "Zürich", "東京", "São Paulo", "Reykjavík", "Kraków"]
    /// 2026-11-01T00:00:00Z.
    static let november: TimeInterval = 1_793_491_200

    init(index: Int) {
        id = index
        uuid = String(index * 7919, radix: 16) + "-4f3c-9a1b"
        let seconds = Double((9 + index % 18) * 86_400 + (10 + index % 12) * 3_600 + 1_800)
        placedAt = Date(timeIntervalSince1970: Self.november + seconds + Double(index % 1000) / 1000)
        let number = index % 50_000
        customer = ExportCustomer(
            id: number, name: "Customer \(number)", email: "c\(number)@example.com",
            city: Self.cities[index % Self.cities.count], vip: index % 7 == 0)
        items = [
            ExportItem(sku: "SKU-\(index % 997)", quantity: 1 + index % 5, price: Double(index % 10_000) / 100),
            ExportItem(sku: "SKU-\(index % 991)", quantity: 1, price: 9.99),
        ]
        total = Double(index % 20_000) / 100 + 9.99
        notes = index % 3 == 0 ? nil : "Leave at the door \"please\" é"
    }

    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("uuid", uuid)
        c.set("placed_at", placedAt)
        c.set("customer", customer)
        c.set("items", items)
        c.set("total", total)
        c.set("notes", notes)
    }

    /// Whether the read side's model of this record holds the same values.
    func matches(_ read: OrderRecord) -> Bool {
        read.id == id && read.uuid == uuid && read.placedAt == placedAt && read.notes == notes
            && read.customer.id == customer.id && read.customer.name == customer.name
            && read.customer.email == customer.email && read.customer.city == customer.city
            && read.customer.vip == customer.vip && read.total == Decimal(string: "\(total)")
            && read.items.map(\.sku) == items.map(\.sku) && read.items.map(\.quantity) == items.map(\.quantity)
            && read.items.map(\.price) == items.map(\.price)
    }
}

struct ExportCustomer: JSONWritable, Encodable {
    let id: Int
    let name: String
    let email: String
    let city: String
    let vip: Bool

    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("name", name)
        c.set("email", email)
        c.set("city", city)
        c.set("vip", vip)
    }
}

struct ExportItem: JSONWritable, Encodable {
    let sku: String
    let quantity: Int
    let price: Double

    func write(to c: JSONSerializationContext) {
        c.set("sku", sku)
        c.set("quantity", quantity)
        c.set("price", price)
    }
}
