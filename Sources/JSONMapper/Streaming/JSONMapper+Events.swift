extension JSONMapper {
    /// Server-sent events (the HTML standard's `text/event-stream`) from an async source of byte chunks: the way
    /// language-model APIs stream their answers, one JSON `data:` per event.
    ///
    /// ```swift
    /// for try await event in JSONMapper.events(response.body) {
    ///     guard event.data != "[DONE]" else { break }
    ///     let chunk = ChatChunk(event.context())
    /// }
    /// ```
    ///
    /// The stream is read as the standard says (see ``ServerSentEvent``): a leading byte-order mark is skipped;
    /// lines end at CRLF, LF or CR, wherever the chunks are cut; `:` starts a comment (the keep-alives servers send);
    /// `data` lines join with `"\n"`; `event` sets the type; `id` sets the last event ID, which persists; `retry`
    /// belongs to the event it came in; a blank line dispatches the event unless its data is empty; invalid UTF-8
    /// becomes U+FFFD; an event still open at the end is dropped. Each event is handed out as soon as its blank line
    /// has arrived.
    ///
    /// - Parameter source: An async sequence of byte chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, a server's
    ///   buffers).
    /// - Returns: A sequence of events that throws the source's error after the events dispatched before it, so that
    ///   a client knows to reconnect with the last event ID; it ends (`nil`, nothing thrown) when the consuming task
    ///   is cancelled.
    public static func events<Source: AsyncSequence>(_ source: Source) -> AsyncEventSequence<Source>
    where Source.Element: Sequence<UInt8> {
        AsyncEventSequence(source: source, feed: .chunks())
    }

    /// Server-sent events from an async source of single bytes (`URLSession.AsyncBytes`), as
    /// ``events(_:)-1c54`` reads chunks.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// for try await event in JSONMapper.events(bytes) { … }
    /// ```
    ///
    /// - Parameter source: An async sequence of bytes.
    /// - Returns: A sequence of events, as ``events(_:)-1c54`` gives.
    @inlinable
    public static func events<Source: AsyncSequence>(_ source: Source) -> AsyncEventSequence<Source>
    where Source.Element == UInt8 {
        AsyncEventSequence(source: source, feed: .bytes(until: .lineEnds))
    }

    /// The events of a `text/event-stream` read from an async source: see ``JSONMapper/events(_:)-1c54``.
    ///
    /// Each iteration makes its own iterator of the source: iterate it again only when the source can be iterated
    /// again.
    public struct AsyncEventSequence<Source: AsyncSequence>: AsyncSequence {
        /// A dispatched event.
        public typealias Element = ServerSentEvent
        /// The source's error, thrown after the events dispatched before it.
        public typealias Failure = any Error

        let source: Source
        let feed: AsyncChunkFeed<Source>

        @usableFromInline
        init(source: Source, feed: AsyncChunkFeed<Source>) {
            self.source = source
            self.feed = feed
        }

        /// An iterator that reads the source as it goes.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(reader: AsyncChunkReader(source, feed: feed))
        }

        /// Reads the source as far as the next event.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var reader: AsyncChunkReader<Source>
            let parser = EventStreamParser()
            var finished = false
            /// The source's error, thrown once the events dispatched before it were handed out.
            var failure: (any Error)?

            /// The next event; `nil` at the end, once the task is cancelled, and ever after.
            ///
            /// - Throws: The source's error, once, after the events dispatched before it.
            public mutating func next() async throws -> ServerSentEvent? {
                while !finished {
                    if let event = parser.next() { return event }
                    if let error = failure {
                        finished = true
                        failure = nil
                        throw error
                    }
                    switch await reader.next(into: parser) {
                    case .received:
                        break
                    case .ended:
                        parser.finish()
                        finished = true
                    case .cancelled:
                        finished = true
                    case .failed(let error):
                        parser.finish()
                        failure = error
                    }
                }
                return nil
            }
        }
    }
}

extension JSONMapper.AsyncEventSequence: Sendable where Source: Sendable {}
