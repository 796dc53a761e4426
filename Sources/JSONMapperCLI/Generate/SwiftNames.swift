/// Turns JSON keys into Swift names a person would write, and that always compile.
///
/// The rule, for every name the generator prints:
/// 1. Split the key into words at anything that is not a letter or digit Swift allows in identifiers, and where
///    lower case turns to upper case (`screen_name`, `userID`, `HTTPStatus`).
/// 2. Join them in camel case: lowerCamelCase for properties and enum cases, UpperCamelCase for types; known
///    acronyms in capitals (`profileImageURL`, `userIDs`).
/// 3. A key that is a sign and a number is spoken (`+1` → `plusOne`, `-1` → `minusOne`, GitHub's reactions). A
///    key with no such word gets a name spelled from its symbols (`$` → `dollar`, `""` → `empty`), so that the
///    name is the same whichever sample or position the key comes from.
/// 4. A name that would start with something an identifier cannot start with (a digit) gets a leading `_`
///    (properties, cases) or `Model` (types).
/// 5. Keywords, contextual ones included, are written in backticks everywhere the name appears
///    (``declared(_:)``). Names that mean something else after a dot even in backticks (`self`, `init`, and for
///    enum cases the members every enum has) get a suffix instead (``SwiftNames/renamedMembers``). Type names that
///    would shadow a type the generated code or its user needs get the suffix `Model` (``reservedTypes``).
/// 6. Names that are equal after case folding (`userID`, `userId`, `userid`) are numbered in field order
///    (`userID`, `userID2`), skipping any number another key already has (``Namer``).
///
/// Inside `init(_ c:)` and `write(to c:)`, a property that has the context parameter's name is written `self.c`.
enum SwiftNames {
    /// Words written in capitals inside a name (`userID`, `expandedURL`), as the Swift API guidelines ask.
    static let acronyms: Set<String> = [
        "id", "url", "uri", "uuid", "http", "https", "json", "html", "api", "ip", "ssl",
    ]

    /// The words of a key: split at anything that is not a letter or digit an identifier may hold, and where lower
    /// case turns to upper case (`screen_name`, `first-name`, `userID`, `HTTPStatus` → screen name, first name,
    /// user ID, HTTP status).
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            guard isWordCharacter(character) else {
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

    /// A letter or digit made only of scalars Swift accepts in an identifier.
    static func isWordCharacter(_ character: Character) -> Bool {
        (character.isLetter || character.isNumber) && character.unicodeScalars.allSatisfy(isIdentifierCharacter)
    }

    /// lowerCamelCase from words: `["screen", "name"]` → `screenName`, `["ID"]` → `id`, `["user", "ids"]` →
    /// `userIDs`.
    static func lowerCamelCase(_ parts: [String]) -> String {
        guard let first = parts.first else { return "" }
        return first.lowercased() + parts.dropFirst().map(capitalized).joined()
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
            "people": "person", "children": "child", "men": "man", "women": "woman", "indices": "index",
            "matrices": "matrix", "vertices": "vertex", "criteria": "criterion", "movies": "movie",
            "cookies": "cookie", "quizzes": "quiz",
        ]
        if let singular = irregular[lower] { return matchCase(singular, of: word) }
        // Houses, causes: the plural of a word in -se, before statuses → status.
        if lower.hasSuffix("ouses") || lower.hasSuffix("auses") { return String(word.dropLast()) }
        let rules: [(suffix: String, replacement: String)] = [
            ("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"),
            ("xes", "x"), ("zzes", "zz"), ("uses", "us"), ("ses", "se"), ("s", ""),
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

    /// Words for a key that is a sign and a whole number, spoken: `+1` → plus one, `-1` → minus one, `+100` →
    /// plus 100 (numbers past twenty in digits); `nil` for any other key.
    static func signedNumberWords(_ key: String) -> [String]? {
        guard let sign = key.first, sign == "+" || sign == "-" else { return nil }
        let digits = key.dropFirst()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let spoken = Int(digits).flatMap { $0 < numberNames.count ? numberNames[$0] : nil } ?? String(digits)
        return [sign == "+" ? "plus" : "minus", spoken]
    }

    private static let numberNames = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]

    /// Words for a key that has no letters or digits: the names of its first eight symbols (`$` → dollar, `--` →
    /// dash dash, `€` → u20AC), `empty` for the empty key.
    static func symbolWords(_ key: String) -> [String] {
        guard !key.isEmpty else { return ["empty"] }
        return key.unicodeScalars.prefix(8).flatMap { scalar in
            symbolNames[scalar] ?? ["u" + String(scalar.value, radix: 16, uppercase: true)]
        }
    }

    private static let symbolNames: [Unicode.Scalar: [String]] = [
        " ": ["space"], "!": ["bang"], "\"": ["quote"], "#": ["hash"], "$": ["dollar"], "%": ["percent"],
        "&": ["and"], "'": ["apostrophe"], "(": ["left", "paren"], ")": ["right", "paren"], "*": ["star"],
        "+": ["plus"], ",": ["comma"], "-": ["dash"], ".": ["dot"], "/": ["slash"], ":": ["colon"],
        ";": ["semicolon"], "<": ["less"], "=": ["equals"], ">": ["greater"], "?": ["question"], "@": ["at"],
        "[": ["left", "bracket"], "\\": ["backslash"], "]": ["right", "bracket"], "^": ["caret"],
        "_": ["underscore"], "`": ["backtick"], "{": ["left", "brace"], "|": ["bar"], "}": ["right", "brace"],
        "~": ["tilde"], "\t": ["tab"], "\n": ["newline"], "\r": ["return"],
    ]
}
