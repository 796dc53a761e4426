// Reading/ owns the read side's public API: `JSONMapper.context` and `decode` (JSONMapper.swift), this context and
// its getters (one file per kind: +Primitives, +Models, +Paths, +Dates, …), `JSONSerializable`, the getter protocol
// `JSONPrimitive`, coercions and date strategies, options and reports. It holds the native engine's member lookup
// (`ObjectLookup`) and wraps the engines' documents and errors; nothing below it names a context.

import Foundation

#if os(Linux) && canImport(Synchronization)
    import Synchronization
#endif

/// Reads one JSON value — usually an object whose fields a model's initializer maps — and records what went
/// wrong, with paths.
///
/// Make one with ``JSONMapper/context(_:engine:options:)-(Data,_,_)`` and pass it to a model's initializer; nested
/// models get contexts of their own from ``getObject(_:ofClass:)`` and ``getArray(_:ofClass:)->[T]``. All contexts of a
/// document share its ``valid`` flag and its ``errors``.
///
/// A context may be used from any thread; mapping many documents in parallel is safe.
public final class JSONDeserializationContext: @unchecked Sendable {
    /// Where a context sits relative to its parent.
    enum Step {
        case root
        case key(String)
        /// An element of an array: its index is the context's ``position``, which moves on alone when the context
        /// is reused for the next element.
        case element
        /// An element of the array at a key, indexed as ``element``.
        case keyElement(String)
        case keyKey(String, String)
        case components([PathComponent])
    }

    /// The collection a context for an element or dictionary value belongs to, for the messages of drops.
    enum Collection {
        case array(of: Any.Type)
        case dictionary(of: Any.Type)

        /// `[Item]` or `[String: Item]`.
        var name: String {
            switch self {
            case .array(let type): "[\(JSONDeserializationContext.typeName(type))]"
            case .dictionary(let type): "[String: \(JSONDeserializationContext.typeName(type))]"
            }
        }
    }

    let session: MappingSession

    // What the context reads and where it sits. Set when it is made and again when it is reused for another value
    // (see `_modelContext`, `_collectionContext` and `_elementContext`), which happens only while nothing else
    // refers to it.

    /// What a context reads: a value of the session's native document by its tape index (without a reference to the
    /// document, which the session holds), any other value, or nothing.
    enum Storage {
        case empty
        case native(Int)
        case other(JSONNode)
    }

    private(set) var storage: Storage
    private(set) var parent: JSONDeserializationContext?
    private(set) var step: Step
    /// The index of the element this context reads, for the steps ``Step/element`` and ``Step/keyElement(_:)``.
    private(set) var position = 0
    /// Whether this context records errors; placeholders made for missing required models stay silent.
    private(set) var recordsErrors: Bool
    /// Set for the context of an element of an array or a value of a dictionary of models.
    private(set) var collection: Collection?
    /// The record of members read, when the options ask for unknown keys and this context is on an object.
    private(set) var tracker: ReadTracker?

    /// The native engine's lookup of members when this context reads a native object, for the getters' fast path.
    /// Unchecked for exclusivity: the owner thread alone uses its lookup state, and other threads only the table
    /// that they share under `session.lock` (see `ObjectLookup`), so accesses never overlap on the same state.
    @exclusivity(unchecked) private var members = ObjectLookup()
    /// The native object this context reads, for every thread: written only by `point` (through `place`, or for the
    /// next element) and `_recycle`, while no other thread can see the context. Apart from `members`, so that other
    /// threads never access the owner's state.
    private var nativeView: TapeView?
    private var nativeObject = 0
    /// The table of the object's keys that threads other than the owner share; accessed only under `session.lock`,
    /// and by `point` while no other thread can see the context. Unchecked for exclusivity, as `members` is: those
    /// accesses never overlap, and the dynamic check cost every element of an array of models a runtime call.
    @exclusivity(unchecked) private var sharedKeys = SharedObjectKeys()
    /// The thread that made (or last reused) this context: only it uses the lookup state in `members` and `spare`,
    /// so that neither needs a lock, and a context shared with other threads stays safe (they take the slower
    /// paths).
    private var owner: pthread_t
    /// A context for nested models that finished with it, kept to be reused for the next nested model: mapping an
    /// array of models allocates one context instead of one per element.
    private var spare: JSONDeserializationContext?

