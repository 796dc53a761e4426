import Foundation
import Hummingbird
import JSONMapper

// The two conformances that make the bridge Hummingbird's coders. The request body is decoded where it lies, in
// the body's buffer, through the decoder's bytes overload: no copy into a `Data`.

extension JSONMapperDecoder: @retroactive RequestDecoder {
    /// Decodes the request's body. A body that is not JSON, or does not fit `T`, is a 400 whose text says where:
    /// `line 1, column 12: …` for malformed JSON, the culprit's path (`user.id: …`) for a value of the wrong type.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
        async throws -> T
    {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            return try body.withUnsafeReadableBytes { try self.decode(T.self, from: $0) }
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, message: Self.message(for: error))
        }
    }

    /// What a client is told about a body that does not decode.
    static func message(for error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            if let malformed = context.underlyingError as? JSONMappingError { return malformed.description }
            return context.debugDescription
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}

extension JSONMapperEncoder: @retroactive ResponseEncoder {
    /// Encodes a handler's value as a JSON response.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response
    {
        let data = try encode(value)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: "\(data.count)"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
