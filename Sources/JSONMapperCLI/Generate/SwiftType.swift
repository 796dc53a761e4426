/// The Swift type chosen for a position: a base type inside zero or more arrays and dictionaries
/// (`[String: [Double]]` is a dictionary of arrays of `Double`).
///
/// Kept flat rather than as a recursive enum so that nothing the generator does with a type recurses on how deeply
/// the sample nests its arrays.
struct SwiftType: Hashable {
    enum Container: Hashable {
        case array, dictionary
    }

    enum Base: Hashable {
        case bool, int, uint64, double, string, url, date
        /// Never seen with a value (always `null`, or inside arrays that were always empty): `String` as a guess.
        case unknown
        /// A shape no getter reads, kept whole as a `JSONValue`.
        case value
        /// A generated model, by its index in ``ModelBuilder/models``.
        case model(Int)
        /// A generated enum, by its index in ``ModelBuilder/enums``.
        case enumeration(Int)
    }

    /// The containers from the outside in.
    var containers: [Container] = []
    var base: Base

    init(_ base: Base, in containers: [Container] = []) {
        self.base = base
        self.containers = containers
    }

    /// This type inside one more container: `Int` → `[Int]`.
    func wrapped(in container: Container) -> SwiftType {
        SwiftType(base, in: [container] + containers)
    }

    var isCollection: Bool { !containers.isEmpty }

    /// Whether the library reads it as a `JSONPrimitive`: a scalar or a `JSONValue`, in arrays, optionally inside
    /// one dictionary.
    var isPrimitive: Bool {
        switch base {
        case .model, .enumeration: return false
        default: return containers.dropFirst().allSatisfy { $0 == .array }
        }
    }

    /// The model this type holds, at any depth.
    var model: Int? {
        if case .model(let index) = base { return index }
        return nil
    }

    /// The type of both `a` and `b`, when there is one: numbers widen (`Int`, then `UInt64`, then `Double`),
    /// strings, URLs and dates meet as `String`, a type never seen with a value takes the other's type (an always
    /// empty array fits any array), and two models are one type only if `sameModel` says so (the merger records the
    /// pair and makes them one). `nil` when the two do not fit together.
    static func join(_ a: SwiftType, _ b: SwiftType, sameModel: (Int, Int) -> Bool) -> SwiftType? {
        if a.base == .unknown && b.containers.starts(with: a.containers) { return b }
        if b.base == .unknown && a.containers.starts(with: b.containers) { return a }
        guard a.containers == b.containers else { return nil }
        let numbers: [Base] = [.int, .uint64, .double]
        let strings: [Base] = [.string, .url, .date]
        switch (a.base, b.base) {
        case (let x, let y) where x == y:
            return a
        case (.model(let x), .model(let y)):
            return sameModel(x, y) ? a : nil
        case (let x, let y) where numbers.contains(x) && numbers.contains(y):
            let widest = max(numbers.firstIndex(of: x) ?? 0, numbers.firstIndex(of: y) ?? 0)
            return SwiftType(numbers[widest], in: a.containers)
        case (let x, let y) where strings.contains(x) && strings.contains(y):
            return SwiftType(.string, in: a.containers)
        default:
            return nil
        }
    }
}
