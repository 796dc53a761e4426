extension JSONMapper {
    /// Settings for parsing and mapping, passed where the context is made.
    ///
    /// ```swift
    /// var options = JSONMapper.Options()
    /// options.dateStrategy = .millisecondsSince1970
    /// options.coercion = .lenient
    /// let context = JSONMapper.context(data, options: options)
    /// ```
    public struct Options: Sendable {
        /// How deeply arrays and objects may nest; deeper input is malformed. The default is 512.
        ///
        /// At least 1: a smaller value, whether set here or passed to the initializer, is read as 1. `Int.max` sets no
        /// limit.
        public var maximumDepth: Int {
            get { depthLimit }
            set { depthLimit = max(1, newValue) }
        }

        /// The limit ``maximumDepth`` gives, never below 1.
        private var depthLimit = 512

        /// How `getDate` and `[Date]` arrays read dates unless a getter names its own strategy.
        /// The default is ``DateStrategy/iso8601``.
        public var dateStrategy: DateStrategy

        /// Which values of the wrong type getters convert instead of rejecting. The default is
        /// ``CoercionPolicy/strict``: none.
        public var coercion: CoercionPolicy

        /// Whether to track which members getters read, so that ``JSONDeserializationContext/unknownKeys`` can list
        /// the others. Off by default: tracking costs a little on every read.
        public var reportsUnknownKeys: Bool

        /// Creates options.
        ///
        /// - Parameters:
        ///   - maximumDepth: How deeply arrays and objects may nest (at least 1; a smaller value is read as 1).
        ///   - dateStrategy: How dates are read by default.
        ///   - coercion: Which conversions between types getters may apply.
        ///   - reportsUnknownKeys: Whether to track the members that no getter read.
        public init(
            maximumDepth: Int = 512, dateStrategy: DateStrategy = .iso8601, coercion: CoercionPolicy = .strict,
            reportsUnknownKeys: Bool = false
        ) {
            depthLimit = max(1, maximumDepth)
            self.dateStrategy = dateStrategy
            self.coercion = coercion
            self.reportsUnknownKeys = reportsUnknownKeys
        }

        /// The defaults: depth limit 512, ISO 8601 dates, strict types, no unknown-key tracking.
        public static var `default`: Options { Options() }
    }
}
