import Foundation

// Arrays and objects: separators, indentation, and the member records that let an object be fixed up when it
// closes (a key set twice keeps its first position with its last value, a key removed and set again goes last;
// sorted keys).

extension JSONWriter {
    // MARK: Arrays

    @inline(__always)
    mutating func beginArray() {
        append(UInt8(ascii: "["))
        open(.array)
    }

    /// Writes what goes before the next element: a comma after the first, and a new line when pretty.
    @inline(__always)
    mutating func beginElement() {
        if current.count > 0 { append(UInt8(ascii: ",")) }
        current.count += 1
        if settings.pretty { newline(level: depth) }
    }

    @inline(__always)
    mutating func endArray() {
        let empty = current.count == 0
        close()
        if settings.pretty { closingNewline(empty: empty) }
        append(UInt8(ascii: "]"))
    }

    // MARK: Objects

    /// Opens an object. With `distinctKeys`, the caller guarantees that no key repeats (a `Dictionary`'s, a
    /// `JSONValue.Object`'s), and keys are not looked for among the earlier ones.
    @inline(__always)
    mutating func beginObject(distinctKeys: Bool = false) {
        append(UInt8(ascii: "{"))
        open(.object)
        current.firstRecord = records.count
        current.keysAreDistinct = distinctKeys
    }

    /// Opens an object whose members the caller writes with ``beginFixedMember(wtf8:)``: distinct keys, in their
    /// final order. It keeps no records and is never rewritten, so its bytes count as committed while it is open.
    mutating func beginFixedObject() {
        beginObject(distinctKeys: true)
        current.isFixed = true
    }

    /// Writes what goes before a member's value: the separator, the key and the colon, and records the member.
    mutating func beginMember(_ key: String) {
        guard !outOfMemory else {
            current.count += 1
            return
        }
        if current.count > 0 {
            records[current.lastRecord].end = count
            append(UInt8(ascii: ","))
        }
        current.count += 1
        if settings.pretty { newline(level: depth) }
        let keyStart = count
        writeString(key)
        let keyEnd = count
        writeColon()
        guard !outOfMemory else { return }
        let index = records.count
        var holder = index
        if !current.keysAreDistinct, let earlier = earlierMember(keyStart: keyStart, keyEnd: keyEnd) {
            if records[earlier].holder == MemberRecord.removed {
                // Removed with nil and set again: a new member, written last, as a JavaScript object or an ordered
                // dictionary places it. The removed record is passed over from now on.
                records[earlier].holder = MemberRecord.moved
                if current.hasIndex { reindexMember(earlier, as: index) }
            } else {
                records[earlier].holder = index
                holder = MemberRecord.moved
            }
            current.needsFixup = true
        }
        records.append(MemberRecord(keyStart: keyStart, keyEnd: keyEnd, end: -1, holder: holder))
        current.lastRecord = index
        // Members are counted once each, so an object reaches the threshold once.
        if current.count == Self.indexThreshold, !current.keysAreDistinct { indexMembers() }
    }

    /// Writes what goes before a member's value in an object opened with ``beginFixedObject()``: the separator,
    /// the key (WTF-8: lone surrogates are kept, as escapes) and the colon.
    mutating func beginFixedMember(wtf8 key: UnsafeBufferPointer<UInt8>) {
        if current.count > 0 { append(UInt8(ascii: ",")) }
        current.count += 1
        if settings.pretty { newline(level: depth) }
        writeString(wtf8: key)
        writeColon()
    }

    @inline(__always)
    private mutating func writeColon() {
        if settings.pretty {
            if settings.foundationStyle { append(UInt8(ascii: " ")) }
            append(UInt8(ascii: ":"))
            append(UInt8(ascii: " "))
        } else {
            append(UInt8(ascii: ":"))
        }
    }

    /// Removes a member set earlier in the open object, for a key set again to `nil` (which leaves it out).
    mutating func removeMember(_ key: String) {
        guard let earlier = earlierRecord(named: key) else { return }
        records[earlier].holder = MemberRecord.removed
        current.needsFixup = true
    }

    /// The first byte of the value that member `key` of the open object holds now (its last value), or `nil` when
    /// the object has no such member (or keeps no records of its members).
    mutating func heldValueStart(ofMember key: String) -> UInt8? {
        guard let earlier = earlierRecord(named: key), records[earlier].holder >= 0 else { return nil }
        var i = records[records[earlier].holder].keyEnd
        while i < count, base[i] == UInt8(ascii: " ") || base[i] == UInt8(ascii: ":") { i += 1 }
        return i < count ? base[i] : nil
    }

