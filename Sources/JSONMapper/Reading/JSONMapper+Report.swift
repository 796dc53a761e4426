import Foundation

// Strict decoding that keeps what `decode` throws away on success: the elements a lenient array dropped, the optional
// values of the wrong type, the coercions and fallbacks applied.

extension JSONMapper {
    /// A model decoded strictly, with every problem that did not make it fail and every notice.
    ///
    /// ```swift
    /// let report = try JSONMapper.decodeWithReport(Timeline.self, from: data)
    /// let timeline = report.model
    /// for error in report.errors { log.warning("\(error)") }   // statuses[3]: dropped from [Status]: …
    /// ```
    public struct Report<Model> {
        /// The decoded model.
        public let model: Model

        /// The problems recorded while mapping, in the order found, none of which made the decode fail: elements
        /// that a lenient `getArray(_:ofClass:)` dropped and why, optional values of the wrong type, failures
        /// contained in `getObject`.
        public let errors: [JSONMappingError]

        /// The conversions and enum fallbacks applied (see ``JSONDeserializationContext/notices``).
        public let notices: [JSONMappingNotice]

        /// The members that no getter read (see ``JSONDeserializationContext/unknownKeys``); empty unless
        /// ``Options/reportsUnknownKeys`` is set.
        public let unknownKeys: [String]

        init(model: Model, context: JSONDeserializationContext) {
            self.model = model
            self.errors = context.errors
            self.notices = context.notices
            self.unknownKeys = context.unknownKeys
        }
    }

    /// Decodes a model strictly, as ``decode(_:from:engine:options:)-(T.Type,Data,_,_)``, and returns it with the
    /// problems and notices recorded on the way.
    ///
    /// - Parameters:
    ///   - type: The model type; the top-level value must be an object.
    ///   - data: UTF-8 JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The model, its non-fatal errors and its notices.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail.
    public static func decodeWithReport<T: JSONSerializable>(
        _ type: T.Type, from data: Data, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> Report<T> {
        let context = context(data, engine: engine, options: options)
        let model = try context.decodeRoot { $0.requireRootObject(ofClass: type) }
        return Report(model: model, context: context)
    }

    /// Decodes a model strictly from JSON text held in a `String`, with its report.
    ///
    /// - Parameters:
    ///   - type: The model type; the top-level value must be an object.
    ///   - string: JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The model, its non-fatal errors and its notices.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail.
    public static func decodeWithReport<T: JSONSerializable>(
        _ type: T.Type, from string: String, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> Report<T> {
        try decodeWithReport(type, from: Data(string.utf8), engine: engine, options: options)
    }

    /// Decodes a top-level array of models strictly, as ``decode(_:from:engine:options:)-(_,Data,_,_)->[T]`` does for
    /// `[Item].self`, with its report.
    ///
    /// - Parameters:
    ///   - type: The array type, such as `[Item].self`.
    ///   - data: UTF-8 JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The models, their non-fatal errors and their notices.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail, with a path such as `[2].name`.
    public static func decodeWithReport<T: JSONSerializable>(
        _ type: [T].Type, from data: Data, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> Report<[T]> {
        let context = context(data, engine: engine, options: options)
        let models = try context.decodeRoot { $0.requireArray(ofClass: T.self) }
        return Report(model: models, context: context)
    }

    /// Decodes a top-level array of models strictly from JSON text held in a `String`, with its report.
    ///
    /// - Parameters:
    ///   - type: The array type, such as `[Item].self`.
    ///   - string: JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The models, their non-fatal errors and their notices.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail, with a path such as `[2].name`.
    public static func decodeWithReport<T: JSONSerializable>(
        _ type: [T].Type, from string: String, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> Report<[T]> {
        try decodeWithReport(type, from: Data(string.utf8), engine: engine, options: options)
    }
}

/// A report is `Sendable` when its model is.
extension JSONMapper.Report: Sendable where Model: Sendable {}
