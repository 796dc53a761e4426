// The names the generator prints, each built by the rule in `SwiftNames.swift`, and the numbering of names that
// collide.

extension SwiftNames {
    /// A property name for `key`, before collisions are numbered: `screen_name` → `screenName`, `ID` → `id`,
    /// `profile_image_url` → `profileImageURL`, `2fa` → `_2fa`, `$` → `dollar`, `self` → `selfValue`. Keywords
    /// come back as they are: ``declared(_:)`` adds their backticks.
    static func property(_ key: String) -> String {
        member(key, renamed: renamedProperties, suffix: "Value")
    }

    /// An enum case name for the raw value `value`: `in-progress` → `inProgress`, `rawValue` → `rawValueCase`.
    static func enumCase(_ value: String) -> String {
        member(value, renamed: renamedCases, suffix: "Case")
    }

    private static func member(_ key: String, renamed: Set<String>, suffix: String) -> String {
        let parts = signedNumberWords(key) ?? words(key)
        var name = lowerCamelCase(parts.isEmpty ? symbolWords(key) : parts)
        if let first = name.unicodeScalars.first, !isIdentifierHead(first) { name = "_" + name }
        if renamed.contains(name) { name += suffix }
        return name
    }

    /// A name as it appears in code: keywords in backticks (`` `class` ``), others as they are.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An UpperCamelCase type name for `key`, singular when it names one element of an array (`statuses` →
    /// `Status`), never a reserved type name (`data` → `DataModel`, `urls` → `URLModel`).
    static func type(_ key: String, singular: Bool) -> String {
        var parts = signedNumberWords(key) ?? words(key)
        if parts.isEmpty { parts = symbolWords(key) }
        if singular, let last = parts.last {
            if uncountable.contains(last.lowercased()) {
                parts.append("Item")  // news → NewsItem, data → DataItem
            } else {
                parts[parts.count - 1] = self.singular(last)
            }
        }
        var name = parts.map(capitalized).joined()
        if let first = name.unicodeScalars.first, !isIdentifierHead(first) { name = "Model" + name }
        if reservedTypes.contains(name) || keywords.contains(name) { name += "Model" }
        return name
    }
}

/// Hands out names that are unique within one scope (the properties of a type, the cases of an enum, the types of
/// a file), comparing them after case folding, so that `userID` and `userid` never both appear.
struct Namer {
    private var taken: Set<String> = []

    /// A namer in which `names` are already taken.
    init(taking names: some Sequence<String> = []) {
        for name in names { taken.insert(Self.folded(name)) }
    }

    /// Unique names for `bases`, in order: each base as it is when no other claims it first, else numbered from 2
    /// (`userID`, `userID2`), skipping numbers taken by other bases or earlier names.
    mutating func names(for bases: [String]) -> [String] {
        let wanted = Set(bases.map(Self.folded))
        var names: [String] = []
        for base in bases {
            if taken.insert(Self.folded(base)).inserted {
                names.append(base)
                continue
            }
            var suffix = 2
            while wanted.contains(Self.folded(base + String(suffix)))
                || !taken.insert(Self.folded(base + String(suffix))).inserted
            {
                suffix += 1
            }
            names.append(base + String(suffix))
        }
        return names
    }

    /// Whether `name` is free.
    func isFree(_ name: String) -> Bool {
        !taken.contains(Self.folded(name))
    }

    /// Takes `name`, numbered from 2 when it is taken, and returns what was taken.
    mutating func claim(_ name: String) -> String {
        names(for: [name])[0]
    }

    private static func folded(_ name: String) -> String {
        name.lowercased()
    }
}