    // Guarded by `session.lock`.
    private var firstFailure: JSONMappingError?
    /// Whether `firstFailure` is set: read and cleared for every element of an array of models, where testing or
    /// resetting the optional error itself copied or destroyed a `JSONMappingError` each time.
    private var failed = false
    private var reportedNotObject = false
    #if os(Linux) && canImport(Synchronization)
        /// Whether `failed` may be set: an atomic, not guarded by the lock but stored with it held (or in an
        /// initializer) whenever `failed` is set or cleared, and read without it (see ``mayHaveFailed``).
        private let marked = Atomic<Bool>(false)
    #endif

    init(
        session: MappingSession, node: JSONNode?, parent: JSONDeserializationContext?, step: Step, records: Bool,
        collection: Collection? = nil
    ) {
        self.session = session
        self.storage = .empty
        self.step = step
        self.recordsErrors = records
        self.owner = pthread_self()
        place(
            Self.storage(of: node, in: session), parent: parent, step: step, position: 0, records: records,
            collection: collection)
    }

    /// The value this context reads; `nil` for an invalid document or a placeholder.
    var node: JSONNode? {
        switch storage {
        case .empty: nil
        case .native(let index): session.document.map { .native($0, index) }
        case .other(let node): node
        }
    }

    /// Whether this context reads a value (it does not when the document is invalid, or for a placeholder).
    var hasValue: Bool {
        if case .empty = storage { return false }
        return true
    }

    /// How a context stores `node`.
    static func storage(of node: JSONNode?, in session: MappingSession) -> Storage {
        switch node {
        case .native(let document, let index)? where document === session.document: .native(index)
        case let node?: .other(node)
        case nil: .empty
        }
    }

    /// Points this context at `storage`, as the step `step` (at `position`, for an element) below `parent`.
    private func place(
        _ storage: Storage, parent: JSONDeserializationContext?, step: Step, position: Int, records: Bool,
        collection: Collection?
    ) {
        self.parent = parent
        self.step = step
        self.recordsErrors = records
        self.collection = collection
        point(at: storage, position: position)
    }

    /// Points this context at `storage`, at `position` for an element, keeping its parent, step, collection and
    /// recording: the part of ``place(_:parent:step:position:records:collection:)`` that changes from one element to
    /// the next.
    private func point(at storage: Storage, position: Int) {
        self.storage = storage
        self.position = position
        if case .native(let index) = storage, let view = session.view, view.entry(index).tag == .object {
            members.place(object: index)
            (nativeView, nativeObject) = (view, index)
        } else {
            members.place(object: 0)
            (nativeView, nativeObject) = (nil, 0)
        }
        sharedKeys.clear()
        if session.options.reportsUnknownKeys, recordsErrors, let node, node.kind == .object {
            tracker = session.tracker(
                for: node, path: (parent?.pathComponents ?? []) + Self.components(of: step, position: position),
                storage: storage)
        } else {
            tracker = nil
        }
    }

    convenience init(root: JSONNode, options: JSONMapper.Options) {
        var document: NativeDocument?
        if case .native(let native, _) = root { document = native }
        self.init(
            session: MappingSession(options: options, valid: true, document: document), node: root, parent: nil,
            step: .root, records: true)
    }

    convenience init(invalid error: JSONMappingError, options: JSONMapper.Options) {
        let session = MappingSession(options: options, valid: false)
        session.record(error)
        self.init(session: session, node: nil, parent: nil, step: .root, records: false)
        firstFailure = error
        failed = true
        setMarked(true)
    }

    /// A context for a value inside this one.
    func child(
        _ node: JSONNode?, _ step: Step, records: Bool? = nil, collection: Collection? = nil
    ) -> JSONDeserializationContext {
        JSONDeserializationContext(
            session: session, node: node, parent: self, step: step, records: records ?? recordsErrors,
            collection: collection)
    }

