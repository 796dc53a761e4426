// Writing/ owns the write side's public API: this context, `JSONWritable` and `JSONWritableValue` with their
// conformances, `JSONMapper.data(from:)` and its options. The writer that makes the text is beneath it, in Engine/.

import Foundation

/// Writes one JSON object — a model's members — for ``JSONWritable/write(to:)``.
///
/// ```swift
/// func write(to c: JSONSerializationContext) {
///     c.set("id", id)
///     c.set("name", name)                                  // nil: left out, or null with writesNilAsNull
///     c.set("kind", kind)                                  // an enum: its raw value
///     c.set("created", created, strategy: .secondsSince1970)
///     c.setNull("deleted_at")                              // an explicit null
/// }
/// ```
///
/// Members are written in the order `set` is called. A key set twice is written once, in the position where it was
/// first set, with the value set last (a `nil` set last removes it). A key removed with `nil` and then set again is
/// a new member and goes last, as in a JavaScript object: `set("a", 1); set("b", 2); set("a", nil); set("a", 3)`
/// writes `{"b":2,"a":3}`. Keys are compared by their Unicode scalars, as the read side does.
///
/// A context is valid only during the `write(to:)` call it is passed to, and only on the thread that runs it. A
/// `set` from another thread (from `DispatchQueue.concurrentPerform`, a task) writes nothing and makes the whole
/// write throw a ``JSONMappingError`` with code ``JSONMappingError/Code/invalidValue``, whose path is the key it
/// was given: `key7: JSONSerializationContext used from another thread…`. To build members in parallel, compute
/// the values there and `set` them afterwards, on the writing thread.
public final class JSONSerializationContext {
    /// The output being written. Accessed only by the thread running the write, one call at a time.
    @exclusivity(unchecked) var writer: JSONWriter

    /// The options this write was started with.
    public let options: JSONMapper.WriteOptions

    /// The thread that started the write, the only one that may touch ``writer``.
    private let owner: pthread_t
    /// The first use of this context from another thread; read and written only under ``foreignUseLock``.
    private var foreignUse: JSONMappingError?
    /// One lock for every context's ``foreignUse``: only a misuse and the end of a write take it.
    private static let foreignUseLock = NSLock()

    init(options: JSONMapper.WriteOptions, capacity: Int = 4096) {
        self.options = options
        owner = pthread_self()
        writer = JSONWriter(settings: options.settings, capacity: capacity)
    }

    /// A context whose writer follows `settings` rather than the options' (`JSONMapperEncoder`'s, which writes
    /// `JSONEncoder`'s text).
    init(options: JSONMapper.WriteOptions, settings: JSONWriter.Settings, capacity: Int = 4096) {
        self.options = options
        owner = pthread_self()
        writer = JSONWriter(settings: settings, capacity: capacity)
    }

    /// The path of the member being written, in the read side's syntax: `statuses[3].user`; empty at the top (and
    /// from another thread, which the write then reports).
    public var path: String {
        guard isWritingThread(else: "path") else { return "" }
        return writer.path
    }

    /// The error that makes the write throw: a use from another thread, or else the writer's first error.
    var firstError: JSONMappingError? {
        let foreign = Self.foreignUseLock.withLock { foreignUse }
        return foreign ?? writer.error
    }

    /// Whether the caller runs on the thread that started the write; if not, records the misuse (with `key`, all
    /// of the path that can be known from there) and the caller must touch nothing.
    @inline(__always)
    private func isWritingThread(else key: String) -> Bool {
        // pthread_t is an integer or a pointer, the thread's identity on Linux and Darwin: `==` saves a call.
        if pthread_self() == owner { return true }
        recordForeignUse(key)
        return false
    }

    @inline(never)
    private func recordForeignUse(_ key: String) {
        let error = JSONMappingError(
            code: .invalidValue, path: JSONPath.format([.key(key)]),
            message: "JSONSerializationContext used from another thread: it writes only on the thread running"
                + " write(to:), so nothing was written")
        Self.foreignUseLock.withLock {
            if foreignUse == nil { foreignUse = error }
        }
    }

    // MARK: Members

