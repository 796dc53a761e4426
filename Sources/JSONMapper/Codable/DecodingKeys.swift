import Foundation

/// Member names as the key strategies turn them into coding keys.
enum DecodingKeys {
    /// `JSONDecoder`'s `.convertFromSnakeCase`: `user_id` → `userId`, `_private_key_` → `_privateKey_`.
    ///
    /// Leading and trailing underscores stay; the words between are split at underscores, the first lowercased and
    /// the others capitalized with Foundation's `lowercased()` and `capitalized` (so `ID` becomes `Id`, as there); a
    /// name without an inner underscore stays as it is.
    static func convertFromSnakeCase(_ name: String) -> String {
        guard let first = name.firstIndex(where: { $0 != "_" }) else { return name }
        var last = name.index(before: name.endIndex)
        while last > first && name[last] == "_" { last = name.index(before: last) }
        let core = name[first...last]
        let words = core.split(separator: "_")
        guard words.count > 1 else { return name }
        var converted = String(name[..<first]) + words[0].lowercased()
        for word in words.dropFirst() { converted += word.capitalized }
        return converted + String(name[name.index(after: last)...])
    }
}
