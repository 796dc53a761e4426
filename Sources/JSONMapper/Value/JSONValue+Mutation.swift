// Editing a `JSONValue` in place through its subscripts.
//
// Every accessor here has a `_modify` that takes the container out of its enum case (leaving `.null` behind for the
// moment) and the child out of the container, so that the buffers on the path stay uniquely referenced and a chain
// such as `doc["items"]?[i]?["seen"] = true` changes them in place instead of copying each one.

extension JSONValue {
    /// Member `key`; setting replaces in place or appends, `nil` removes.
    ///
    /// Reading gives the member's value when this is an object that has one, `nil` otherwise. Setting a value
    /// replaces the member where it is, or appends a new member at the end; setting `nil` removes the member and
    /// keeps the others in order; `.null` stores `null`. On a value that is not an object, setting changes nothing.
    ///
    /// ```swift
    /// var doc: JSONValue = ["b": 1, "a": [["id": 7]]]
    /// doc["c"] = true              // {"b":1,"a":[{"id":7}],"c":true}
    /// doc["b"] = nil               // {"a":[{"id":7}],"c":true}
    /// doc["a"]?[0]?["seen"] = .null // {"a":[{"id":7,"seen":null}],"c":true}
    /// doc["a"]?[5]?["x"] = 1       // no element 5: nothing changes
    /// ```
    ///
    /// - Parameter key: The member name, compared by Unicode scalars (`"é"` as one scalar and as `e` plus a
    ///   combining accent are two keys).
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set {
            guard case .object(var object) = self else { return }
            self = .null
            object[key] = newValue
            self = .object(object)
        }
        _modify {
            guard case .object(var object) = self else {
                var nothing: JSONValue? = nil
                yield &nothing
                return
            }
            self = .null
            defer { self = .object(object) }
            yield &object[key]
        }
    }

    /// Element `index`; setting replaces, `nil` removes.
    ///
    /// Reading gives the element when this is an array and `index` is one of its positions, `nil` otherwise
    /// (a negative index too). Setting a value replaces the element; setting `nil` removes it and closes the gap.
    /// On a value that is not an array, or at an index out of range, setting changes nothing and never traps: Swift
    /// writes `nil` there when a chain such as `doc["a"]?[5]?["b"] = 1` stops. To add elements, set the whole
    /// array (`doc["tags"] = .array(tags + ["new"])`) or apply a ``JSONPatch``.
    ///
    /// - Parameter index: The position, from 0.
    public subscript(index: Int) -> JSONValue? {
        get {
            guard case .array(let array) = self, array.indices.contains(index) else { return nil }
            return array[index]
        }
        set {
            guard case .array(var array) = self, array.indices.contains(index) else { return }
            self = .null
            if let newValue {
                array[index] = newValue
            } else {
                array.remove(at: index)
            }
            self = .array(array)
        }
        _modify {
            guard case .array(var array) = self, array.indices.contains(index) else {
                var nothing: JSONValue? = nil
                yield &nothing
                return
            }
            self = .null
            var element: JSONValue? = array[index]
            array[index] = .null
            defer {
                if let element {
                    array[index] = element
                } else {
                    array.remove(at: index)
                }
                self = .array(array)
            }
            yield &element
        }
    }
}

extension JSONValue.Object {
    /// The value of member `key`, or `nil`; setting `nil` removes the member, setting a new key appends it.
    ///
    /// ```swift
    /// var object: JSONValue.Object = ["b": 1, "a": ["x": 1]]
    /// object["a"]?["y"] = 2   // changed in place: {"b":1,"a":{"x":1,"y":2}}
    /// ```
    ///
    /// - Parameter key: The member name, compared by Unicode scalars.
    public subscript(key: String) -> JSONValue? {
        get {
            index(forKey: key).map { members[$0].value }
        }
        set {
            if let position = index(forKey: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
        _modify {
            if let position = index(forKey: key) {
                // The member's value leaves the array while it changes, so that its buffers are not shared.
                var value: JSONValue? = members[position].value
                members[position].value = .null
                defer {
                    if let value {
                        members[position].value = value
                    } else {
                        remove(at: position)
                    }
                }
                yield &value
            } else {
                var value: JSONValue? = nil
                defer {
                    if let value { append(key, value) }
                }
                yield &value
            }
        }
    }

    /// Appends a member whose key is not in the object yet.
    mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key, value))
        if positions != nil {
            positions?[ExactKey(key)] = members.count - 1
        } else {
            reindex()
        }
    }

    /// Removes the member at `position`, keeping the others in order.
    mutating func remove(at position: Int) {
        let removed = members.remove(at: position)
        guard var table = positions else { return }
        positions = nil
        table[ExactKey(removed.key)] = nil
        // Move the positions after it down one, in place, without hashing the keys again.
        if position < members.count {
            for index in table.indices where table.values[index] > position {
                table.values[index] -= 1
            }
        }
        positions = table
    }

    /// Replaces the value of the member at `position`.
    mutating func setValue(_ value: JSONValue, at position: Int) {
        members[position].value = value
    }

    /// Takes the value of the member at `position` out of the object, leaving `null` in its place until
    /// ``setValue(_:at:)`` puts one back, so that the caller holds the only reference to its buffers.
    mutating func takeValue(at position: Int) -> JSONValue {
        let value = members[position].value
        members[position].value = .null
        return value
    }
}

extension JSONValue {
    /// The array this value holds, moved out (`null` is left behind), so that the caller holds the only reference
    /// to its buffer and changes it in place; `nil`, and nothing changed, when this is not an array.
    ///
    /// A `switch` over an `inout` value keeps a copy of it for the whole switch, which would make every change
    /// inside a case copy the container; a `guard case` lets go of its copy before the next statement.
    mutating func takeArray() -> [JSONValue]? {
        guard case .array(let array) = self else { return nil }
        self = .null
        return array
    }

    /// The object this value holds, moved out as ``takeArray()`` moves an array; `nil` when this is not an object.
    mutating func takeObject() -> Object? {
        guard case .object(let object) = self else { return nil }
        self = .null
        return object
    }
}
