import JSONMapper

/// The keys of the top-level objects of some samples, in the order first seen: to tell when samples that are merged
/// into one type have little in common (`generate numbers.json person.json`), which is rarely what was meant.
struct TopLevelKeys {
    /// Whether keys are collected at all: only when there are several inputs to compare.
    let isCollecting: Bool
    private(set) var keys: [String] = []
    private var seen: Set<ExactKey> = []

    init(isCollecting: Bool) {
        self.isCollecting = isCollecting
    }

    /// Adds the keys of one top-level object.
    mutating func add(_ newKeys: some Sequence<String>) {
        guard isCollecting else { return }
        for key in newKeys where seen.insert(ExactKey(key)).inserted {
            keys.append(key)
        }
    }

    /// Adds the keys of other samples.
    mutating func add(_ other: TopLevelKeys) {
        add(other.keys)
    }

    /// A warning when the input `inputs[index]`, whose keys are `other`, shares fewer than half the keys of the
    /// smaller of it and the inputs before it (these keys): both are merged into one type, where every key only one
    /// of them has is optional. `nil` when they are related, or when either has no keys.
    func unrelated(to other: TopLevelKeys, earlier inputs: [GenerateCommand.Options.Input], index: Int) -> String? {
        guard isCollecting, !keys.isEmpty, !other.keys.isEmpty else { return nil }
        let shared = other.keys.filter { seen.contains(ExactKey($0)) }.count
        guard shared * 2 < min(keys.count, other.keys.count) else { return nil }
        let file = JSONMapperCommand.displayName(inputs[index].path)
        let before = index == 1 ? JSONMapperCommand.displayName(inputs[0].path) : "the inputs before it"
        let onlyBefore = keys.filter { !other.seen.contains(ExactKey($0)) }
        let onlyThis = other.keys.filter { !seen.contains(ExactKey($0)) }
        let common = shared == 0 ? "no keys" : shared == 1 ? "only 1 key" : "only \(shared) keys"
        return """
            jsonmapper generate: warning: \(file) has \(common) in common with \(before), but they are merged into \
            one type, where every key that only one of them has is optional
              only in \(before): \(Self.list(onlyBefore))
              only in \(file): \(Self.list(onlyThis))
              Give each input a --name of its own to generate a type for each.

            """
    }

    /// At most ten keys, then how many more.
    private static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(10).joined(separator: ", ")
        return keys.count > 10 ? "\(shown), and \(keys.count - 10) more" : shown
    }
}