    /// Writes the member `key` with `value`: a string, number, boolean, URL, date, ``JSONValue``, ``JSONWritable``
    /// model, or an array or `[String: Value]` dictionary of these, nested to any depth.
    ///
    /// A `nil` value leaves the key out (and removes it if it was set before; set again, it then goes last), or
    /// writes `null` when ``JSONMapper/WriteOptions/writesNilAsNull`` is set. A NaN or infinite number makes the
    /// write throw, with this member's path.
    ///
    /// ```swift
    /// c.set("id", 42)
    /// c.set("coordinates", [[1.5, 2.25], [3, 4]])
    /// c.set("address", address)     // {"city":"Oslo"}
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The value, or `nil`.
    @inlinable
    public func set<T: JSONWritableValue>(_ key: String, _ value: T?) {
        // Inlinable so that the caller's module specializes it: unspecialized, each call would look up the
        // metadata of `T?` at run time, a quarter of the time of writing twitter.json's models.
        guard let value else { return _setNil(key) }
        guard _beginMember(key) else { return }
        value._write(to: self)
    }

    /// Writes the member `key` with the raw value of an enum case (`"admin"` for `Role.admin`).
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The case, or `nil` (rules of ``set(_:_:)-(_,T?)``).
    public func set<T: RawRepresentable>(_ key: String, _ value: T?) where T.RawValue: JSONWritableValue {
        set(key, value?.rawValue)
    }

    /// Writes the member `key` with an array of enum cases, as their raw values.
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The cases, or `nil`.
    public func set<T: RawRepresentable>(_ key: String, _ value: [T]?) where T.RawValue: JSONWritableValue {
        set(key, value?.map(\.rawValue))
    }

    /// Writes the member `key` with nested arrays of enum cases, as their raw values.
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The cases, or `nil`.
    public func set<T: RawRepresentable>(_ key: String, _ value: [[T]]?) where T.RawValue: JSONWritableValue {
        set(key, value?.map { $0.map(\.rawValue) })
    }

    /// Writes the member `key` with a dictionary of enum cases, as their raw values.
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The cases by name, or `nil`.
    public func set<T: RawRepresentable>(_ key: String, _ value: [String: T]?) where T.RawValue: JSONWritableValue {
        set(key, value?.mapValues(\.rawValue))
    }

    /// Writes the member `key` with a date in its own format, whatever the options' date strategy.
    ///
    /// ```swift
    /// c.set("expires", expires, strategy: .secondsSince1970)   // "expires":1795000000
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The date, or `nil`.
    ///   - strategy: How to write it.
    public func set(_ key: String, _ value: Date?, strategy: DateStrategy) {
        guard let value else { return _setNil(key) }
        guard _beginMember(key) else { return }
        writer.writeDate(value, strategy: strategy)
    }

    /// Writes the member `key` with an array of dates in their own format.
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The dates, or `nil`.
    ///   - strategy: How to write them.
    public func set(_ key: String, _ value: [Date]?, strategy: DateStrategy) {
        guard let value else { return _setNil(key) }
        guard _beginMember(key) else { return }
        writer.beginArray()
        for date in value {
            writer.beginElement()
            writer.writeDate(date, strategy: strategy)
        }
        writer.endArray()
    }

    /// Writes the member `key` with an explicit `null`, whatever ``JSONMapper/WriteOptions/writesNilAsNull`` says.
    ///
    /// - Parameter key: The member name.
    public func setNull(_ key: String) {
        guard _beginMember(key) else { return }
        writer.writeNull()
    }

    // MARK: Machinery

    /// Starts the member `key`; `false` when this context is not writing an object (it was kept past its
    /// `write(to:)` call) or when called from another thread than the write's, in which case nothing is written.
    @usableFromInline
    func _beginMember(_ key: String) -> Bool {
        guard isWritingThread(else: key), writer.current.kind == .object else { return false }
        writer.beginMember(key)
        return true
    }

    @usableFromInline
    func _setNil(_ key: String) {
        guard isWritingThread(else: key) else { return }
        if options.writesNilAsNull {
            setNull(key)
        } else {
            writer.removeMember(key)
        }
    }
}
