import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapperCLI

@Suite("Swift names for JSON keys")
struct SwiftNamesTests {
    @Test(
        "property names",
        arguments: [
            ("screen_name", "screenName"), ("first-name", "firstName"), ("ID", "id"), ("userID", "userID"),
            ("user_id", "userID"), ("profile_image_url_https", "profileImageURLHTTPS"), ("subTopicIds", "subTopicIDs"),
            ("HTTPStatus", "httpStatus"), ("class", "class"), ("2fa_enabled", "_2faEnabled"), ("placed-at", "placedAt"),
            ("é_clé", "éClé"), ("already camelCase", "alreadyCamelCase"), ("__proto__", "proto"),
            ("名前", "名前"),
            // Renamed: these mean something else after a dot, backticks or not.
            ("self", "selfValue"), ("Self", "selfValue"), ("init", "initValue"), ("Type", "type"),
            ("Protocol", "protocol"),
            // No letters or digits: spelled from the symbols, the same wherever the key is.
            ("", "empty"), ("---", "dashDashDash"), ("$", "dollar"), ("@", "at"), ("€", "u20ac"), ("🎉", "u1f389"),
            ("()", "leftParenRightParen"),
            // A sign and a number, spoken (GitHub's reactions), not numbered underscores.
            ("+1", "plusOne"), ("-1", "minusOne"), ("+20", "plusTwenty"), ("-100", "minus100"), ("+", "plus"),
            ("1", "_1"), ("+1a", "_1a"),
            // Characters Swift does not allow in identifiers separate words.
            ("a\u{200B}b", "aB"), ("x²", "x²"), ("½", "½"), ("\u{301}a", "a"),
        ])
    func properties(key: String, expected: String) {
        #expect(SwiftNames.property(key) == expected)
    }

    @Test("every keyword, contextual ones included, is declared in backticks, and nothing else is")
    func keywords() {
        #expect(SwiftNames.declared("class") == "`class`")
        #expect(SwiftNames.declared("default") == "`default`")
        #expect(SwiftNames.declared("willSet") == "`willSet`")
        #expect(SwiftNames.declared("sending") == "`sending`")
        #expect(SwiftNames.declared("name") == "name")
        #expect(SwiftNames.declared("type") == "type")
        #expect(SwiftNames.keywords.count == 103)
        for keyword in SwiftNames.keywords {
            #expect(SwiftNames.declared(keyword) == "`\(keyword)`")
        }
    }

    @Test(
        "type names, singular for array elements, never a name the generated code needs",
        arguments: [
            ("statuses", true, "Status"), ("categories", true, "Category"), ("addresses", true, "Address"),
            ("people", true, "Person"), ("boxes", true, "Box"), ("user_mentions", true, "UserMention"),
            ("responses", true, "Response"), ("news", true, "NewsItem"), ("data", true, "DataItem"),
            ("sizes", true, "Size"), ("warehouses", true, "Warehouse"), ("causes", true, "Cause"),
            ("quizzes", true, "Quiz"), ("movies", true, "Movie"), ("buzzes", true, "Buzz"),
            ("data", false, "DataModel"), ("urls", true, "URLModel"), ("search_metadata", false, "SearchMetadata"),
            ("type", false, "TypeModel"), ("self", false, "SelfModel"), ("protocol", false, "ProtocolModel"),
            ("any", false, "AnyModel"), ("json_value", false, "JSONValueModel"), ("sendable", false, "SendableModel"),
            ("thread", false, "ThreadModel"), ("2fa", false, "Model2fa"), ("", false, "Empty"), ("$", false, "Dollar"),
        ])
    func types(key: String, singular: Bool, expected: String) {
        #expect(SwiftNames.type(key, singular: singular) == expected)
    }

    @Test("the issue's list of types is reserved, and so is every keyword that is a type")
    func reservedTypes() {
        let needed = [
            "String", "Int", "Double", "Bool", "URL", "Date", "Data", "Decimal", "Array", "Dictionary", "Optional",
            "Result", "Error", "Set", "Any", "Self", "Type", "Protocol", "Sendable", "Equatable", "CaseIterable",
            "JSONSerializable", "JSONWritable", "JSONValue", "JSONDeserializationContext", "JSONSerializationContext",
            "JSONMapper", "Foundation", "Swift",
        ]
        for name in needed {
            #expect(SwiftNames.reservedTypes.contains(name), "\(name)")
            #expect(SwiftNames.type(name, singular: false) == name + "Model", "\(name)")
        }
    }

    /// Every type, protocol and type alias declared `public` at the top level of `Sources/JSONMapper`, read from
    /// the source, must be in the reserved list: a new public name cannot be shadowed by generated code.
    @Test("every public name of JSONMapper is reserved")
    func publicNames() throws {
        let sources = TestFiles.repositoryRoot.appendingPathComponent("Sources/JSONMapper")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        let declaration =
            #/
            ^ (?: @\w+ (?: \( [^)]* \) )? \s+ )*
            public \s+ (?: (?: final | indirect ) \s+ )*
            (?: class | struct | enum | protocol | typealias | actor ) \s+ (\w+)
            /#
        var found = Set<String>()
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = line.firstMatch(of: declaration) { found.insert(String(match.1)) }
            }
        }
        #expect(found.count >= 15)
        let listed = SwiftNames.jsonMapperPublicNames
        #expect(found.subtracting(listed).sorted() == [], "public names missing from the list")
        #expect(listed.subtracting(found).sorted() == [], "listed names that are no longer public")
    }

    @Test("names that collide after camel-casing or case folding are numbered in field order")
    func collisions() {
        var namer = Namer()
        let names = namer.names(for: ["userID", "userID", "userid", "userID", "name", "name2", "name", "Name"])
        #expect(names == ["userID", "userID2", "userid3", "userID4", "name", "name2", "name3", "Name4"])
        var taken = Namer(taking: ["unknown"])
        #expect(taken.names(for: ["unknown", "low"]) == ["unknown2", "low"])
        #expect(!taken.isFree("LOW"))
        #expect(taken.claim("Low") == "Low2")
    }

    @Test("identifier characters follow the Swift grammar")
    func identifierCharacters() {
        for head: Unicode.Scalar in ["a", "Z", "_", "é", "名", "😀", "\u{1FFFD}"] {
            #expect(SwiftNames.isIdentifierHead(head), "\(head)")
        }
        for other: Unicode.Scalar in ["1", "$", "-", " ", "\u{0301}", "\u{1FFFE}", "\u{2028}"] {
            #expect(!SwiftNames.isIdentifierHead(other), "\(other)")
        }
        #expect(!SwiftNames.isIdentifierHead("\u{0301}") && SwiftNames.isIdentifierCharacter("\u{0301}"))
        #expect(SwiftNames.isIdentifierCharacter("7") && !SwiftNames.isIdentifierCharacter(" "))
    }

    @Test("enum case names avoid the members every enum has")
    func enumCases() {
        #expect(SwiftNames.enumCase("rawValue") == "rawValueCase")
        #expect(SwiftNames.enumCase("allCases") == "allCasesCase")
        #expect(SwiftNames.enumCase("none") == "noneCase")
        #expect(SwiftNames.enumCase("self") == "selfCase")
        #expect(SwiftNames.enumCase("in-progress") == "inProgress")
        #expect(SwiftNames.enumCase("default") == "default")
        #expect(SwiftNames.enumCase("") == "empty")
    }
}
