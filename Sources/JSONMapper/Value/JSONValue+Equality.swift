// Equality and hashing without recursion: both walk the two values with a stack of their own, so that a deeply
// nested value cannot exhaust the call stack.

extension JSONValue: Hashable {
    /// Whether two values are the same JSON: numbers by mathematical value (`1 == 1.0`, `0 == -0`), strings by
    /// Unicode scalars, arrays element by element, objects by their keys and values in any order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null):
                continue
            case (.bool(let x), .bool(let y)):
                if x != y { return false }
            case (.number(let x), .number(let y)):
                if x != y { return false }
            case (.string(let x), .string(let y)):
                if !ExactKey.equal(x, y) { return false }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for (key, value) in x {
                    guard let other = y[key] else { return false }
                    pending.append((value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    /// Hashes the value consistently with ``==(_:_:)``: numbers by value, objects independently of member order.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(structuralHash)
    }

    /// A hash of the whole value, computed children first with an explicit stack.
    private var structuralHash: Int {
        /// A container being hashed: its children, the next one to visit, and the hashes gathered so far.
        struct Frame {
            let value: JSONValue
            var next = 0
            var hashes: [Int] = []
        }
        var stack: [Frame] = []
        var finished: Int?
        var current = self
        while true {
            switch current {
            case .array(let array) where !array.isEmpty:
                stack.append(Frame(value: current))
            case .object(let object) where !object.isEmpty:
                stack.append(Frame(value: current))
            default:
                finished = Self.leafHash(current)
            }
            // Hand finished hashes to their parents until a parent has another child to visit.
            while let result = finished {
                guard !stack.isEmpty else { return result }
                stack[stack.count - 1].hashes.append(result)
                stack[stack.count - 1].next += 1
                let frame = stack[stack.count - 1]
                if frame.next < Self.childCount(frame.value) {
                    finished = nil
                } else {
                    stack.removeLast()
                    finished = Self.containerHash(frame.value, frame.hashes)
                }
            }
            if let frame = stack.last {
                switch frame.value {
                case .array(let array): current = array[frame.next]
                case .object(let object): current = object[frame.next].value
                default: return 0
                }
            }
        }
    }

    private static func childCount(_ value: JSONValue) -> Int {
        switch value {
        case .array(let array): array.count
        case .object(let object): object.count
        default: 0
        }
    }

    private static func leafHash(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        switch value {
        case .null: hasher.combine(0)
        case .bool(let bool): hasher.combine(bool)
        case .number(let number): hasher.combine(number)
        case .string(let string): hasher.combine(ExactKey(string))
        case .array: hasher.combine(4)
        case .object: hasher.combine(5)
        }
        return hasher.finalize()
    }

    /// An array's hash depends on its elements' order; an object's does not (its members' hashes are summed).
    private static func containerHash(_ value: JSONValue, _ hashes: [Int]) -> Int {
        var hasher = Hasher()
        switch value {
        case .array:
            hasher.combine(4)
            for hash in hashes { hasher.combine(hash) }
        case .object(let object):
            hasher.combine(5)
            var sum = 0
            for (member, hash) in zip(object, hashes) {
                var memberHasher = Hasher()
                memberHasher.combine(ExactKey(member.key))
                memberHasher.combine(hash)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        default:
            break
        }
        return hasher.finalize()
    }
}
