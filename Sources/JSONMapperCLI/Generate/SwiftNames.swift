/// Turns JSON keys into Swift names a person would write.
enum SwiftNames {
    /// Words written in capitals inside a name (`userID`, `expandedURL`), as the Swift API guidelines ask.
    static let acronyms: Set<String> = [
        "id", "url", "uri", "uuid", "http", "https", "json", "html", "api", "ip", "ssl",
    ]

    /// Keywords that need backticks as property names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any",
    ]

    /// Type names the generated code must not shadow.
    static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Data", "Date", "Decimal", "Dictionary",
        "Double", "Error", "Float", "Int", "Int64", "JSONDeserializationContext", "JSONMapper", "JSONSerializable",
        "Never", "Optional", "Protocol", "Result", "Self", "Set", "String", "Type", "UInt64", "URL", "Void",
    ]

    /// The words of a key: split at anything but letters and digits, and where lower case turns to upper case
    /// (`screen_name`, `first-name`, `userID`, `HTTPStatus` → screen name, first name, user ID, HTTP status).
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let last = current.last, character.isUppercase {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A lowerCamelCase property name for `key`: `screen_name` → `screenName`, `ID` → `id`,
    /// `profile_image_url` → `profileImageURL`, `2fa` → `_2fa`; `fallback` for a key with no letters or digits.
    /// Keywords come back as they are: ``declared(_:)`` adds their backticks.
    static func property(_ key: String, fallback: String) -> String {
        let parts = words(key)
        guard !parts.isEmpty else { return fallback }
        var name = parts[0].lowercased()
        for part in parts.dropFirst() {
            name += capitalized(part)
        }
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }

    /// A property name as it appears in a declaration: keywords in backticks.
    static func declared(_ property: String) -> String {
        keywords.contains(property) ? "`\(property)`" : property
    }

    /// An UpperCamelCase type name for `key`, singular when it names one element of an array
    /// (`statuses` → `Status`), never a standard type name (`data` → `DataModel`).
    static func type(_ key: String, singular: Bool) -> String {
        var parts = words(key)
        guard !parts.isEmpty else { return "Model" }
        if singular, let last = parts.last {
            if uncountable.contains(last.lowercased()) {
                parts.append("Item")  // news → NewsItem, data → DataItem
            } else {
                parts[parts.count - 1] = self.singular(last)
            }
        }
        var name = parts.map(capitalized).joined()
        if let first = name.first, first.isNumber { name = "Model" + name }
        if reservedTypes.contains(name) { name += "Model" }
        return name
    }

    /// The word with its first letter capitalized, or all in capitals when it is a known acronym.
    static func capitalized(_ word: String) -> String {
        let lower = word.lowercased()
        if acronyms.contains(lower) { return lower.uppercased() }
        if lower.count > 2, lower.hasSuffix("s"), acronyms.contains(String(lower.dropLast())) {
            return lower.dropLast().uppercased() + "s"  // ids → IDs, urls → URLs
        }
        guard let first = word.first else { return word }
        // A word already in capitals (`HTTP`) keeps them; others are lower-cased after the first letter.
        let rest = word.dropFirst()
        return first.uppercased()
            + (rest.allSatisfy(\.isUppercase) && rest.count > 1 ? String(rest) : rest.lowercased())
    }

    /// Words with no singular of their own.
    static let uncountable: Set<String> = ["news", "series", "species", "data", "metadata", "information", "equipment"]

    /// The singular of an English plural, for the common regular and irregular forms.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        let irregular = [
            "people": "person", "children": "child", "men": "man", "women": "woman",
            "indices": "index", "matrices": "matrix", "vertices": "vertex", "criteria": "criterion",
        ]
        if let singular = irregular[lower] { return matchCase(singular, of: word) }
        let rules: [(suffix: String, replacement: String)] = [
            ("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x"), ("zes", "z"), ("uses", "us"),
            ("ses", "se"), ("s", ""),
        ]
        for rule in rules where lower.hasSuffix(rule.suffix) && lower.count > rule.suffix.count + 1 {
            if rule.suffix == "s" && (lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is")) {
                return word
            }
            return String(word.dropLast(rule.suffix.count)) + rule.replacement
        }
        return word
    }

    private static func matchCase(_ word: String, of original: String) -> String {
        original.first?.isUppercase == true ? word.prefix(1).uppercased() + word.dropFirst() : word
    }
}