    /// A context for a nested model: this context's spare when it has one (on the thread that owns it), else a new
    /// one. Hand it back with ``_recycle(_:)`` once the model is made.
    func _modelContext(
        _ node: JSONNode?, _ step: Step, records: Bool? = nil, collection: Collection? = nil
    ) -> JSONDeserializationContext {
        modelContext(Self.storage(of: node, in: session), step, records: records, collection: collection)
    }

    /// As ``_modelContext(_:_:records:collection:)`` for the value at tape index `index` of the session's document.
    func _modelContext(
        nativeIndex index: Int, _ step: Step, collection: Collection? = nil
    ) -> JSONDeserializationContext {
        modelContext(.native(index), step, records: nil, collection: collection)
    }

    private func modelContext(
        _ storage: Storage, _ step: Step, position: Int = 0, records: Bool?, collection: Collection?
    ) -> JSONDeserializationContext {
        let records = records ?? recordsErrors
        guard isOwnedHere, let reused = spare else {
            let context = JSONDeserializationContext(
                session: session, node: nil, parent: self, step: step, records: records, collection: collection)
            context.place(
                storage, parent: self, step: step, position: position, records: records, collection: collection)
            return context
        }
        spare = nil
        reused.reuse(storage, parent: self, step: step, position: position, records: records, collection: collection)
        return reused
    }

    /// A context for element or member `storage` of a collection of models: `reusable`, the context of the previous
    /// one, when nothing else refers to it any more, else as ``_modelContext(_:_:records:collection:)``. The loop
    /// that maps the collection holds `reusable` itself, so this reuse needs no owner thread.
    func _collectionContext(
        _ reusable: inout JSONDeserializationContext?, _ storage: Storage, _ step: Step, collection: Collection
    ) -> JSONDeserializationContext {
        if var candidate = reusable.take(), isKnownUniquelyReferenced(&candidate) {
            candidate.reuse(
                storage, parent: self, step: step, position: 0, records: recordsErrors, collection: collection)
            return candidate
        }
        return modelContext(storage, step, records: nil, collection: collection)
    }

    /// A context for the element at `position` of an array of models, read from `storage`, with the step `step`
    /// (``Step/element`` or ``Step/keyElement(_:)``): `reusable`, the context of the previous element of the same
    /// array, moved on to this one when nothing else refers to it, else as ``_modelContext(_:_:records:collection:)``
    /// (this context's spare, or a new one).
    ///
    /// The loop over the array passes, as `reusable`, only a context that this function gave it for that array, so
    /// its parent, step, collection and recording are already this element's: only where it reads changes (no
    /// string of the step is copied, and no parent retained, per element).
    func _elementContext(
        _ reusable: inout JSONDeserializationContext?, _ storage: Storage, position: Int, _ step: Step,
        collection: Collection
    ) -> JSONDeserializationContext {
        if var candidate = reusable.take(), isKnownUniquelyReferenced(&candidate) {
            check(candidate.parent === self, "an element context reused by another array")
            candidate.clearFailure()
            candidate.point(at: storage, position: position)
            return candidate
        }
        return modelContext(storage, step, position: position, records: nil, collection: collection)
    }

    /// Points a context that nothing else refers to at another value, for the calling thread, with a clean failure
    /// state.
    private func reuse(
        _ storage: Storage, parent: JSONDeserializationContext, step: Step, position: Int, records: Bool,
        collection: Collection?
    ) {
        clearFailure()
        place(storage, parent: parent, step: step, position: position, records: records, collection: collection)
    }

    /// Clears the failure state of a context that nothing else refers to, and makes the calling thread its owner.
    /// The state is cleared under the lock, as other threads may have used the context before.
    ///
    /// The lock stays here even when nothing failed: it orders what another thread did with the context, up to its
    /// last use of the lock (getters on other threads take it), before this thread's writes; a model may hand its
    /// context to a thread that it does not wait for.
    /// The runtime's uniqueness check, which lets this context be reused, orders them too, but ThreadSanitizer
    /// cannot see it, and on ARM its load is relaxed, so a flag read after it could be stale (issue 24's thirteenth
    /// session tried it without the lock; a review reproduced the sanitizer's reports).
    private func clearFailure() {
        session.lock.withLock {
            if failed {
                (firstFailure, failed) = (nil, false)
                setMarked(false)
            }
            reportedNotObject = false
        }
        owner = pthread_self()
    }

