import Foundation
import JSONMapper

/// Models with no strings and no arrays of their own, for counting what the mapping itself allocates per model:
///
///     valgrind --tool=memcheck .build/release/Profile models 1000    # "total heap usage: … allocs"
///     valgrind --tool=memcheck .build/release/Profile models 2000
///
/// The difference between the two, divided by the 3,000 extra models (1,000 records of three models each), is the
/// allocations per mapped model. The document is made with one allocation, whatever its size, so that it adds
/// nothing to the difference.
enum Allocations {
    struct Point: JSONSerializable {
        let x: Int
        let y: Double
        init(_ c: JSONDeserializationContext) {
            x = c.requireInt("x")
            y = c.requireDouble("y")
        }
    }

    /// Nine members, more than the native engine scans: their lookups go through the key table that each record
    /// shares with the one before (its shape), which must allocate nothing per record either.
    struct Record: JSONSerializable {
        let id: Int
        let active: Bool
        let from: Point
        let to: Point?
        let a: Int, b: Int, c: Int, d: Int, e: Int
        init(_ c: JSONDeserializationContext) {
            id = c.requireInt("id")
            active = c.requireBool("active")
            from = c.requireObject("from", ofClass: Point.self)
            to = c.getObject("to", ofClass: Point.self)
            // Last to first, so that the lookups use the table rather than the cursor.
            e = c.requireInt("e")
            d = c.requireInt("d")
            self.c = c.requireInt("c")
            b = c.requireInt("b")
            a = c.requireInt("a")
        }
    }

    struct Records: JSONSerializable {
        let records: [Record]
        init(_ c: JSONDeserializationContext) {
            records = c.requireArray("records", ofClass: Record.self)
        }
    }

    static func run(records: Int) {
        let item = Array(
            (#"{"id": 12345, "active": true, "from": {"x": 7, "y": 0.5}, "to": {"x": 1, "y": 2.5}, "#
                + #""a": 1, "b": 2, "c": 3, "d": 4, "e": 5}"#).utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + records * (item.count + 1))
        bytes += #"{"records": ["#.utf8
        for i in 0..<records {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += item
        }
        bytes += "]}".utf8
        let data = bytes.withUnsafeBufferPointer { Data(buffer: $0) }
        let mapped = Records(JSONMapper.context(data))
        print("mapped \(mapped.records.count) records (\(3 * mapped.records.count) models)")
    }
}
