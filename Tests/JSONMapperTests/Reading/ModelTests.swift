import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Nested models, required values and strict decoding")
struct ModelTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test("a strict decode names the culprit's path", arguments: engines)
    func strictDecodeFailsWithPath(engine: JSONMapper.Engine) throws {
        let data = try TestFiles.fixture("timeline.json")
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(StrictTimeline.self, from: data, engine: engine)
        }
        #expect(error?.path == "statuses[3].user.id")
        #expect(error?.code == .typeMismatch)
        #expect(error?.description == #"statuses[3].user.id: expected Int, found String "12""#)
        #expect(error?.isRequired == true)
    }

    @Test("a lenient array drops the bad element, says which, and the model succeeds", arguments: engines)
    func lenientArrayDrops(engine: JSONMapper.Engine) throws {
        let data = try TestFiles.fixture("timeline.json")
        let timeline = try JSONMapper.decode(LenientTimeline.self, from: data, engine: engine)
        #expect(timeline.statuses.map(\.id) == [101, 102, 103])
        #expect(timeline.statuses[1].inReplyTo == 101)
        #expect(timeline.statuses[0].inReplyTo == nil)
        #expect(timeline.statuses[2].user.screenName == "alan")
        #expect(timeline.count == 4)

        let context = JSONMapper.context(data, engine: engine)
        _ = LenientTimeline(context)
        #expect(
            descriptions(context) == [
                #"statuses[3].user.id: expected Int, found String "12""#,
                "statuses[3]: dropped from [Status]: a required value inside it failed",
            ])
        #expect(context.errors.map(\.code) == [.typeMismatch, .droppedValue])
        #expect(!context.hasFailed)
    }

    @Test("getObject contains a nested required failure; requireObject passes it on")
    func objectContainment() {
        struct Holder: JSONSerializable {
            let optionalUser: User?
            let requiredUser: User
            init(_ c: JSONDeserializationContext) {
                optionalUser = c.getObject("a", ofClass: User.self)
                requiredUser = c.requireObject("b", ofClass: User.self)
            }
        }
        let lenient = context(#"{"a": {"id": 1}, "b": {"id": 2, "screen_name": "bee"}}"#)
        let holder = Holder(lenient)
        #expect(holder.optionalUser == nil)
        #expect(holder.requiredUser.id == 2)
        #expect(!lenient.hasFailed)
        #expect(
            descriptions(lenient) == [
                "a.screen_name: missing required String",
                "a: dropped User: a required value inside it failed",
            ])

        let strict = context(#"{"a": {"id": 1, "screen_name": "ay"}, "b": {"id": 2}}"#)
        let failed = Holder(strict)
        #expect(failed.optionalUser?.screenName == "ay")
        #expect(failed.requiredUser.id == 2)
        #expect(strict.hasFailed)
        #expect(strict.failure?.description == "b.screen_name: missing required String")
    }

    @Test("decode throws the first failure on the path of required getters")
    func decodeThrowsRequiredFailure() {
        struct Holder: JSONSerializable {
            let user: User
            init(_ c: JSONDeserializationContext) { user = c.requireObject("user", ofClass: User.self) }
        }
        let missing = #expect(throws: JSONMappingError.self) { try JSONMapper.decode(Holder.self, from: json("{}")) }
        #expect(missing?.description == "user: missing required User")
        #expect(missing?.code == .missingValue)

        let wrongType = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(Holder.self, from: json(#"{"user": [1]}"#))
        }
        #expect(wrongType?.description == "user: expected User, found Array")

        let null = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(Holder.self, from: json(#"{"user": null}"#))
        }
        #expect(null?.description == "user: expected User, found null")

        let holder = try? JSONMapper.decode(Holder.self, from: json(#"{"user": {"id": 7, "screen_name": "x"}}"#))
        #expect(holder?.user.id == 7)
    }

    @Test("decode throws the syntax error for malformed input, with line and column")
    func decodeMalformed() throws {
        let data = try TestFiles.fixture("person_malformed.json")
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.decode(Person.self, from: data) }
        #expect(error?.code == .malformedJSON)
        #expect(error?.line == 4)
        #expect(error?.column == 41)
        let truncated = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(Person.self, from: json(#"{"name": "x"#), engine: .foundation)
        }
        #expect(truncated?.code == .malformedJSON)
    }

    @Test("the Foundation engine accepts trailing commas: its valid flag is not to be trusted")
    func foundationAcceptsTrailingComma() throws {
        let context = JSONMapper.context(try TestFiles.fixture("person_malformed.json"), engine: .foundation)
        #expect(context.valid)
        #expect(Person(context).roles == ["ADMINISTRATOR", "EMPLOYEE"])
    }

    @Test("decode needs an object at the top")
    func decodeNeedsObject() {
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.decode(User.self, from: json("[1]")) }
        #expect(error?.description == "expected User, found Array")
    }

    @Test("top-level arrays map leniently with getArray(ofClass:) and strictly with decode", arguments: engines)
    func topLevelArrays(engine: JSONMapper.Engine) throws {
        let data = try TestFiles.fixture("people.json")
        let context = JSONMapper.context(data, engine: engine)
        let people = context.getArray(ofClass: Person.self)
        #expect(people.map(\.id) == [1, 2, 3])
        #expect(people.map(\.name) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
        #expect(people[1].roles == ["ADMIRAL", "ENGINEER"])
        #expect(people[1].active == false)
        #expect(people[2].address?.city == "Wilmslow")
        #expect(people[2].address?.state == nil)
        #expect(context.errors.isEmpty)

        let decoded = try JSONMapper.decode(
            [User].self, from: json(#"[{"id": 1, "screen_name": "a"}]"#), engine: engine)
        #expect(decoded.map(\.screenName) == ["a"])

        let bad = json(#"[{"id": 1, "screen_name": "a"}, {"id": 2, "screen_name": "b"}, {"id": 3}]"#)
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode([User].self, from: bad, engine: engine)
        }
        #expect(error?.description == "[2].screen_name: missing required String")
        let lenient = JSONMapper.context(bad, engine: engine)
        #expect(lenient.getArray(ofClass: User.self).map(\.id) == [1, 2])
        #expect(
            descriptions(lenient) == [
                "[2].screen_name: missing required String",
                "[2]: dropped from [User]: a required value inside it failed",
            ])
    }

    @Test("lenient and strict arrays of models, on the catalog", arguments: engines)
    func catalogItems(engine: JSONMapper.Engine) throws {
        struct Catalog: JSONSerializable {
            let items: [Item]
            init(_ c: JSONDeserializationContext) { items = c.getArray("items", ofClass: Item.self) }
        }
        struct StrictCatalog: JSONSerializable {
            let items: [Item]
            init(_ c: JSONDeserializationContext) { items = c.requireArray("items", ofClass: Item.self) }
        }
        let data = try TestFiles.fixture("catalog.json")
        let context = JSONMapper.context(data, engine: engine)
        let catalog = Catalog(context)
        #expect(catalog.items.map(\.sku) == ["A-1", "C-3"])
        #expect(catalog.items[1].tags == ["kitchen", "porcelain"])
        #expect(!context.hasFailed)
        let expectedPrefix = [
            "items[1].name: missing required String",
            "items[1]: dropped from [Item]: a required value inside it failed",
            #"items[2]: expected Item, found String "not an item""#,
            "items[2]: dropped from [Item]",
            "items[3].tags[1]: expected String, found Number 7",
            "items[3].tags[1]: dropped from [String]",
            "items[3].tags[2]: expected String, found null",
            "items[3].tags[2]: dropped from [String]",
            "items[4]: expected Item, found null",
            "items[4]: dropped from [Item]",
        ]
        #expect(descriptions(context) == expectedPrefix)

        let strict = JSONMapper.context(data, engine: engine)
        let strictCatalog = StrictCatalog(strict)
        #expect(strictCatalog.items.map(\.sku) == ["A-1", "C-3"])
        #expect(strict.hasFailed)
        #expect(strict.failure?.description == "items[1].name: missing required String")
        let itemDrops = strict.errors.filter { $0.code == .droppedValue && !$0.path.contains(".tags") }
        #expect(itemDrops.map(\.path) == ["items[1]", "items[2]", "items[4]"])
        #expect(itemDrops.allSatisfy { $0.isRequired })

        #expect(throws: JSONMappingError.self) { try JSONMapper.decode(StrictCatalog.self, from: data, engine: engine) }
        let lenientDecode = try JSONMapper.decode(Catalog.self, from: data, engine: engine)
        #expect(lenientDecode.items.count == 2)
    }

    @Test("the decimal price is exact", arguments: engines)
    func decimalPrice(engine: JSONMapper.Engine) throws {
        struct Catalog: JSONSerializable {
            let items: [Item]
            init(_ c: JSONDeserializationContext) { items = c.getArray("items", ofClass: Item.self) }
        }
        let catalog = Catalog(JSONMapper.context(try TestFiles.fixture("catalog.json"), engine: engine))
        #expect(catalog.items.map(\.price) == [Decimal(string: "24.99"), Decimal(string: "0.1")])
    }

    @Test("dictionaries of models keep the members that map")
    func dictionariesOfModels() throws {
        struct Warehouses: JSONSerializable {
            let lenient: [String: Item]
            init(_ c: JSONDeserializationContext) { lenient = c.getDictionary("warehouses", ofClass: Item.self) }
        }
        struct StrictWarehouses: JSONSerializable {
            let strict: [String: Item]
            init(_ c: JSONDeserializationContext) { strict = c.requireDictionary("warehouses", ofClass: Item.self) }
        }
        let data = try TestFiles.fixture("catalog.json")
        let context = JSONMapper.context(data)
        let warehouses = Warehouses(context)
        #expect(warehouses.lenient.keys.sorted() == ["north"])
        #expect(warehouses.lenient["north"]?.name == "Kettle")
        #expect(
            descriptions(context) == [
                "warehouses.south.name: missing required String",
                "warehouses.south: dropped from [String: Item]: a required value inside it failed",
            ])
        let strict = JSONMapper.context(data)
        _ = StrictWarehouses(strict)
        #expect(strict.failure?.path == "warehouses.south.name")
    }

    @Test("a required array that is missing or of the wrong type fails the model")
    func requiredArrayMissing() {
        struct Holder: JSONSerializable {
            let users: [User]
            let tags: [String]
            init(_ c: JSONDeserializationContext) {
                users = c.requireArray("users", ofClass: User.self)
                tags = c.requireArray("tags")
            }
        }
        let c = context(#"{"tags": "x"}"#)
        let holder = Holder(c)
        #expect(holder.users.isEmpty)
        #expect(holder.tags.isEmpty)
        #expect(
            descriptions(c) == [
                "users: missing required [User]",
                #"tags: expected [String], found String "x""#,
            ])
        #expect(c.errors.allSatisfy { $0.isRequired })
    }

    @Test("a missing required object gives a placeholder that records nothing")
    func placeholderIsSilent() {
        struct Holder: JSONSerializable {
            let user: User
            init(_ c: JSONDeserializationContext) { user = c.requireObject("user", ofClass: User.self) }
        }
        let c = context("{}")
        let holder = Holder(c)
        #expect(holder.user.id == 0)
        #expect(holder.user.screenName == "")
        #expect(descriptions(c) == ["user: missing required User"])
    }
}