    /// Whether `failed` may be set, read without the lock, so that ``hasFailed`` takes no lock when it is not: the
    /// mapping of an array of models asks it for every element (2 % of citm_catalog.json's mapping instructions went
    /// to that lock), though almost no model fails. `marked` is stored with a releasing store, with the lock held,
    /// after `failed` is set, and read with an acquiring load: a thread that has seen another thread's failure
    /// marked (by waiting for that thread, say) reads it set, and ThreadSanitizer sees both sides.
    ///
    /// Only on Linux: on Apple systems `Synchronization`'s atomics are newer than the oldest systems the package
    /// supports, and a stored property cannot depend on the system's version, so there it is always `true` and the
    /// lock is always taken, as before.
    @inline(__always)
    private var mayHaveFailed: Bool {
        #if os(Linux) && canImport(Synchronization)
            marked.load(ordering: .acquiring)
        #else
            true
        #endif
    }

    /// Records, with the lock held (or in an initializer), whether `failed` may be set.
    @inline(__always)
    private func setMarked(_ value: Bool) {
        #if os(Linux) && canImport(Synchronization)
            marked.store(value, ordering: .releasing)
        #endif
    }

    /// Keeps `context` as the spare for the next nested model when nothing else refers to it any more (a model may
    /// keep its context, and then it is left alone), releasing what it read and its parent, so that a spare never
    /// keeps a chain of contexts alive.
    ///
    /// Only strong references count: a model that keeps its context `weak` or `unowned` sees it reused.
    @usableFromInline
    func _recycle(_ context: inout JSONDeserializationContext) {
        guard isOwnedHere, spare == nil, isKnownUniquelyReferenced(&context) else { return }
        // Taken and let go before the writes, as in `clearFailure`: what another thread did with the context, up to
        // its last use of the lock, comes before them in an order ThreadSanitizer sees (the uniqueness check's is
        // invisible to it). `handedToAnUnjoinedThread` reported races here without it.
        session.lock.withLock {}
        context.parent = nil
        context.storage = .empty
        context.nativeView = nil
        context.tracker = nil
        spare = context
    }

    /// Whether the calling thread is the one that made this context: asked on every member lookup. `pthread_t` is
    /// an integer (glibc) or a pointer (Apple systems, musl) that `pthread_equal` only compares, so it is compared
    /// here, without that call (about 10 instructions per lookup, callgrind).
    @inline(__always)
    private var isOwnedHere: Bool {
        pthread_self() == owner
    }

    // MARK: Public state

    /// Whether the input was a JSON text per RFC 8259; says nothing about the model. Check ``hasFailed`` to know
    /// whether a model mapped: a valid document can still lack a required value.
    ///
    /// `false` for malformed, empty or truncated input, invalid UTF-8, nesting beyond the depth limit, or an
    /// unreadable stream. An invalid context still works: optional getters give `nil`, arrays and dictionaries are
    /// empty, and models are still created. Shared by every context of the document.
    public var valid: Bool { session.valid }

    /// Every problem recorded while mapping this document so far, in the order found, across all its contexts.
    ///
    /// For an invalid document the first error is the syntax error, with its line and column. Type mismatches,
    /// dropped elements and required failures follow as getters meet them, each with its path.
    ///
    /// At most ``JSONMapper/Options/maximumRecordedErrors`` (1,000 by default) are kept: the first ones. Those
    /// found after are counted in ``omittedErrorCount``.
    public var errors: [JSONMappingError] { session.errors }

    /// How many problems were found after ``errors`` held ``JSONMapper/Options/maximumRecordedErrors`` of them:
    /// counted, not kept. 0 unless the limit was reached.
    ///
    /// ```swift
    /// let items = context.getArray("items", ofClass: Item.self)
    /// if context.omittedErrorCount > 0 { print("\(context.omittedErrorCount) more problems") }
    /// ```
    public var omittedErrorCount: Int { session.omittedErrorCount }

