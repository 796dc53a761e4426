/// Where a decoder is, built only when it is asked for: each nested value adds one node to its parent's, and
/// `codingPath` (or an error's path) walks them.
///
/// A key node keeps the tape index of the member's value when it has one, so that an error names the member as the
/// document writes it (`user_id`, not the converted `userId`).
indirect enum DecodingPath {
    case root
    /// A member of an object: its coding key, and the tape index of its value (-1 when there is none).
    case key(any CodingKey, Int, DecodingPath)
    /// An element of an array.
    case index(Int, DecodingPath)

    @inline(__always)
    func appending(_ key: any CodingKey, value: Int) -> DecodingPath {
        .key(key, value, self)
    }

    @inline(__always)
    func appending(index: Int) -> DecodingPath {
        .index(index, self)
    }

    /// The path as `JSONDecoder` gives it, outermost key first.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return keys.reversed()
            case .key(let key, _, let parent):
                keys.append(key)
                node = parent
            case .index(let index, let parent):
                keys.append(BridgeCodingKey(index: index))
                node = parent
            }
        }
    }

    /// The path in the library's syntax (`statuses[3].user.id`), member names as the document writes them.
    func text(in view: TapeView) -> String {
        var components: [PathComponent] = []
        var node = self
        loop: while true {
            switch node {
            case .root:
                break loop
            case .key(let key, let value, let parent):
                if value > 0 {
                    components.append(.key(view.string(at: value - 1)))
                } else {
                    components.append(.key(key.stringValue))
                }
                node = parent
            case .index(let index, let parent):
                components.append(.index(index))
                node = parent
            }
        }
        return JSONPath.format(components.reversed())
    }
}

extension DecodingPath {
    /// A coding path in the library's syntax: an element's key (`"Index 3"`, 3) as `[3]`, any other key as a member.
    static func text(of codingPath: [any CodingKey]) -> String {
        JSONPath.format(
            codingPath.map { key in
                if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
                return .key(key.stringValue)
            })
    }
}

extension BridgeCodingKey {
    /// The key the standard library's `Dictionary` decoding uses for member `name`: its `intValue` is the name read
    /// as an `Int`, when it is one.
    init(dictionaryKey name: String) {
        stringValue = name
        intValue = Int(name)
    }
}
