import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Contexts on trees other libraries made")
struct JSONObjectTests {
    @Test("a tree of Swift values maps with the same rules")
    func swiftTree() {
        let tree: [String: Any] = [
            "name": "John Appleseed", "id": 9001, "active": true, "rating": 3.5,
            "roles": ["ADMINISTRATOR", "EMPLOYEE"],
            "address": ["city": "Cupertino", "state": "CA"] as [String: Any], "nothing": NSNull(),
            "missing": Optional<Int>.none as Any, "money": Decimal(string: "0.1") ?? 0, "big": UInt64.max,
            "small": Int8(-3), "float": Float(1.5), "date": Date(timeIntervalSince1970: 0),
        ]
        let c = JSONMapper.context(jsonObject: tree)
        let person = Person(c)
        #expect(c.valid)
        #expect(person.name == "John Appleseed")
        #expect(person.id == 9001)
        #expect(person.active == true)
        #expect(person.rating == 3.5)
        #expect(person.roles == ["ADMINISTRATOR", "EMPLOYEE"])
        #expect(person.address?.city == "Cupertino")
        #expect(c.getString("nothing") == nil)
        #expect(c.getInt("missing") == nil)
        #expect(c.getDecimal("money") == Decimal(string: "0.1"))
        #expect(c.getUInt64("big") == .max)
        #expect(c.getInt("big") == nil)
        #expect(c.getInt("small") == -3)
        #expect(c.getDouble("float") == 1.5)
        #expect(c.getBool("id") == nil)
        #expect(c.getInt("active") == nil)
        #expect(c.getString("date") == nil)
        #expect(
            descriptions(c) == [
                "big: expected Int, found Number 18446744073709551615 (out of range)",
                "id: expected Bool, found Number 9001",
                "active: expected Int, found Bool true",
                "date: expected String, found unsupported value of type Date",
            ])
    }

    @Test("NSNumber booleans are booleans and NSNumber integers are numbers")
    func foundationObjects() {
        let tree: NSDictionary = [
            "t": NSNumber(value: true), "one": NSNumber(value: 1), "zero": NSNumber(value: 0),
            "pi": NSNumber(value: 3.14), "text": NSString(string: "hi"), "list": NSArray(array: [1, 2]),
            "nested": NSDictionary(dictionary: ["a": 1]), "decimal": NSDecimalNumber(string: "12.50"),
        ]
        let c = JSONMapper.context(jsonObject: tree)
        #expect(c.getBool("t") == true)
        #expect(c.getInt("t") == nil)
        #expect(c.getBool("one") == nil)
        #expect(c.getBool("zero") == nil)
        #expect(c.getInt("one") == 1)
        #expect(c.getDouble("pi") == 3.14)
        #expect(c.getInt("pi") == nil)
        #expect(c.getString("text") == "hi")
        #expect(c.getArray("list") == [1, 2])
        #expect(c.getObject("nested", ofClass: NestedA.self)?.a == 1)
        #expect(c.getDecimal("decimal") == Decimal(string: "12.5"))
    }

    @Test("a JSONSerialization tree maps like the Foundation engine")
    func serializationTree() throws {
        let data = try TestFiles.fixture("person.json")
        let tree = try JSONSerialization.jsonObject(with: data)
        let person = Person(JSONMapper.context(jsonObject: tree))
        #expect(person.id == 9001)
        #expect(person.roles == ["ADMINISTRATOR", "EMPLOYEE"])
        #expect(person.address?.state == "CA")
    }

    struct NestedA: JSONSerializable {
        let a: Int?
        init(_ c: JSONDeserializationContext) { a = c.getInt("a") }
    }
}
