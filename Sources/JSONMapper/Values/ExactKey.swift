import Foundation

/// A member name compared and hashed by its Unicode scalars, as JSON tells keys apart, rather than by Swift's
/// canonical equivalence.
///
/// Swift's `String` `==`, hashing, `Set<String>` and `[String: T]` treat `"\u{E9}"` (é) and `"e\u{301}"` (e and a
/// combining accent) as one string, although they are two different JSON keys. Everything in the library that
/// stores, compares or hashes keys or path components goes through this type (or ``equal(_:_:)``), so that the
/// getters, `keys`, `unknownKeys`, the streaming path, `JSONValue` and the generator agree: a key is found only
/// when its scalars are the ones asked for. The native getters compare UTF-8 bytes on the tape, which is the same
/// rule.
package struct ExactKey: Hashable, Sendable {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    /// Whether `a` and `b` have the same Unicode scalars: the same UTF-8 bytes.
    @inline(__always)
    package static func equal(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.utf8, b.utf8)
        guard x.count == y.count else { return false }
        let compared = x.withContiguousStorageIfAvailable { first in
            y.withContiguousStorageIfAvailable { second in
                // The counts are equal: both addresses exist unless both are empty.
                guard let p = first.baseAddress, let q = second.baseAddress else { return true }
                return memcmp(p, q, first.count) == 0
            }
        }
        return (compared ?? nil) ?? x.elementsEqual(y)
    }

    package static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        equal(lhs.text, rhs.text)
    }

    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        guard hashed == nil else { return }
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension Dictionary where Key == String {
    /// Stores the value of member `key` in a dictionary a getter returns. A `Dictionary` holds keys that differ only
    /// in normalization as one key: a later member whose key differs from an earlier one that way replaces it, its
    /// key as written and its value, as a repeated key does (the later member wins).
    @inlinable
    mutating func _setMember(_ key: String, _ value: Value) {
        if updateValue(value, forKey: key) != nil { _respell(key) }
    }

    /// After a member replaced the value of a key that `Dictionary` holds as equal to `key`: makes the stored key
    /// `key` as written when its scalars differ.
    @usableFromInline
    mutating func _respell(_ key: String) {
        guard let index = index(forKey: key), !ExactKey.equal(self[index].key, key) else { return }
        let value = remove(at: index).value
        self[key] = value
    }
}