    /// Conversions and fallbacks applied while mapping this document so far, in the order they happened: things
    /// worth logging that are not failures (see ``CoercionPolicy`` and ``getEnum(_:fallback:)->T?``).
    ///
    /// At most ``JSONMapper/Options/maximumRecordedErrors`` are kept, as for ``errors``; ``omittedNoticeCount``
    /// counts the others.
    public var notices: [JSONMappingNotice] { session.notices }

    /// How many notices came after ``notices`` held ``JSONMapper/Options/maximumRecordedErrors`` of them: counted,
    /// not kept. 0 unless the limit was reached.
    public var omittedNoticeCount: Int { session.omittedNoticeCount }

    /// The path of the value this context reads: `statuses[3].user`, empty for the top-level value.
    public var path: String {
        JSONPath.format(pathComponents)
    }

    /// Whether the model read from this context failed: the document is not valid JSON, or a `require…` getter
    /// failed in this context (directly, or through ``requireObject(_:ofClass:)`` and
    /// ``requireArray(_:ofClass:)->[T]``). A failed model holds placeholders (`0`, `""`) where values were required;
    /// lenient collections drop it.
    ///
    /// ```swift
    /// let person = Person(context)
    /// if let failure = context.failure { print(failure) }   // id: missing required Int
    /// ```
    public var hasFailed: Bool {
        guard mayHaveFailed else { return false }
        return session.lock.withLock { failed }
    }

    /// Why the model read from this context failed (see ``hasFailed``): the syntax error of an invalid document,
    /// or the first required failure; `nil` when it has not failed. ``errors`` holds every problem recorded.
    public var failure: JSONMappingError? {
        session.lock.withLock { firstFailure }
    }

    // MARK: Paths

    var pathComponents: [PathComponent] {
        var steps: [(Step, Int)] = []
        var context: JSONDeserializationContext? = self
        while let current = context {
            steps.append((current.step, current.position))
            context = current.parent
        }
        return steps.reversed().flatMap(Self.components(of:position:))
    }

    /// The path components of `step`, whose element index is `position`.
    static func components(of step: Step, position: Int) -> [PathComponent] {
        switch step {
        case .root: []
        case .key(let key): [.key(key)]
        case .element: [.index(position)]
        case .keyElement(let key): [.key(key), .index(position)]
        case .keyKey(let key, let member): [.key(key), .key(member)]
        case .components(let components): components
        }
    }

    /// The path of a value below this context.
    func path(_ more: PathComponent...) -> String {
        JSONPath.format(pathComponents + more)
    }

    // MARK: Recording

    /// Records a problem that does not make the model fail.
    func record(_ error: JSONMappingError) {
        guard recordsErrors else { return }
        session.record(error)
    }

    /// Records a notice: something worth knowing that is not a failure.
    func notice(_ code: JSONMappingNotice.Code, path: String, _ message: String) {
        guard recordsErrors else { return }
        session.record(JSONMappingNotice(code: code, path: path, message: message))
    }

    /// Records a required failure: the model this context maps has failed.
    func fail(_ error: JSONMappingError) {
        if recordsErrors {
            session.record(error)
        }
        markFailed(error)
    }

    /// Marks the model failed because of an error recorded elsewhere (a failed nested model or element).
    func markFailed(_ error: JSONMappingError) {
        session.lock.withLock {
            if !failed {
                (firstFailure, failed) = (error, true)
                setMarked(true)
            }
        }
    }

    // MARK: Lookup

    /// The value of `key` in this context's object; records once if this context is not on an object at all.
    @inline(__always)
    func value(_ key: String) -> JSONNode? {
        guard let node else { return nil }
        markRead(key)
        if let view = nativeView, let document = session.document {
            return nativeMember(key, in: view).map { .native(document, $0) }
        }
        if let member = node.member(key) { return member }
        reportIfNotObject(node)
        return nil
    }

    /// The tape index of member `key` of this context's native object.
    @inline(__always)
    func nativeMember(_ key: String, in view: TapeView) -> Int? {
        guard isOwnedHere else { return sharedMember(key, in: view) }
        return members.member(key, in: view)
    }

