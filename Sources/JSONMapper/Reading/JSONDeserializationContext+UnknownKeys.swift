// The opt-in report of members that no getter read, to catch an API adding or renaming fields:
//
//     let context = JSONMapper.context(data, options: JSONMapper.Options(reportsUnknownKeys: true))
//     let user = User(context)
//     #expect(context.unknownKeys == [])   // ["profile.avatar_url"] once the API adds it

/// The members a context on an object has read, kept by the session after the context is gone.
final class ReadTracker: @unchecked Sendable {
    let node: JSONNode
    let path: [PathComponent]
    /// Guarded by the session's lock. By Unicode scalars: asking for `"\u{E9}"` does not read `"e\u{301}"`.
    var readKeys = Set<ExactKey>()

    init(node: JSONNode, path: [PathComponent]) {
        self.node = node
        self.path = path
    }
}

extension JSONDeserializationContext {
    /// The paths of the members that no getter read, in every object a context was made for, in the order the
    /// contexts were made and the members appear (`["user.nickname", "statuses[2].extra"]`).
    ///
    /// Needs ``JSONMapper/Options/reportsUnknownKeys``; without it this is always empty. Read it after mapping:
    /// it reflects the getters called so far, on every context of the document. A member whose value was mapped
    /// as a whole (a dictionary, an array of primitives) counts as read with everything in it; an object reached
    /// only through a nested path has no context of its own, so only the path's first key counts as read.
    public var unknownKeys: [String] {
        var paths: [String] = []
        for tracker in session.trackers {
            let read = session.lock.withLock { tracker.readKeys }
            var seen = Set<ExactKey>()
            tracker.node.forEachMember { key, _ in
                let exact = ExactKey(key)
                if !read.contains(exact), seen.insert(exact).inserted {
                    paths.append(JSONPath.format(tracker.path + [.key(key)]))
                }
            }
        }
        return paths
    }

    /// Notes that this context read the member `key`.
    @inline(__always)
    func markRead(_ key: String) {
        guard let tracker else { return }
        session.lock.withLock { _ = tracker.readKeys.insert(ExactKey(key)) }
    }
}
