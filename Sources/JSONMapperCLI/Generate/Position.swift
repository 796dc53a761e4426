import JSONMapper

/// What the samples say about the values at one position of the documents: `statuses[].user` is one position,
/// whichever status and whichever sample the user came from.
///
/// The counters are `@exclusivity(unchecked)`: positions are used by one thread, and the run-time checks of every
/// `+= 1` on a class's property were 40% of the time to read a sample of hundreds of megabytes.
final class Position {
    /// The kinds of non-null values seen here.
    enum Seen: Int, Hashable, CaseIterable {
        case bool, int, uint64, double, string, object, array
    }

    /// How many values of each kind: a counter per kind, without the hashing a dictionary would cost per value.
    struct Counts {
        private var values: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

        subscript(kind: Seen) -> Int {
            get {
                switch kind {
                case .bool: values.0
                case .int: values.1
                case .uint64: values.2
                case .double: values.3
                case .string: values.4
                case .object: values.5
                case .array: values.6
                }
            }
            set {
                switch kind {
                case .bool: values.0 = newValue
                case .int: values.1 = newValue
                case .uint64: values.2 = newValue
                case .double: values.3 = newValue
                case .string: values.4 = newValue
                case .object: values.5 = newValue
                case .array: values.6 = newValue
                }
            }
        }
    }

    /// The member name this position was reached by (`user`), empty for the root and array elements.
    let key: String
    /// Whether this position holds the elements of an array (its type is named in the singular).
    let isElement: Bool
    /// The object position this one belongs to, for naming (`Status` + `User`).
    weak var owner: Position?

    /// How many non-null values of each kind were seen here.
    @exclusivity(unchecked) var counts = Counts()
    @exclusivity(unchecked) var nullCount = 0

    /// The kinds of non-null values seen here.
    var kinds: Set<Seen> { Set(Seen.allCases.filter { counts[$0] > 0 }) }

    // Strings
    /// Whether every string seen here is an absolute http(s) URL that `URL` gives back as the same text.
    @exclusivity(unchecked) var allStringsAreURLs = true
    /// Whether every string seen here is a date-time that JSONMapper writes back as the same text.
    @exclusivity(unchecked) var allStringsAreDates = true
    /// The distinct strings seen here, with their counts, in the order first seen, while they are few and short
    /// enough to be an enum's cases (see ``StringValues``).
    @exclusivity(unchecked) var strings = StringValues()

    /// Whether a string's text can still change what this position becomes (a URL, a date, an enum); once it
    /// cannot, strings are counted without being decoded.
    var needsStringText: Bool {
        allStringsAreURLs || allStringsAreDates || !strings.overflowed
    }

    // Objects
    @exclusivity(unchecked) var objectCount = 0
    @exclusivity(unchecked) private(set) var fields: [Field] = []
    /// The fields by key, told apart by Unicode scalars as the getters tell them apart (`"\u{E9}"` and
    /// `"e\u{301}"` are two members, so two fields).
    @exclusivity(unchecked) private var fieldIndex: [ExactKey: Int] = [:]
    /// Whether every object seen here had only data keys (ids, numbers) and at least one member.
    @exclusivity(unchecked) var allKeysAreData = true
    /// All members' values together, for when this position turns out to be a dictionary.
    private(set) var dictionaryValues: Position?

    // Arrays
    private(set) var elements: Position?

    /// One member of the objects at a position.
    final class Field {
        let key: String
        let position: Position
        /// Whether the key is data rather than a name (``ShapeInference/isDataKey(_:)``).
        let isDataKey: Bool
        /// In how many objects the member was present with a value other than `null`.
        @exclusivity(unchecked) var presentCount = 0
        /// The number of the last object the member was seen in, to take a repeated key's last value only.
        @exclusivity(unchecked) var lastObject = -1

        init(key: String, position: Position, isDataKey: Bool) {
            self.key = key
            self.position = position
            self.isDataKey = isDataKey
        }
    }

