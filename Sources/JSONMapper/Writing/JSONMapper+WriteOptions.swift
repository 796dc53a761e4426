extension JSONMapper {
    /// Settings for writing JSON, passed to ``JSONMapper/data(from:options:)-6uf0e`` and its siblings.
    ///
    /// ```swift
    /// let text = try JSONMapper.string(from: person, options: JSONMapper.WriteOptions(prettyPrinted: true))
    /// ```
    ///
    /// Every switch is off by default: compact UTF-8 text, members in the order they were set, `nil` left out,
    /// ISO 8601 dates, `/` and non-ASCII characters written as they are.
    public struct WriteOptions: Sendable {
        /// Whether to put every element and member on its own line, indented by ``indentWidth`` spaces per level,
        /// with `"key": value`. Empty containers stay `{}` and `[]`; the text ends without a newline.
        public var prettyPrinted: Bool

        /// Whether to order every object's members by their keys' Unicode scalars, at every level.
        public var sortedKeys: Bool

        /// Whether `set(key, nil)` writes `"key":null` instead of leaving the key out.
        public var writesNilAsNull: Bool

        /// How dates are written unless `set(_:_:strategy:)` names its own strategy.
        public var dateStrategy: DateStrategy

        /// Whether to write `/` as `\/` (for text embedded in HTML `<script>` elements).
        public var escapesSlashes: Bool

        /// Whether to write every character outside ASCII as `\uXXXX` (a surrogate pair above U+FFFF), so that the
        /// text is pure ASCII.
        public var escapesNonASCII: Bool

        /// The spaces per level of pretty-printed output; 2 by default.
        public var indentWidth: Int

        /// The most bytes a write may hold at once, its output included: for tests of what happens when memory runs
        /// out, without running this machine out of it. Unlimited (the machine's memory) by default.
        package var memoryLimit = Int.max

        /// Creates options.
        ///
        /// - Parameters:
        ///   - prettyPrinted: Whether to indent, one element or member per line.
        ///   - sortedKeys: Whether to order members by key at every level.
        ///   - writesNilAsNull: Whether `nil` members are written as `null` rather than left out.
        ///   - dateStrategy: How dates are written by default.
        ///   - escapesSlashes: Whether to write `/` as `\/`.
        ///   - escapesNonASCII: Whether to write non-ASCII characters as `\uXXXX`.
        ///   - indentWidth: Spaces per level when pretty-printing (0 to 16).
        public init(
            prettyPrinted: Bool = false, sortedKeys: Bool = false, writesNilAsNull: Bool = false,
            dateStrategy: DateStrategy = .iso8601, escapesSlashes: Bool = false, escapesNonASCII: Bool = false,
            indentWidth: Int = 2
        ) {
            self.prettyPrinted = prettyPrinted
            self.sortedKeys = sortedKeys
            self.writesNilAsNull = writesNilAsNull
            self.dateStrategy = dateStrategy
            self.escapesSlashes = escapesSlashes
            self.escapesNonASCII = escapesNonASCII
            self.indentWidth = indentWidth
        }

        /// Compact output, members in the order set, `nil` left out, ISO 8601 dates.
        public static var `default`: WriteOptions { WriteOptions() }

        /// The writer's settings.
        var settings: JSONWriter.Settings {
            JSONWriter.Settings(
                pretty: prettyPrinted, sortsKeys: sortedKeys, escapesSlashes: escapesSlashes,
                escapesNonASCII: escapesNonASCII, indentWidth: min(max(indentWidth, 0), 16), memoryLimit: memoryLimit)
        }
    }
}
