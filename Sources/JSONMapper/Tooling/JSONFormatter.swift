import Foundation

/// Writes JSON text again in another layout, straight from the native parser's tape: `jsonmapper format`.
///
/// No value is built. Numbers keep their text; strings are decoded and escaped again in the shortest form, except
/// that an escaped lone surrogate (`\uDEAD`, which no Swift `String` can hold) stays an escape, so no code unit is
/// lost. A key that occurs twice in an object is written once, in its first position with its last value, as the
/// getters read it; keys are compared, and sorted, by their code points (a lone surrogate by its code unit).
///
/// Each object's members are resolved before it is written, so nothing is rewritten afterwards: the text is handed
/// on in chunks as it is made, and a write holds the document, its tape and about one chunk, however large the
/// output (`--indent 16` on deeply nested arrays multiplies the input by thousands).
package enum JSONFormatter {
    /// The output handed on at a time, when no other size is asked for.
    package static let defaultChunkSize = 64 * 1024

    /// Parses `data` with the strict parser and writes it again with `options`, passing the text to `output` in
    /// chunks of about `chunkSize` bytes (more for a longer string), in order.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON text.
    ///   - options: The layout: pretty or compact, indentation, sorted keys, escapes.
    ///   - maximumDepth: How deeply arrays and objects may nest; deeper input is malformed.
    ///   - chunkSize: How many bytes to collect before handing them on.
    ///   - output: Receives the text; what it throws stops the write and is rethrown.
    /// - Throws: A ``JSONMappingError``: ``JSONMappingError/Code/malformedJSON`` (with line and column) before any
    ///   output when `data` is not JSON; ``JSONMappingError/Code/outOfMemory`` when a chunk cannot be held. Or the
    ///   error `output` threw.
    package static func format(
        _ data: Data, options: JSONMapper.WriteOptions,
        maximumDepth: Int = JSONMapper.Options.default.maximumDepth, chunkSize: Int = defaultChunkSize,
        to output: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let document: NativeDocument
        do {
            document = try NativeDocument(data: data, maximumDepth: max(1, maximumDepth))
        } catch {
            throw JSONMappingError(error)
        }
        let view = document.view
        var writer = JSONWriter(settings: options.settings, capacity: chunkSize + chunkSize / 4)
        var pending: [Container] = []
        var decoded: [UInt8] = []
        var next: Int? = NativeDocument.root
        while true {
            if let index = next {
                let entry = view.entry(index)
                switch entry.tag {
                case .null: writer.writeNull()
                case .true: writer.writeBool(true)
                case .false: writer.writeBool(false)
                case .integer, .float: writer.append(UnsafeRawBufferPointer(view.text(at: index)))
                case .string: writer.writeString(utf8: view.text(at: index))
                case .escapedString:
                    decode(view, index, into: &decoded)
                    decoded.withUnsafeBufferPointer { writer.writeString(wtf8: $0) }
                case .array:
                    writer.beginArray()
                    pending.append(.array(next: index + 1, end: entry.low))
                case .object:
                    writer.beginFixedObject()
                    pending.append(.object(members(view, index, sorted: options.sortedKeys), next: 0))
                }
            }
            if writer.count >= chunkSize { try writer.drain(output) }
            guard let container = pending.popLast() else { break }
            switch container {
            case .array(let element, let end):
                if element < end {
                    writer.beginElement()
                    next = element
                    pending.append(.array(next: view.next(after: element), end: end))
                } else {
                    writer.endArray()
                    next = nil
                }
            case .object(let members, let position):
                if position < members.count {
                    let (key, value) = members[position]
                    if view.entry(key).tag == .string {
                        writer.beginFixedMember(wtf8: view.text(at: key))
                    } else {
                        decode(view, key, into: &decoded)
                        decoded.withUnsafeBufferPointer { writer.beginFixedMember(wtf8: $0) }
                    }
                    next = value
                    pending.append(.object(members, next: position + 1))
                } else {
                    writer.endObject()
                    next = nil
                }
            }
        }
        if let error = writer.error { throw error }
        try writer.drain(output)
    }

    /// A container being written: the tape index of an array's next element and of its end, or an object's members
    /// (tape indices of key and value) in the order they are written and the position of the next.
    private enum Container {
        case array(next: Int, end: Int)
        case object([(key: Int, value: Int)], next: Int)
    }

    /// The string at tape `index`, decoded to WTF-8 in `buffer` (replacing what it held).
    private static func decode(_ view: TapeView, _ index: Int, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        let text = view.text(at: index)
        guard let start = text.baseAddress else { return }
        StringDecoding.decodeWTF8(start, count: text.count, into: &buffer)
    }

    /// The members of the object at tape `index` as they are written: each key once, with the value of its last
    /// occurrence, at its first position or in key order.
    private static func members(_ view: TapeView, _ index: Int, sorted: Bool) -> [(key: Int, value: Int)] {
        var members: [(key: Int, value: Int)] = []
        let end = view.entry(index).low
        var key = index + 1
        while key < end {
            members.append((key, key + 1))
            key = view.next(after: key + 1)
        }
        guard members.count > 1 else { return members }
        // The keys' code points, compared as bytes: WTF-8 orders like the code points it encodes.
        var keys: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(members.count)
        for member in members {
            let start = keys.count
            let text = view.text(at: member.key)
            if view.entry(member.key).tag == .string {
                keys.append(contentsOf: text)
            } else if let base = text.baseAddress {
                StringDecoding.decodeWTF8(base, count: text.count, into: &keys)
            }
            ranges.append(start..<keys.count)
        }
        return keys.withUnsafeBufferPointer { bytes in
            func key(_ position: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[ranges[position]])
            }
            // By key, then by position: each key's occurrences are together, its first one first.
            var order = Array(members.indices)
            order.sort { a, b in
                let (x, y) = (key(a), key(b))
                if x.elementsEqual(y) { return a < b }
                return x.lexicographicallyPrecedes(y)
            }
            var resolved: [(first: Int, member: (key: Int, value: Int))] = []
            var group = 0
            while group < order.count {
                var last = group
                while last + 1 < order.count, key(order[last + 1]).elementsEqual(key(order[group])) { last += 1 }
                resolved.append((order[group], (members[order[group]].key, members[order[last]].value)))
                group = last + 1
            }
            if !sorted { resolved.sort { $0.first < $1.first } }
            return resolved.map(\.member)
        }
    }
}
