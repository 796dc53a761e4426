/// Writes strings for error messages and paths the way JSON would, so that they can be read back unambiguously.
enum Quoting {
    /// The string in double quotes with `"`, `\` and control characters escaped; when `limit` is given, cut to
    /// that many characters and marked with `…`.
    static func quoted(_ text: String, limit: Int? = nil) -> String {
        var result = "\""
        var remaining = limit ?? Int.max
        for character in text {
            if remaining == 0 {
                result += "…"
                break
            }
            remaining -= 1
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    result += "\\u" + hex4(scalar.value)
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
