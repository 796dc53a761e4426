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

    /// A `Double` in a tree becomes a `Decimal` through its shortest text, read as the native engine reads text:
    /// `Decimal(string:)` read `"-inf"` as 0 and refused exponents above 127, and a NaN `Decimal` passed through.
    @Test("Decimals from trees: infinities and NaN are out of range, large exponents read as on the native engine")
    func decimals() {
        let c = JSONMapper.context(
            jsonObject: [
                "pinf": Double.infinity, "ninf": -Double.infinity, "nan": Double.nan, "dnan": Decimal.nan,
                "nsnan": NSDecimalNumber.notANumber, "big": 1e128, "small": -2.5e-120,
            ] as [String: Any])
        #expect(c.getDecimal("pinf") == nil)
        #expect(c.getDecimal("ninf") == nil)
        #expect(c.getDecimal("nan") == nil)
        #expect(c.getDecimal("dnan") == nil)
        #expect(c.getDecimal("nsnan") == nil)
        #expect(c.getInt("dnan") == nil)
        #expect(c.getDecimal("big") == Decimal(string: "10e127"))
        #expect(c.getDecimal("small") == Decimal(sign: .minus, exponent: -121, significand: 25))
        #expect(
            descriptions(c).sorted() == [
                "dnan: expected Decimal, found Number NaN (out of range)",
                "dnan: expected Int, found Number NaN (out of range)",
                "nan: expected Decimal, found Number nan (out of range)",
                "ninf: expected Decimal, found Number -inf (out of range)",
                "nsnan: expected Decimal, found Number NaN (out of range)",
                "pinf: expected Decimal, found Number inf (out of range)",
            ])
        // The same numbers as text, on both engines.
        for engine in [JSONMapper.Engine.native, .foundation] {
            let text = JSONMapper.context(#"{"big": 1e128, "small": -2.5e-120}"#, engine: engine)
            #expect(text.getDecimal("big") == Decimal(string: "10e127"), "\(engine)")
            #expect(text.getDecimal("small") == Decimal(sign: .minus, exponent: -121, significand: 25), "\(engine)")
        }
    }

    /// A tree is held to `maximumDepth` as text is: a tree of 20,000 levels used to be valid, and its getters and
    /// `JSONValue`s went as deep.
    @Test("a tree deeper than maximumDepth gives an invalid context with the path of the first level too deep")
    func treeDepth() throws {
        var tree: Any = 1
        for _ in 0..<513 { tree = [tree] }
        let deep = JSONMapper.context(jsonObject: tree)
        #expect(!deep.valid)
        #expect(deep.errors.count == 1)
        #expect(deep.errors.first?.path == String(repeating: "[0]", count: 512))
        #expect(deep.errors.first?.message == "nesting is deeper than the limit of 512 levels")
        let allowed = JSONMapper.context(jsonObject: ["a": tree], options: .init(maximumDepth: 514))
        #expect(allowed.valid)
        #expect(allowed.get(Int.self, at: ["a"] + Array(repeating: 0, count: 513)) == 1)
        let object = JSONMapper.context(jsonObject: ["a": ["b": tree]], options: .init(maximumDepth: 100))
        #expect(object.errors.first?.path == "a.b" + String(repeating: "[0]", count: 98))
    }
}
