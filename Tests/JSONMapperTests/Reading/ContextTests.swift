import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("The seed example and context basics")
struct ContextTests {
    @Test("maps the seed person", arguments: [JSONMapper.Engine.native, .foundation])
    func seedPerson(engine: JSONMapper.Engine) throws {
        let context = JSONMapper.context(try TestFiles.fixture("person.json"), engine: engine)
        let person = Person(context)
        #expect(context.valid)
        #expect(context.errors.isEmpty)
        #expect(person.id == 9001)
        #expect(person.name == "John Appleseed")
        #expect(person.address?.city == "Cupertino")
        #expect(person.address?.state == "CA")
        #expect(person.active == true)
        #expect(person.roles == ["ADMINISTRATOR", "EMPLOYEE"])
        #expect(person.rating == 3.5)
    }

    @Test("maps a struct the same way")
    func seedStruct() throws {
        let context = JSONMapper.context(try TestFiles.fixture("person.json"))
        let person = PersonStruct(context)
        #expect(person.id == 9001)
        #expect(person.name == "John Appleseed")
        #expect(person.address?.city == "Cupertino")
    }

    @Test(
        "an incomplete person gives nil and empty values, and no errors",
        arguments: [JSONMapper.Engine.native, .foundation])
    func incompletePerson(engine: JSONMapper.Engine) throws {
        let context = JSONMapper.context(try TestFiles.fixture("person_incomplete.json"), engine: engine)
        let person = Person(context)
        #expect(context.valid)
        #expect(context.errors.isEmpty)
        #expect(person.name == "Jane Roe")
        #expect(person.id == nil)
        #expect(person.active == nil)
        #expect(person.roles == [])
        #expect(person.rating == nil)
        #expect(person.address?.city == "Springfield")
        #expect(person.address?.state == nil)
    }

    @Test("a malformed person is invalid, still maps, and reports line and column")
    func malformedPerson() throws {
        let context = JSONMapper.context(try TestFiles.fixture("person_malformed.json"))
        let person = Person(context)
        #expect(!context.valid)
        #expect(person.name == nil)
        #expect(person.id == nil)
        #expect(person.roles == [])
        #expect(person.address == nil)
        let error = try #require(context.errors.first)
        #expect(error.code == .malformedJSON)
        #expect(error.line == 4)
        #expect(error.column == 41)
        #expect(error.path == "roles[2]")
        let message = "expected a value after ',', found ']' (trailing commas are not allowed)"
        #expect(error.message == message)
        #expect(error.description == "roles[2]: line 4, column 41: " + message)
        #expect(context.errors.count == 1)
    }

    @Test("an invalid context gives nil, empty collections and placeholders, and records nothing more")
    func invalidContextStillWorks() {
        let context = context("{\"a\": ")
        #expect(!context.valid)
        #expect(context.getString("a") == nil)
        #expect(context.getInt("a") == nil)
        #expect(context.getArray("a") as [Int] == [])
        #expect(context.getDictionary("a") as [String: Int] == [:])
        #expect(context.getObject("a", ofClass: Address.self) == nil)
        #expect(context.getArray("a", ofClass: Address.self).isEmpty)
        #expect(context.requireString("a") == "")
        #expect(context.requireInt("a") == 0)
        #expect(descriptions(context) == ["a: line 1, column 7: expected a value, found end of input"])
    }

    @Test("empty input is invalid", arguments: ["", "   ", "\n"])
    func emptyInput(text: String) {
        let context = context(text)
        #expect(!context.valid)
        #expect(context.errors.first?.code == .malformedJSON)
    }

    @Test("any RFC 8259 text is valid, including top-level scalars")
    func topLevelScalars() {
        for text in ["1", "-0.5e3", "\"text\"", "true", "false", "null", "[]", "{}", " [1, {\"a\": [null]}] "] {
            #expect(context(text).valid, "\(text)")
        }
    }

    @Test("missing and extra fields are ignored, and null reads as absent")
    func missingAndNull() {
        let context = context(#"{"name": null, "roles": null, "extra": {"deep": [1, 2]}}"#)
        let person = Person(context)
        #expect(person.name == nil)
        #expect(person.roles == [])
        #expect(context.errors.isEmpty)
    }

    @Test("a context knows its path")
    func contextPath() throws {
        struct Inner: JSONSerializable {
            let path: String
            init(_ c: JSONDeserializationContext) { path = c.path }
        }
        struct Outer: JSONSerializable {
            let inner: Inner?
            let list: [Inner]
            init(_ c: JSONDeserializationContext) {
                inner = c.getObject("inner", ofClass: Inner.self)
                list = c.getArray("list", ofClass: Inner.self)
            }
        }
        let outer = Outer(context(#"{"inner": {}, "list": [{}, {}]}"#))
        #expect(outer.inner?.path == "inner")
        #expect(outer.list.map(\.path) == ["list[0]", "list[1]"])
    }

    @Test("mapping an object from a value that is not an object records one mismatch")
    func rootNotAnObject() {
        let context = context("[1, 2]")
        let person = Person(context)
        #expect(person.name == nil)
        #expect(descriptions(context) == ["expected Object, found Array"])
    }
}
