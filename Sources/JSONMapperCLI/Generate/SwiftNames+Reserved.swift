// The names the generator must write with care: keywords, members Swift gives a meaning of its own, and the type
// names generated code must not shadow.

extension SwiftNames {
    /// Every Swift keyword, contextual ones included (The Swift Programming Language, "Lexical Structure", plus
    /// the words later versions made contextual: `actor`, `any`, `consume`, `sending`, …). Properties and enum
    /// cases with these names are written in backticks everywhere, which is valid for every one of them, even where
    /// the bare word would also compile: the rule needs no list of which keyword is safe where.
    static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        // Contextual
        "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "package", "postfix", "precedence",
        "prefix", "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet",
        // Contextual since Swift 5.5 to 6.2
        "actor", "any", "borrow", "consume", "copy", "discard", "distributed", "each", "isolated", "macro",
        "nonsending", "sending", "then", "unsafe", "yield",
    ]

    /// Property names that mean something else after a dot, backticks or not (`model.self` is the model, `init` the
    /// initializer), renamed with a `Value` suffix: `selfValue`.
    static let renamedProperties: Set<String> = ["self", "Self", "init", "Type", "Protocol"]

    /// Enum case names that clash with members every generated enum has (`rawValue`, `allCases`, `init`), or with
    /// `Optional`'s `.none` (which would make `kind == .none` ambiguous), renamed with a `Case` suffix.
    static let renamedCases: Set<String> = [
        "self", "Self", "init", "Type", "Protocol", "rawValue", "allCases", "hashValue", "none", "some",
    ]

    /// Type names generated code must not declare, because it or its user needs the type they name: the standard
    /// library's and Foundation's common types and protocols, the module names, the keywords that are types, and
    /// every public name of JSONMapper (``jsonMapperPublicNames``). A key that would give one of these gets the
    /// suffix `Model` (`data` → `DataModel`).
    static let reservedTypes: Set<String> = standardTypes.union(jsonMapperPublicNames)

    /// The standard library's, Foundation's and Dispatch's types and protocols that models and their users name.
    static let standardTypes: Set<String> = [
        // Modules
        "Swift", "Foundation", "Dispatch", "Darwin", "Glibc", "Musl", "WinSDK", "JSONMapper", "Testing", "XCTest",
        // Keywords that are types
        "Any", "Self", "Type", "Protocol",
        // Standard library
        "AnyClass", "AnyHashable", "AnyObject", "Array", "ArraySlice", "Bool", "CaseIterable", "Character",
        "ClosedRange", "Codable", "Collection", "Comparable", "ContiguousArray", "CustomDebugStringConvertible",
        "CustomStringConvertible", "Decodable", "Decoder", "Dictionary", "Double", "Duration", "Encodable",
        "Encoder", "Equatable", "Error", "Float", "Float16", "Float80", "Hashable", "Hasher", "Identifiable", "Int",
        "Int8", "Int16", "Int32", "Int64", "Int128", "KeyPath", "MainActor", "Mirror", "Never", "ObjectIdentifier",
        "Optional", "Range", "RawRepresentable", "Result", "Sendable", "Sequence", "Set", "StaticString", "String",
        "Substring", "Task", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128", "Unicode", "Void", "Actor",
        "Numeric", "BinaryInteger", "FloatingPoint", "Strideable", "IteratorProtocol",
        // Foundation
        "AttributedString", "Bundle", "Calendar", "CharacterSet", "Data", "Date", "DateComponents", "DateFormatter",
        "DateInterval", "Decimal", "FileManager", "IndexPath", "IndexSet", "InputStream", "ISO8601DateFormatter",
        "JSONDecoder", "JSONEncoder", "JSONSerialization", "Locale", "Measurement", "NSDecimalNumber", "NSError",
        "NSNull", "NSNumber", "NSObject", "NSRange", "NSString", "Notification", "NumberFormatter", "OutputStream",
        "ProcessInfo", "Progress", "RunLoop", "Thread", "TimeInterval", "TimeZone", "Timer", "URL", "URLComponents",
        "URLQueryItem", "URLRequest", "URLResponse", "URLSession", "UUID", "UserDefaults", "PropertyListDecoder",
        "PropertyListEncoder",
    ]

    /// Every top-level public name of the JSONMapper module. `SwiftNamesTests` reads the library's sources and
    /// checks that this list has them all, so that a new public type cannot be shadowed by generated code.
    static let jsonMapperPublicNames: Set<String> = [
        "CoercionPolicy", "DateStrategy", "JSONDeserializationContext", "JSONLinesWriter", "JSONMapper",
        "JSONMappingError", "JSONMappingNotice", "JSONPatch", "JSONPathElement", "JSONPointer", "JSONPresence",
        "JSONPrimitive", "JSONPrimitiveReader", "JSONSerializable", "JSONSerializationContext", "JSONValue",
        "JSONWritable", "JSONWritableValue", "JSONMapperDecoder", "JSONMapperEncoder", "ServerSentEvent",
    ]

    /// Whether a Unicode scalar may begin a Swift identifier (The Swift Programming Language, "Lexical Structure",
    /// identifier-head).
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF:
            return true
        case 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF: return true
        case 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F: return true
        case 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793: return true
        case 0x2C00...0x2DFF, 0x2E80...0x2FFF: return true
        case 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF: return true
        case 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD: return true
        default:
            // U+10000 to U+EFFFD, except the last two code points of each plane.
            return value >= 0x10000 && value <= 0xEFFFD && value & 0xFFFF <= 0xFFFD
        }
    }

    /// Whether a Unicode scalar may appear in a Swift identifier after its first (identifier-character).
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: isIdentifierHead(scalar)
        }
    }
}
