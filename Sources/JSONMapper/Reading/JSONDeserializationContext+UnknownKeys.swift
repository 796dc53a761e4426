// The opt-in report of members that no getter read, to catch an API adding or renaming fields:
//
//     let context = JSONMapper.context(data, options: JSONMapper.Options(reportsUnknownKeys: true))
//     let user = User(context)
//     #expect(context.unknownKeys == [])   // ["profile.avatar_url"] once the API adds it

/// The members that the contexts on one object have read, kept by the session after they are gone. Every context
/// made for the same object shares its tracker: a model that splits an object between two models, or reads it
/// twice, reads each member once for the report.
final class ReadTracker: @unchecked Sendable {
    /// Which object a tracker belongs to: a native object by its place on the tape, any other by its path (keys by
    /// their Unicode scalars), which names one value of a document: the last of repeated keys.
    enum Identity: Hashable {
        enum Component: Hashable {
            case key(ExactKey)
            case index(Int)

            init(_ component: PathComponent) {
                switch component {
                case .key(let key): self = .key(ExactKey(key))
                case .index(let index): self = .index(index)
                }
            }
        }

        case native(Int)
        case path([Component])
    }

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

    /// Notes that this context read every member of its object: its value was read as a whole (decoded through the
    /// Codable bridge).
    func markAllRead() {
        guard let tracker else { return }
        var keys: [ExactKey] = []
        tracker.node.forEachMember { key, _ in keys.append(ExactKey(key)) }
        session.lock.withLock { tracker.readKeys.formUnion(keys) }
    }

    /// Notes that this context read the member `key`.
    @inline(__always)
    func markRead(_ key: String) {
        guard let tracker else { return }
        session.lock.withLock { _ = tracker.readKeys.insert(ExactKey(key)) }
    }
}
