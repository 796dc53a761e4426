extension JSONMapper {
    /// The elements of the array at `path` in a JSON text read from an async source, one context each, as
    /// ``elements(of:at:options:)-(InputStream,_,_)`` streams an `InputStream`: the same contexts and the same errors, message, line,
    /// column and path, however the bytes are cut into chunks.
    ///
    /// ```swift
    /// for await element in JSONMapper.elements(of: response.body, at: ["records"]) {
    ///     let record = Record(element)        // errors read "records[48213].name: …"
    /// }
    /// ```
    ///
    /// The whole input is validated, before and after the array too; a syntax error anywhere ends the sequence with
    /// one invalid context carrying it. Elements are handed out as the chunks that complete them arrive. A source
    /// that throws gives one invalid context (`line 3, column 9: the source failed after 4096 bytes: …`) after every
    /// element that was whole before the failure, and no other: a number or literal is whole only once the byte after
    /// it has arrived. When the consuming task is cancelled, the sequence ends (`nil`, nothing thrown) as soon as the
    /// source hands back control, and asks it for nothing more. After the end, `next()` keeps returning `nil`.
    ///
    /// - Parameters:
    ///   - source: An async sequence of byte chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, a server's buffers).
    ///   - path: The member names and indices that lead to the array; `[]` for a top-level array.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A sequence of contexts, one per element, in order.
    /// - Complexity: One pass over the input; memory as for ``elements(of:at:options:)-(InputStream,_,_)``, whatever the input's size.
    public static func elements<Source: AsyncSequence>(
        of source: Source, at path: [JSONPathElement] = [], options: Options = .default
    ) -> AsyncElementSequence<Source> where Source.Element: Sequence<UInt8> {
        AsyncElementSequence(source: source, path: path, options: options, feed: .chunks())
    }

    /// The elements of the array at `path` in a JSON text read from an async source of single bytes
    /// (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`), as ``elements(of:at:options:)-9wz1b`` reads chunks.
    ///
    /// The bytes are gathered into runs that end where an element of the array can end (a `,` `]` or `}` at its
    /// level, not inside the elements or their strings; a string element's closing quote; whitespace after a number
    /// or literal) and at each `\n`, so that an element is handed out as soon as it has arrived while the engine
    /// runs about once per element, not once per byte.
    ///
    /// - Parameters:
    ///   - source: An async sequence of bytes.
    ///   - path: The member names and indices that lead to the array; `[]` for a top-level array.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A sequence of contexts, one per element, in order.
    @inlinable
    public static func elements<Source: AsyncSequence>(
        of source: Source, at path: [JSONPathElement] = [], options: Options = .default
    ) -> AsyncElementSequence<Source> where Source.Element == UInt8 {
        AsyncElementSequence(
            source: source, path: path, options: options, feed: .bytes(until: .elements(depth: path.count + 1)))
    }

    /// The first error of a whole JSON text read from an async source, or `nil`, in bounded memory: the error
    /// ``validate(_:options:)-(InputStream,_)`` returns for the same bytes read from an `InputStream`.
    ///
    /// As there, an input that ends within 8 MB is held whole and scanned in one pass, so an error in the first
    /// 8 MB of a source that does not end is reported once 8 MB have arrived, and a source that fails within 8 MB
    /// is reported by its failure even after a syntax error.
    ///
    /// ```swift
    /// if let error = await JSONMapper.validate(request.body) { return .badRequest(error.description) }
    /// ```
    ///
    /// - Parameters:
    ///   - source: An async sequence of byte chunks.
    ///   - options: The depth limit applies.
    /// - Returns: The first syntax error; the source's failure (`the source failed after 81920 bytes: …`) wherever
    ///   it fails; `the task was cancelled after 81920 bytes` when the consuming task is cancelled before the end
    ///   (never `nil` then); `nil` when the input is a JSON text.
    public static func validate<Source: AsyncSequence>(
        _ source: Source, options: Options = .default
    ) async -> JSONMappingError? where Source.Element: Sequence<UInt8> {
        await validate(source, feed: .chunks(), options: options)
    }

    /// The first error of a whole JSON text read from an async source of single bytes, or `nil`, as
    /// ``validate(_:options:)-69c5t`` checks chunks.
    ///
    /// - Parameters:
    ///   - source: An async sequence of bytes.
    ///   - options: The depth limit applies.
    /// - Returns: The first syntax, source or cancellation error; `nil` when the input is a JSON text.
    @inlinable
    public static func validate<Source: AsyncSequence>(
        _ source: Source, options: Options = .default
    ) async -> JSONMappingError? where Source.Element == UInt8 {
        await validate(source, feed: .bytes(until: .none), options: options)
    }

    @usableFromInline
    static func validate<Source: AsyncSequence>(
        _ source: Source, feed: AsyncChunkFeed<Source>, options: Options
    ) async -> JSONMappingError? {
        var reader = AsyncChunkReader(source, feed: feed)
        let window: StreamWindow
        do {
            window = try StreamWindow()
        } catch {
            return error
        }
        func pull() async {
            switch await reader.next(into: window) {
            case .received: break
            case .ended: window.finish()
            case .failed(let error): window.fail(after: error)
            case .cancelled: window.cancel()
            }
        }
        // Read ahead as the InputStream form does (`StreamWindow.readWhole(upTo:)`), for the same answers: an input
        // that ends within the whole-scan limit is scanned whole, in one pass; a longer one is walked from the bytes
        // read so far.
        while !window.atEnd && window.count <= StructureWalker.wholeScanLimit {
            await pull()
        }
        if window.atEnd && window.count <= StructureWalker.wholeScanLimit {
            return validateWhole(window, options: options)
        }
        let walker = StructureWalker(window: window, options: options, target: nil)
        while true {
            if let result = walker.validateSoFar() { return result }
            await pull()
        }
    }

    /// The contexts of the elements of one array in a JSON text read from an async source: see
    /// ``JSONMapper/elements(of:at:options:)-9wz1b``.
    ///
    /// Each iteration makes its own iterator of the source: iterate it again only when the source can be iterated
    /// again.
    public struct AsyncElementSequence<Source: AsyncSequence>: AsyncSequence {
        /// A context per element.
        public typealias Element = JSONDeserializationContext
        /// Nothing is thrown: failures are invalid contexts.
        public typealias Failure = Never

        let source: Source
        let path: [PathComponent]
        let options: Options
        let feed: AsyncChunkFeed<Source>

        @usableFromInline
        init(source: Source, path: [JSONPathElement], options: Options, feed: AsyncChunkFeed<Source>) {
            self.source = source
            self.path = path.map(\.component)
            self.options = options
            self.feed = feed
        }

        /// An iterator that reads the source as it goes.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(reader: AsyncElementReader(self))
        }

        /// Reads the source as far as the next element, and gives its context.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var reader: AsyncElementReader<Source>

            /// The next element's context; an invalid context that ends the sequence; `nil` at the end, once the
            /// task is cancelled, and ever after.
            public mutating func next() async -> JSONDeserializationContext? {
                await reader.next()
            }
        }
    }
}

