import Foundation

// One encode in progress: the writer, the containers open in it, and the value slots handed out to `encode(to:)`.
//
// `Encodable` lets a caller hold several containers at once and write to them in any order; `JSONEncoder` therefore
// builds a tree of values and writes it at the end. Nearly every `encode(to:)` uses its containers in stack order,
// though: a container is done with once a value is written into its parent. So the bridge writes every value into
// the output as it comes, and keeps only a stack of the open containers, each with a serial number that its
// handles carry. A write into a container closes the containers opened above it; a write into a container already
// closed (or an error that `encode(to:)` caught after a member was begun) is what a stream cannot undo: the encode
// is then redone by `JSONEncoder` with the same settings (``Fallback``), so the result is still `JSONEncoder`'s.

/// The shared state of one encode, passed by reference to its encoders and containers.
final class EncodingState {
    /// Thrown through `encode(to:)` when the stream cannot follow the order of writes; the entry point catches it
    /// and encodes again with `JSONEncoder`.
    struct Fallback: Error {}

    /// One container open in the output.
    struct OpenContainer {
        /// Identifies the container for its handles; never reused within an encode.
        var serial: Int
        var isObject: Bool
        /// Whether `nestedContainer` opened it (rather than an encoder's `container`/`unkeyedContainer`).
        var isNested: Bool
        /// The key that leads to it from the container below: a member's key, an element's index key, or the key
        /// of the encoder that opened it (`nil` at the top).
        var key: (any CodingKey)?
        /// The slot of an encoder handed out for the member or element begun last, until that encoder writes.
        var awaiting = 0
        /// The elements begun so far (arrays).
        var count = 0
        /// How many encoders its `superEncoder()` lent that may still be held (arrays; see ``elementCount(_:)``).
        var supersLent = 0
    }

    /// An encoder lent by an array's `superEncoder()`, until its holder releases it.
    struct LentSuper {
        /// The serial number of the array.
        let serial: Int
        weak var encoder: EncodingEncoder?
    }

    /// Where the text goes: a context of its own (``JSONMapperEncoder``), or the one `setEncodable` was called on.
    let context: JSONSerializationContext
    let options: EncodingOptions
    /// ``EncodingOptions/userInfo`` as `Encoder` hands it out.
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether keys are written as their `stringValue` (`.useDefaultKeys`), looked up once rather than per key.
    let usesDefaultKeys: Bool
    /// The open containers, outermost first; the writer's frames above those it had when the encode began.
    var containers: [OpenContainer] = []
    /// The last serial number handed out, for containers and encoder slots alike.
    private var lastSerial = 0
    /// The slot of the top-level encoder until it writes its value.
    var topAwaiting = 0
    /// Whether the encode must be redone by `JSONEncoder` (see ``Fallback``).
    var needsFallback = false
    /// Whether an error thrown inside a member's or element's value passed out through the bridge: if the caller
    /// catches it and goes on, `JSONEncoder` leaves that member out, which a stream cannot, so the encode falls back.
    var errorPassed = false
    /// A use of the containers that `JSONEncoder` stops on with a precondition (a second value in a slot, a keyed
    /// container after an unkeyed one): thrown, here, when the encode ends.
    var misuse: EncodingError?
    /// Whether a container was nested deeper than `JSONEncoder` writes (512 levels).
    var tooDeep = false
    /// Encoders ready for another member, so that encoding a nested value allocates nothing. Each holds this
    /// state, so ``encodeTopLevel(_:)`` empties the list when it returns: a list kept past the encode would be a
    /// reference cycle, and the state and its encoders would leak.
    private var spares: [EncodingEncoder] = []
    /// Whether ``encodeTopLevel(_:)`` is running: a container that `encode(to:)` kept and writes to afterwards
    /// gives its encoder to no list.
    private var isEncoding = true
    /// The encoders lent by arrays' `superEncoder()` (see ``elementCount(_:)``).
    private var lentSupers: [LentSuper] = []
    /// The members objects gave to a `superEncoder()` or `superEncoder(forKey:)`, as "serial/name".
    private var superMembers: Set<String> = []
    /// Converted keys, for `.convertToSnakeCase`.
    var snakeCaseKeys: [String: String] = [:]

    /// The containers `JSONEncoder` nests before it refuses to write (`JSONWriter.maximumRecursionDepth`).
    static let maximumDepth = 512

    init(options: EncodingOptions, context: JSONSerializationContext) {
        self.options = options
        self.context = context
        userInfo = options.userInfo.isEmpty ? [:] : options.userInfo.mapValues { $0 as Any }
        usesDefaultKeys = options.usesDefaultKeys
    }

    /// A state writing into a new context, with `JSONEncoder`'s text.
    convenience init(options: EncodingOptions, writer settings: JSONWriter.Settings) {
        self.init(options: options, context: JSONSerializationContext(options: .default, settings: settings))
    }