    /// Member `key` looked up from a thread other than the owner, which must not touch the owner's lookup state.
    private func sharedMember(_ key: String, in view: TapeView) -> Int? {
        let object = nativeObject
        let table = session.lock.withLock { sharedKeys.table(for: object, in: view) }
        return SharedObjectKeys.member(key, of: object, in: view, table: table)
    }

    /// What a fast getter found at `key`: the tape index of the value, that the key is missing, or that the general
    /// path must decide (not a native object, or unknown keys being tracked).
    enum FastMember {
        case found(TapeView, Int)
        case missing
        case general
    }

    /// Looks `key` up for a fast getter, without recording anything.
    @inline(__always)
    func fastMember(_ key: String) -> FastMember {
        guard let view = nativeView, tracker == nil else { return .general }
        guard let index = nativeMember(key, in: view) else { return .missing }
        return .found(view, index)
    }

    private func reportIfNotObject(_ node: JSONNode) {
        let kind = node.kind
        guard kind != .object, kind != .null else { return }
        let first = session.lock.withLock {
            defer { reportedNotObject = true }
            return !reportedNotObject
        }
        if first {
            record(.typeMismatch(path: path, expected: "Object", found: node.found, required: false))
        }
    }

    /// Runs a root mapping for the strict `decode` entry points and throws its first failure.
    func decodeRoot<T>(_ body: (JSONDeserializationContext) -> T) throws(JSONMappingError) -> T {
        if let error = failure { throw error }
        let value = body(self)
        if let error = failure { throw error }
        return value
    }
}

/// What all contexts of one document share: its validity, its options and the errors recorded so far.
final class MappingSession: @unchecked Sendable {
    let options: JSONMapper.Options
    let valid: Bool
    /// The native document the contexts read, if any: contexts refer to its values by tape index.
    let document: NativeDocument?
    /// The document's tape, for the fast paths.
    let view: TapeView?
    let lock = SessionLock()
    private var recorded: [JSONMappingError] = []
    private var recordedNotices: [JSONMappingNotice] = []
    /// The errors and notices past `options.maximumRecordedErrors`, counted instead of kept.
    private var omittedErrors = 0
    private var omittedNotices = 0

    init(options: JSONMapper.Options, valid: Bool, document: NativeDocument? = nil) {
        self.options = options
        self.valid = valid
        self.document = document
        self.view = document?.view
    }

    func record(_ error: JSONMappingError) {
        lock.withLock {
            if recorded.count < options.maximumRecordedErrors {
                recorded.append(error)
            } else {
                omittedErrors += 1
            }
        }
    }

    var errors: [JSONMappingError] {
        lock.withLock { recorded }
    }

    var omittedErrorCount: Int {
        lock.withLock { omittedErrors }
    }

    /// Trackers of the members read, for ``JSONDeserializationContext/unknownKeys``, in the order their objects
    /// first got a context; one per object, found by ``ReadTracker/Identity``.
    private var recordedTrackers: [ReadTracker] = []
    private var trackerIndex: [ReadTracker.Identity: ReadTracker] = [:]

    /// The tracker of the object `node` at `path` (which a context reads from `storage`): the one made when the
    /// object first got a context, so that what every context on it reads counts, and the object is reported once.
    func tracker(
        for node: JSONNode, path: [PathComponent], storage: JSONDeserializationContext.Storage
    ) -> ReadTracker {
        let identity: ReadTracker.Identity
        if case .native(let index) = storage {
            identity = .native(index)
        } else {
            identity = .path(path.map(ReadTracker.Identity.Component.init))
        }
        return lock.withLock {
            if let tracker = trackerIndex[identity] { return tracker }
            let tracker = ReadTracker(node: node, path: path)
            trackerIndex[identity] = tracker
            recordedTrackers.append(tracker)
            return tracker
        }
    }

    var trackers: [ReadTracker] {
        lock.withLock { recordedTrackers }
    }

    func record(_ notice: JSONMappingNotice) {
        lock.withLock {
            if recordedNotices.count < options.maximumRecordedErrors {
                recordedNotices.append(notice)
            } else {
                omittedNotices += 1
            }
        }
    }

    var notices: [JSONMappingNotice] {
        lock.withLock { recordedNotices }
    }

    var omittedNoticeCount: Int {
        lock.withLock { omittedNotices }
    }
}