extension JSONMapper.AsyncElementSequence: Sendable where Source: Sendable {}

/// One iteration over an ``JSONMapper/AsyncElementSequence``: the source's iterator, a pushed window and the walker
/// that reads it, made on the first `next()`.
struct AsyncElementReader<Source: AsyncSequence> {
    private var reader: AsyncChunkReader<Source>
    private let path: [PathComponent]
    private let options: JSONMapper.Options
    private var walker: StructureWalker?
    private var finished = false

    init(_ sequence: JSONMapper.AsyncElementSequence<Source>) {
        reader = AsyncChunkReader(sequence.source, feed: sequence.feed)
        path = sequence.path
        options = sequence.options
    }

    mutating func next() async -> JSONDeserializationContext? {
        guard !finished else { return nil }
        guard !Task.isCancelled else { return end() }
        if walker == nil {
            do {
                walker = StructureWalker(window: try StreamWindow(), options: options, target: path)
            } catch {
                finished = true
                return .makeInvalid(error, options: options)
            }
        }
        guard let walker else { return end() }
        while true {
            switch walker.poll() {
            case .record(let record):
                return record.context(options: options)
            case .end:
                return end()
            case .needsInput:
                switch await reader.next(into: walker.window) {
                case .received: break
                case .ended: walker.window.finish()
                case .failed(let error): walker.window.fail(after: error)
                case .cancelled: return end()
                }
            }
        }
    }

    /// Ends the iteration, letting go of the buffers: every later `next()` gives `nil`.
    private mutating func end() -> JSONDeserializationContext? {
        finished = true
        walker = nil
        return nil
    }
}
