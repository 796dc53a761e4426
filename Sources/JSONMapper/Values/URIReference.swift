/// Checks text against the URI-reference grammar of RFC 3986 (section 4.1): an absolute URI
/// (`https://example.com/a?b#c`, `mailto:ada@example.com`, `urn:isbn:0451450523`) or a relative reference
/// (`/orders/7`, `../up`, `?page=2`, `//cdn.example.com/x`).
///
/// `URL(string:)` is not enough on its own: on newer platforms it percent-encodes characters that no URL may hold
/// (`"not a url"` becomes `not%20a%20url`), so what it accepts differs by platform. This check runs first and is the
/// same everywhere: ASCII only (other characters must be percent-encoded), no spaces, quotes, `<`, `>`, `\`, `^`,
/// `` ` ``, `{`, `|`, `}` or control characters, well-formed `%XX` escapes, a valid scheme, and a valid authority
/// (an IP literal in brackets, a numeric port). The empty string is not accepted.
enum URIReference {
    /// Why `text` is not a URI reference, for a message (`" " at character 4 is not allowed`), or `nil` when it is
    /// one.
    static func problem(in text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return "it is empty" }
        if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
            return "\(describe(text, at: offset)) must be percent-encoded"
        }
        var checker = Checker(text: text, bytes: bytes)
        return checker.check()
    }

    /// `" " at character 4`: the character that holds byte `offset`, whole, and its place counted from 1 in
    /// characters as a reader sees them (`e` and a combining accent are one, as are `\r\n` and a flag).
    static func describe(_ text: String, at offset: Int) -> String {
        let (character, position) = character(of: text, at: offset)
        return "\(Quoting.quoted(String(character))) at character \(position)"
    }

    /// The character that holds byte `offset` of `text`, and its place counted from 1; the place after the last
    /// character for an offset past the end.
    static func character(of text: String, at offset: Int) -> (Character, Int) {
        var position = 0
        for index in text.indices {
            position += 1
            if text.utf8.distance(from: text.startIndex, to: text.index(after: index)) > offset {
                return (text[index], position)
            }
        }
        return (" ", position + 1)
    }

    /// One pass over the ASCII bytes of a candidate.
    struct Checker {
        let text: String
        let bytes: [UInt8]

        mutating func check() -> String? {
            var end = bytes.count
            if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
                if let problem = checkRun(hash + 1, end, allowing: Class.fragment) { return problem }
                end = hash
            }
            if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
                if let problem = checkRun(question + 1, end, allowing: Class.fragment) { return problem }
                end = question
            }
            var start = 0
            let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":"))
            let slash = bytes[..<end].firstIndex(of: UInt8(ascii: "/"))
            if let colon, colon < (slash ?? end) {
                // A colon before the first slash ends a scheme: a relative reference cannot hold one there.
                guard isScheme(0, colon) else {
                    return "\(Quoting.quoted(String(decoding: bytes[..<colon], as: UTF8.self))) is not a scheme"
                }
                start = colon + 1
            }
            if end - start >= 2 && bytes[start] == UInt8(ascii: "/") && bytes[start + 1] == UInt8(ascii: "/") {
                let authorityEnd = bytes[(start + 2)..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
                if let problem = checkAuthority(start + 2, authorityEnd) { return problem }
                start = authorityEnd
            }
            return checkRun(start, end, allowing: Class.path)
        }

        /// Whether `bytes[start..<end]` is `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
        func isScheme(_ start: Int, _ end: Int) -> Bool {
            guard start < end, Class.isAlpha(bytes[start]) else { return false }
            return bytes[(start + 1)..<end].allSatisfy { byte in
                Class.isAlpha(byte) || Class.isDigit(byte) || "+-.".utf8.contains(byte)
            }
        }

        /// `[ userinfo "@" ] host [ ":" port ]`.
        func checkAuthority(_ start: Int, _ end: Int) -> String? {
            var hostStart = start
            if let at = bytes[start..<end].firstIndex(of: UInt8(ascii: "@")) {
                if let problem = checkRun(start, at, allowing: Class.userinfo) { return problem }
                hostStart = at + 1
            }
            var portStart: Int?
            if hostStart < end && bytes[hostStart] == UInt8(ascii: "[") {
                guard let close = bytes[hostStart..<end].firstIndex(of: UInt8(ascii: "]")) else {
                    return "the IP address after \"[\" has no \"]\""
                }
                let literal = String(decoding: bytes[(hostStart + 1)..<close], as: UTF8.self)
                guard IPLiteral.isValid(literal) else {
                    return "\(Quoting.quoted("[" + literal + "]")) is not an IP address"
                }
                if close + 1 < end {
                    guard bytes[close + 1] == UInt8(ascii: ":") else {
                        return "\(describe(text, at: close + 1)) is not allowed after an IP address"
                    }
                    portStart = close + 2
                }
            } else {
                let colon = bytes[hostStart..<end].firstIndex(of: UInt8(ascii: ":"))
                if let problem = checkRun(hostStart, colon ?? end, allowing: Class.registeredName) { return problem }
                portStart = colon.map { $0 + 1 }
            }
            if let portStart, !bytes[portStart..<end].allSatisfy(Class.isDigit) {
                let port = String(decoding: bytes[portStart..<end], as: UTF8.self)
                return "the port \(Quoting.quoted(port)) is not a number"
            }
            return nil
        }

        /// Checks that `bytes[start..<end]` holds only bytes of `allowed` and well-formed `%XX` escapes.
        func checkRun(_ start: Int, _ end: Int, allowing allowed: (UInt8) -> Bool) -> String? {
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < end, Class.isHexDigit(bytes[index + 1]), Class.isHexDigit(bytes[index + 2])
                    else {
                        let escape = String(decoding: bytes[index..<min(index + 3, end)], as: UTF8.self)
                        let position = URIReference.character(of: text, at: index).1
                        return "\(Quoting.quoted(escape)) at character \(position) is not a percent-escape"
                    }
                    index += 3
                    continue
                }
                guard allowed(byte) else { return "\(describe(text, at: index)) is not allowed" }
                index += 1
            }
            return nil
        }
    }
}

