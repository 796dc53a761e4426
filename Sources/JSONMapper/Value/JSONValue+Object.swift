extension JSONValue {
    /// A JSON object's members, in order, each key once.
    ///
    /// ```swift
    /// var object: JSONValue.Object = ["b": 1, "a": 2]
    /// object["c"] = true          // appended: b, a, c
    /// object["b"] = nil           // removed: a, c
    /// for (key, value) in object { print(key, value) }
    /// ```
    ///
    /// Keys are compared by their Unicode scalars (as the read side and JSON do), not by Swift's canonical
    /// equivalence: `"é"` written as one scalar and as `e` plus a combining accent are two keys. Setting a key that
    /// is already there replaces its value in place. Two objects are equal when they have the same keys with equal
    /// values, in any order.
    public struct Object: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
        /// One member: its key and value.
        public typealias Element = (key: String, value: JSONValue)

        var members: [Element] = []
        /// Positions by key, kept once an object is large enough for a linear search to cost more.
        var positions: [ExactKey: Int]?

        private static let indexThreshold = 12

        /// An empty object.
        public init() {}

        /// An object of `members`; a key that occurs more than once keeps its first position and its last value.
        ///
        /// - Parameter members: Keys and values, in order.
        public init(_ members: some Sequence<(String, JSONValue)>) {
            for (key, value) in members { self[key] = value }
        }

        /// A dictionary literal, in the order written: `["b": 1, "a": 2]`.
        ///
        /// - Parameter elements: The members.
        public init(dictionaryLiteral elements: (String, JSONValue)...) {
            self.init(elements)
        }

        // MARK: Collection

        /// The position of the first member.
        public var startIndex: Int { 0 }

        /// The position after the last member.
        public var endIndex: Int { members.count }

        /// The member at `position`.
        ///
        /// - Parameter position: A position from 0 to `count - 1`.
        public subscript(position: Int) -> Element { members[position] }

        /// The keys, in order.
        public var keys: [String] { members.map(\.key) }

        /// The values, in order.
        public var values: [JSONValue] { members.map(\.value) }

        // MARK: Keys

        /// The position of member `key`, or `nil`.
        ///
        /// - Parameter key: The member name.
        public func index(forKey key: String) -> Int? {
            if let positions { return positions[ExactKey(key)] }
            return members.firstIndex { ExactKey.equal($0.key, key) }
        }

        /// Builds the key index once the object is large enough.
        mutating func reindex() {
            guard positions == nil, members.count > Self.indexThreshold else { return }
            var built: [ExactKey: Int] = Dictionary(minimumCapacity: members.count)
            for (position, member) in members.enumerated() { built[ExactKey(member.key)] = position }
            positions = built
        }

        // MARK: Equality

        /// Whether both objects have the same keys with equal values, in any order.
        public static func == (lhs: Object, rhs: Object) -> Bool {
            JSONValue.object(lhs) == JSONValue.object(rhs)
        }

        /// Hashes the members independently of their order.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            JSONValue.object(self).hash(into: &hasher)
        }
    }
}