    func nextSerial() -> Int {
        lastSerial += 1
        return lastSerial
    }

    // MARK: Entry points

    /// Encodes `value` as the whole output; throws ``Fallback`` when `JSONEncoder` must do it.
    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        defer {
            isEncoding = false
            spares.removeAll()
            lentSupers.removeAll()
            superMembers.removeAll()
        }
        let encoder = EncodingEncoder(state: self, level: 0, key: nil, slot: nextSerial())
        topAwaiting = encoder.slot
        // A misuse comes first: `JSONEncoder`, which a fallback would call, stops on it with a precondition.
        do {
            try encodeValue(value, into: encoder)
        } catch {
            if let misuse { throw misuse }
            if needsFallback { throw Fallback() }
            throw error
        }
        if let misuse { throw misuse }
        if needsFallback || errorPassed { throw Fallback() }
        closeContainers(above: -1)
        if topAwaiting != 0 {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        if tooDeep {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
    }

    /// The text written, as `Data` without a copy.
    func takeData() throws -> Data {
        guard context.writer.error == nil, let (bytes, count) = context.writer.takeBytes() else {
            let reason = context.writer.error?.message ?? "not enough memory to write the JSON text"
            throw EncodingError.invalidValue(
                Optional<Int>.none as Any, .init(codingPath: [], debugDescription: reason))
        }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    }

    // MARK: Containers

    /// Makes container `index`, identified by `serial`, the innermost one, ready for a member or element: closes
    /// those opened above it and writes `{}` for a value an encoder was handed out for and did not write.
    @inline(__always)
    func enter(_ index: Int, _ serial: Int) throws {
        if index &+ 1 == containers.count, containers[index].serial == serial, containers[index].awaiting == 0 {
            return
        }
        try enterSlowly(index, serial)
    }

    @inline(never)
    private func enterSlowly(_ index: Int, _ serial: Int) throws {
        guard index >= 0, index < containers.count, containers[index].serial == serial else {
            throw interruption()
        }
        closeContainers(above: index)
        fillAwaited(index)
    }

    /// The error that stops a write the stream cannot make: the misuse recorded, or else a fallback.
    /// What a write through a container kept past its encode is told.
    static let endedMessage = "The encode this container belongs to has ended; the value was not written."

    func interruption() -> Error {
        if !isEncoding {
            // A container that `encode(to:)` kept, written to after the encode returned: the text is written, so
            // the value goes nowhere (as with `JSONEncoder`, whose tree is serialized by then); say so.
            return EncodingError.invalidValue(
                Optional<Int>.none as Any,
                .init(codingPath: [], debugDescription: Self.endedMessage))
        }
        if let misuse { return misuse }
        needsFallback = true
        return Fallback()
    }

    /// Records a use of an encoder or container that `JSONEncoder` does not allow, and returns it to be thrown.
    @discardableResult
    func recordMisuse(_ message: String, at path: [any CodingKey]) -> EncodingError {
        let error = EncodingError.invalidValue(
            Optional<Int>.none as Any, .init(codingPath: path, debugDescription: message))
        if misuse == nil { misuse = error }
        return error
    }

    /// Closes the containers above `index` (all of them for -1), innermost first.
    func closeContainers(above index: Int) {
        while containers.count > index + 1 {
            fillAwaited(containers.count - 1)
            let closing = containers.removeLast()
            if closing.isObject { context.writer.endObject() } else { context.writer.endArray() }
        }
    }

    /// Writes `{}` for the member or element of container `index` whose encoder wrote nothing (as `JSONEncoder`
    /// does for a `superEncoder()` left unused).
    @inline(__always)
    func fillAwaited(_ index: Int) {
        guard containers[index].awaiting != 0 else { return }
        containers[index].awaiting = 0
        writeEmptyObject()
    }

    func writeEmptyObject() {
        context.writer.beginObject(distinctKeys: true)
        context.writer.endObject()
    }

    /// Opens a container as the innermost one and returns its serial number.
    func open(object: Bool, key: (any CodingKey)?, nested: Bool) -> Int {
        if containers.count + 1 >= Self.maximumDepth { tooDeep = true }
        let serial = nextSerial()
        if object { context.writer.beginObject() } else { context.writer.beginArray() }
        containers.append(OpenContainer(serial: serial, isObject: object, isNested: nested, key: key))
        return serial
    }

    // MARK: Slots

    /// Whether `encoder`'s value is still to be written, and it is its turn.
    @inline(__always)
    func isAwaited(_ encoder: EncodingEncoder) -> Bool {
        let level = encoder.level
        if level == 0 { return containers.isEmpty && topAwaiting == encoder.slot }
        return containers.count == level && containers[level &- 1].awaiting == encoder.slot
    }

    /// Takes `encoder`'s slot for the value about to be written; throws when the slot is not its to write.
    @inline(__always)
    func claim(_ encoder: EncodingEncoder) throws {
        guard isAwaited(encoder) else { throw refusal(for: encoder) }
        if encoder.level == 0 { topAwaiting = 0 } else { containers[encoder.level &- 1].awaiting = 0 }
    }

    /// Why `encoder` may not write now: a second value (as `JSONEncoder`, which stops there, does not allow), or a
    /// slot already closed (which `JSONEncoder` allows, and the fallback follows).
    @inline(never)
    func refusal(for encoder: EncodingEncoder) -> Error {
        if encoder.written != .nothing {
            return recordMisuse(
                "Attempt to encode a value through a single value container, or to take a container, when a value"
                    + " was already encoded at this path.", at: encoder.codingPath)
        }
        return interruption()
    }

    /// An encoder for the value of the member or element just begun in container `index`.
    @inline(__always)
    func borrowEncoder(in index: Int, key: any CodingKey) -> EncodingEncoder {
        let slot = nextSerial()
        containers[index].awaiting = slot
        if let spare = spares.popLast() {
            spare.reset(level: index &+ 1, key: key, slot: slot)
            return spare
        }
        return EncodingEncoder(state: self, level: index &+ 1, key: key, slot: slot)
    }

    /// Takes back an encoder lent by ``borrowEncoder(in:key:)`` unless the caller kept it.
    @inline(__always)
    func giveBack(_ encoder: inout EncodingEncoder) {
        if isEncoding, isKnownUniquelyReferenced(&encoder) { spares.append(encoder) }
    }

    /// Encodes `value` as the value of the member or element just begun in container `index`, with `key`.
    @inline(__always)
    func encodeNested<T: Encodable>(_ value: T, in index: Int, key: any CodingKey) throws {
        var encoder = borrowEncoder(in: index, key: key)
        do {
            try encodeValue(value, into: encoder, asMember: true)
        } catch {
            errorPassed = true
            throw error
        }
        if containers.count != index &+ 1 || containers[index].awaiting != 0 {
            closeContainers(above: index)
            fillAwaited(index)
        }
        giveBack(&encoder)
    }

    /// Notes that object container `index` gave member `name` to a super encoder, which `JSONEncoder` sets only
    /// when the encoder is released.
    func noteSuper(named name: String, in index: Int) {
        superMembers.insert("\(containers[index].serial)/\(name)")
    }

    /// Whether object container `index` gave member `name` to a super encoder.
    func lentSuper(named name: String, in index: Int) -> Bool {
        !superMembers.isEmpty && superMembers.contains("\(containers[index].serial)/\(name)")
    }

    // MARK: Counting elements

    /// Notes that array container `index` lent `encoder` through `superEncoder()`.
    func lendSuper(_ encoder: EncodingEncoder, in index: Int) {
        lentSupers.append(LentSuper(serial: containers[index].serial, encoder: encoder))
        containers[index].supersLent += 1
    }

    /// The elements of array container `index` as `JSONEncoder` counts them (its `count`, and the index in the
    /// path of the next element): `JSONEncoder` inserts the element of a `superEncoder()` when that encoder is
    /// released, so an element begun by one that is still held is not counted yet.
    func elementCount(_ index: Int) -> Int {
        let written = containers[index].count
        guard containers[index].supersLent > 0 else { return written }
        let serial = containers[index].serial
        lentSupers.removeAll { $0.encoder == nil }
        var held = 0
        for lent in lentSupers where lent.serial == serial { held += 1 }
        containers[index].supersLent = held
        return written - held
    }

    // MARK: Paths

    /// The coding path of container `index`'s encoder as `JSONEncoder` reports it for values inside the container:
    /// the keys that lead to each encoder, without those of `nestedContainer` calls.
    func encoderPath(_ index: Int) -> [any CodingKey] {
        path(through: index, withNested: false)
    }

    /// The coding path of container `index` itself (`codingPath` of the container): its encoder's, then the keys
    /// of the `nestedContainer` calls that lead to it.
    func containerPath(_ index: Int) -> [any CodingKey] {
        path(through: index, withNested: true)
    }

    private func path(through index: Int, withNested: Bool) -> [any CodingKey] {
        guard index >= 0, index < containers.count else { return [] }
        var keys: [any CodingKey] = []
        var nestedRun = withNested
        var position = index
        while position >= 0 {
            let container = containers[position]
            if container.isNested {
                if nestedRun, let key = container.key { keys.append(key) }
            } else {
                if let key = container.key { keys.append(key) }
                nestedRun = false
            }
            position -= 1
        }
        return keys.reversed()
    }
}