extension URIReference {
    /// The character classes of RFC 3986, for ASCII bytes.
    enum Class {
        static func isAlpha(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
        }

        /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
        static func isUnreserved(_ byte: UInt8) -> Bool {
            isAlpha(byte) || isDigit(byte) || "-._~".utf8.contains(byte)
        }

        /// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
        static func isSubDelimiter(_ byte: UInt8) -> Bool { "!$&'()*+,;=".utf8.contains(byte) }

        /// `unreserved / sub-delims`, the characters of a host name (escapes are checked apart).
        static func registeredName(_ byte: UInt8) -> Bool { isUnreserved(byte) || isSubDelimiter(byte) }

        /// `unreserved / sub-delims / ":"`.
        static func userinfo(_ byte: UInt8) -> Bool { registeredName(byte) || byte == UInt8(ascii: ":") }

        /// `pchar / "/"`: `unreserved / sub-delims / ":" / "@" / "/"`.
        static func path(_ byte: UInt8) -> Bool {
            userinfo(byte) || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "/")
        }

        /// `pchar / "/" / "?"`, the characters of a query and of a fragment.
        static func fragment(_ byte: UInt8) -> Bool { path(byte) || byte == UInt8(ascii: "?") }
    }
}

/// The address inside the brackets of an IP literal host (`[::1]`, `[2001:db8::7]`, `[v1.fe]`).
enum IPLiteral {
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if let first = bytes.first, first | 0x20 == UInt8(ascii: "v") { return isFuture(bytes) }
        return isIPv6(bytes)
    }

    /// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    static func isFuture(_ bytes: [UInt8]) -> Bool {
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > 1, dot + 1 < bytes.count else { return false }
        return bytes[1..<dot].allSatisfy(URIReference.Class.isHexDigit)
            && bytes[(dot + 1)...].allSatisfy(URIReference.Class.userinfo)
    }

    /// Eight groups of 1 to 4 hex digits separated by `:`, the last two possibly written as an IPv4 address, or
    /// fewer groups with one `::` standing for the missing ones.
    static func isIPv6(_ bytes: [UInt8]) -> Bool {
        let colon = UInt8(ascii: ":")
        guard let double = bytes.indices.dropLast().first(where: { bytes[$0] == colon && bytes[$0 + 1] == colon })
        else {
            return groups(bytes[...], ipv4Last: true) == 8
        }
        let head = bytes[..<double]
        let tail = bytes[(double + 2)...]
        guard let headCount = groups(head, ipv4Last: false), let tailCount = groups(tail, ipv4Last: true) else {
            return false
        }
        return headCount + tailCount <= 7
    }

    /// How many 16-bit groups `bytes` holds, or `nil` when it is not a run of groups (an empty run holds none).
    static func groups(_ bytes: ArraySlice<UInt8>, ipv4Last: Bool) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (index, part) in parts.enumerated() {
            if ipv4Last && index == parts.count - 1 && part.contains(UInt8(ascii: ".")) {
                guard isIPv4(part) else { return nil }
                count += 2
            } else {
                guard (1...4).contains(part.count), part.allSatisfy(URIReference.Class.isHexDigit) else { return nil }
                count += 1
            }
        }
        return count
    }

    /// Four decimal octets from 0 to 255, without leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                guard (1...3).contains(octet.count), octet.allSatisfy(URIReference.Class.isDigit) else { return false }
                guard octet.count == 1 || octet.first != UInt8(ascii: "0") else { return false }
                return octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
            }
    }
}