    init(key: String, isElement: Bool, owner: Position?) {
        self.key = key
        self.isElement = isElement
        self.owner = owner
    }

    /// The field for `key`, made on first use; `nil` for a data key once a dictionary has so many that their
    /// per-key fields would only cost memory (their values are all in ``dictionaryValues``).
    func field(_ key: String) -> Field? {
        if let index = fieldIndex[ExactKey(key)] { return fields[index] }
        let isDataKey = ShapeInference.isDataKey(key)
        if isDataKey && allKeysAreData && fields.count >= Self.dataKeyFieldLimit { return nil }
        let position = Position(key: key, isElement: false, owner: self)
        let field = Field(key: key, position: position, isDataKey: isDataKey)
        fieldIndex[ExactKey(key)] = fields.count
        fields.append(field)
        return field
    }

    /// How many distinct data keys get fields of their own: enough to see that the object is a dictionary.
    static let dataKeyFieldLimit = 256

    func elementPosition() -> Position {
        if let elements { return elements }
        let position = Position(key: key, isElement: true, owner: owner)
        elements = position
        return position
    }

    func dictionaryValuePosition() -> Position {
        if let dictionaryValues { return dictionaryValues }
        let position = Position(key: key, isElement: true, owner: owner)
        dictionaryValues = position
        return position
    }

    /// Whether the objects here must be a model whatever their keys: the top-level model, which no getter could
    /// read as a dictionary.
    var mustBeModel = false

    /// Whether the objects here are a dictionary keyed by data: every object had members, all with data keys.
    var isDictionary: Bool {
        !mustBeModel && counts[.object] > 0 && allKeysAreData && !fields.isEmpty
    }

    /// Whether every object here was empty: nothing says what its members are.
    var isAlwaysEmptyObject: Bool {
        !mustBeModel && counts[.object] > 0 && fields.isEmpty
    }

    /// This position and every one below it, parents before children, in field order.
    var preorder: [Position] {
        var order: [Position] = []
        var stack: [Position] = [self]
        while let position = stack.popLast() {
            order.append(position)
            // A dictionary's members are all one position, its values; the per-key fields are not types of their own.
            var children = position.isDictionary ? [] : position.fields.map(\.position)
            if let elements = position.elements { children.append(elements) }
            if let values = position.dictionaryValues { children.append(values) }
            stack.append(contentsOf: children.reversed())
        }
        return order
    }
}

/// The distinct strings of a position while they could be an enum's cases: at most ``limit`` of them, none longer
/// than ``maximumLength`` bytes. Past that it forgets them, so memory stays constant however large the samples.
struct StringValues {
    static let limit = 10
    static let maximumLength = 40

    /// The values in the order first seen, with how often each was seen; empty once there are too many.
    private(set) var list: [(text: String, count: Int)] = []
    /// Whether there were more values, or longer ones, than an enum takes.
    private(set) var overflowed = false
    /// How many strings were seen in all.
    private(set) var total = 0

    /// The values and their counts, or `nil` when there were too many.
    var values: [(text: String, count: Int)]? { overflowed ? nil : list }

    mutating func add(_ text: String) {
        total += 1
        guard !overflowed else { return }
        if let index = list.firstIndex(where: { $0.text == text }) {
            list[index].count += 1
        } else if list.count < Self.limit && text.utf8.count <= Self.maximumLength {
            list.append((text, 1))
        } else {
            overflowed = true
            list = []
        }
    }

    /// These values and `other`'s together, for a type merged from several positions.
    func merged(with other: StringValues) -> StringValues {
        var result = self
        result.total += other.total
        guard !overflowed, !other.overflowed else {
            result.overflowed = true
            result.list = []
            return result
        }
        for (text, count) in other.list {
            if let index = result.list.firstIndex(where: { $0.text == text }) {
                result.list[index].count += count
            } else {
                result.list.append((text, count))
            }
        }
        if result.list.count > Self.limit {
            result.overflowed = true
            result.list = []
        }
        return result
    }
}