    /// The record of the member `key` set earlier in the open object, found by writing the key after the output
    /// and taking it away again; `nil` when there is none, or the object keeps no records of its members.
    private mutating func earlierRecord(named key: String) -> Int? {
        guard current.kind == .object, current.count > 0, !current.keysAreDistinct, !outOfMemory else { return nil }
        let start = count
        writeString(key)
        defer { truncate(to: start) }
        guard !outOfMemory else { return nil }
        return earlierMember(keyStart: start, keyEnd: count, remember: false)
    }

    @inline(__always)
    mutating func endObject() {
        var written = current.count
        if written > 0, !current.isFixed, !outOfMemory {
            records[current.lastRecord].end = count
            if current.needsFixup || (settings.sortsKeys && written > 1) {
                written = rewriteMembers()
            }
        }
        if current.hasIndex { dropIndex() }
        records.removeSubrange(current.firstRecord...)
        close()
        if settings.pretty { closingNewline(empty: written == 0) }
        append(UInt8(ascii: "}"))
    }

    /// The line break before a closing bracket when pretty: none for an empty container (`[]`), except in
    /// `JSONEncoder`'s style, which puts two newlines and the indentation between its brackets.
    @inline(__always)
    private mutating func closingNewline(empty: Bool) {
        if !empty {
            newline(level: depth)
        } else if settings.foundationStyle {
            append(UInt8(ascii: "\n"))
            newline(level: depth)
        }
    }

    // MARK: Frames

    @inline(__always)
    private mutating func open(_ kind: ContainerKind) {
        stack.append(current)
        current = Frame(kind: kind, bodyStart: count)
    }

    @inline(__always)
    private mutating func close() {
        current = stack.removeLast()
    }

    // MARK: Rewriting an object

    /// Rewrites the body of the object closing now: each key once, in its first position with its last value, in
    /// key order when sorting. Returns how many members remain.
    private mutating func rewriteMembers() -> Int {
        var order: [Int] = []
        order.reserveCapacity(records.count - current.firstRecord)
        for index in current.firstRecord..<records.count where records[index].holder >= 0 {
            order.append(index)
        }
        if settings.sortsKeys {
            let inOrder = zip(order, order.dropFirst()).allSatisfy { keyPrecedes($0, $1) }
            if !inOrder { order.sort { keyPrecedes($0, $1) } } else if !current.needsFixup { return order.count }
        }
        let bodyStart = current.bodyStart
        let bodyCount = count - bodyStart
        guard scratchBytes + bodyCount <= settings.memoryLimit - capacity,
            let copy = RawMemory.allocate(UInt8.self, count: bodyCount)
        else {
            fail(needing: bodyCount)
            return 0
        }
        scratchBytes += bodyCount
        defer {
            RawMemory.free(copy)
            scratchBytes = max(0, scratchBytes - bodyCount)
        }
        copy.update(from: base + bodyStart, count: bodyCount)
        truncate(to: bodyStart)
        for (position, index) in order.enumerated() {
            let source = records[records[index].holder]
            if position > 0 { append(UInt8(ascii: ",")) }
            if settings.pretty { newline(level: depth) }
            append(
                UnsafeRawBufferPointer(start: copy + (source.keyStart - bodyStart), count: source.end - source.keyStart)
            )
        }
        return order.count
    }

    /// Whether the key of record `a` sorts before the key of record `b`, by Unicode scalars.
    private func keyPrecedes(_ a: Int, _ b: Int) -> Bool {
        let (ra, rb) = (records[a], records[b])
        let first = UnsafeBufferPointer(start: base + ra.keyStart + 1, count: ra.keyEnd - ra.keyStart - 2)
        let second = UnsafeBufferPointer(start: base + rb.keyStart + 1, count: rb.keyEnd - rb.keyStart - 2)
        let backslash = UInt8(ascii: "\\")
        if !first.contains(backslash) && !second.contains(backslash) {
            // UTF-8 orders like the scalars it encodes.
            return first.lexicographicallyPrecedes(second)
        }
        return key(of: a).utf8.lexicographicallyPrecedes(key(of: b).utf8)
    }
}
