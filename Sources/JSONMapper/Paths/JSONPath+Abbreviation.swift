// Paths as messages show them: short enough to read on one line. A document nested 512 levels deep has a path of
// 512 `[0]`s, and a key can be kilobytes long; the message keeps both ends of such a path and says how many steps it
// left out, while `JSONMappingError.path` keeps the whole path for programs:
//
//     [0][0][0][0][0][0][0][0][0][0][0][0][0]…(486 more steps)…[0][0][0][0][0][0][0][0][0][0][0][0][0]

extension JSONPath {
    /// Paths up to this many characters are shown whole.
    static let displayLimit = 100
    /// How many characters of steps each end of a long path keeps.
    static let displayEnd = 40
    /// How many characters of one step (a long key) a long path keeps.
    static let displayStep = 32

    /// `path` for a message: itself when it has at most ``displayLimit`` characters; otherwise its first and last
    /// steps, about ``displayEnd`` characters of each, around the number of steps left out, with over-long keys cut
    /// to ``displayStep`` characters and `…`.
    static func abbreviated(_ path: String) -> String {
        guard path.count > displayLimit else { return path }
        let steps = self.steps(of: path).map { step in
            step.count > displayStep ? String(step.prefix(displayStep - 1)) + "…" : String(step)
        }
        var headCount = 0
        var headLength = 0
        while headCount < steps.count, headCount == 0 || headLength + steps[headCount].count <= displayEnd {
            headLength += steps[headCount].count
            headCount += 1
        }
        var tailStart = steps.count
        var tailLength = 0
        while tailStart > headCount,
            tailStart == steps.count || tailLength + steps[tailStart - 1].count <= displayEnd
        {
            tailLength += steps[tailStart - 1].count
            tailStart -= 1
        }
        let head = steps[..<headCount].joined()
        guard tailStart > headCount else { return head + steps[headCount...].joined() }
        var tail = steps[tailStart...].joined()
        if tail.hasPrefix(".") { tail.removeFirst() }
        return head + "…(\(tailStart - headCount) more steps)…" + tail
    }

    /// The steps of a path as written, each with its separator: `a`, `.b`, `[3]`, `["c.d"]`.
    static func steps(of path: String) -> [Substring] {
        var steps: [Substring] = []
        var start = path.startIndex
        var index = path.startIndex
        var inQuotes = false
        while index < path.endIndex {
            let character = path[index]
            if inQuotes {
                if character == "\\" {
                    index = path.index(after: index)
                    if index == path.endIndex { break }
                } else if character == "\"" {
                    inQuotes = false
                }
            } else if character == "\"" {
                inQuotes = true
            } else if (character == "." || character == "[") && index > start {
                steps.append(path[start..<index])
                start = index
            }
            index = path.index(after: index)
        }
        if start < path.endIndex { steps.append(path[start...]) }
        return steps
    }
}

extension JSONMappingError {
    /// ``path`` as messages show it: abbreviated around the middle when it is longer than 100 characters, such as
    /// the path of a value 512 levels deep.
    package var displayPath: String { JSONPath.abbreviated(path) }
}
