import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Coercion policy")
struct CoercionTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]
    static let messy = #"""
        {"id": "12", "price": "-3.5e2", "big": "18446744073709551615", "active": 1, "off": "false", "code": 12.50,
         "bad": "12abc", "two": 2, "yes": "yes", "frac": "3.7"}
        """#

    @Test("strict is the default: nothing is converted")
    func strictByDefault() {
        let c = context(Self.messy)
        #expect(c.getInt("id") == nil)
        #expect(c.getBool("active") == nil)
        #expect(c.getString("code") == nil)
        #expect(c.notices.isEmpty)
        #expect(c.errors.count == 3)
    }

    @Test("lenient converts what it can and records each conversion as a notice", arguments: engines)
    func lenient(engine: JSONMapper.Engine) {
        let c = JSONMapper.context(json(Self.messy), engine: engine, options: JSONMapper.Options(coercion: .lenient))
        #expect(c.getInt("id") == 12)
        #expect(c.getDouble("price") == -350)
        #expect(c.getDecimal("price") == Decimal(string: "-350"))
        #expect(c.getUInt64("big") == .max)
        #expect(c.getBool("active") == true)
        #expect(c.getBool("off") == false)
        #expect(c.getString("code") == (engine == .native ? "12.50" : "12.5"))
        #expect(c.getInt("bad") == nil)
        #expect(c.getBool("two") == nil)
        #expect(c.getBool("yes") == nil)
        #expect(c.getInt("frac") == nil)
        #expect(c.notices.map(\.code).allSatisfy { $0 == .coerced })
        #expect(
            c.notices.map(\.description) == [
                #"id: coerced String "12" to Int"#,
                #"price: coerced String "-3.5e2" to Double"#,
                #"price: coerced String "-3.5e2" to Decimal"#,
                #"big: coerced String "18446744073709551615" to UInt64"#,
                "active: coerced Number 1 to Bool",
                #"off: coerced String "false" to Bool"#,
                "code: coerced Number \(engine == .native ? "12.50" : "12.5") to String",
            ])
        #expect(
            descriptions(c) == [
                #"bad: expected Int, found String "12abc""#,
                "two: expected Bool, found Number 2",
                #"yes: expected Bool, found String "yes""#,
                #"frac: expected Int, found String "3.7""#,
            ])
    }

    @Test("policies are values: each conversion can be chosen alone")
    func partialPolicy() {
        let policy = CoercionPolicy(numbersFromStrings: true)
        let c = JSONMapper.context(json(Self.messy), options: JSONMapper.Options(coercion: policy))
        #expect(c.getInt("id") == 12)
        #expect(c.getBool("active") == nil)
        #expect(c.getString("code") == nil)
        let arrays = JSONMapper.context(json(#"{"ids": ["1", 2, "x"]}"#), options: JSONMapper.Options(coercion: policy))
        #expect(arrays.getArray("ids") == [1, 2])
        #expect(arrays.notices.map(\.description) == [#"ids[0]: coerced String "1" to Int"#])
    }
}
