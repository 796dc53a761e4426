import Foundation
import Hummingbird
import JSONMapper

/// The server's request context: Hummingbird's basic one, with the bridge as its coders. The two lines that switch
/// an app over are `requestDecoder` and `responseEncoder`.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    public var requestDecoder: JSONMapperDecoder { Coders.decoder }
    public var responseEncoder: JSONMapperEncoder { Coders.encoder }
}

/// One decoder and one encoder for every request (both are safe to share across threads), set up for GitHub's
/// snake-case keys and ISO 8601 dates.
enum Coders {
    static let decoder: JSONMapperDecoder = {
        let decoder = JSONMapperDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static let encoder: JSONMapperEncoder = {
        let encoder = JSONMapperEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}

/// The routes: `POST /issues/echo` reads a GitHub issue and sends it back; `POST /events/import` maps a JSON Lines
/// upload of events as it arrives and answers with a count and the errors by line.
public func buildRouter() -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.post("/issues/echo") { request, context -> GitHubIssue in
        try await request.decode(as: GitHubIssue.self, context: context)
    }
    router.post("/events/import") { request, context -> ImportSummary in
        await importEvents(request, decoder: context.requestDecoder)
    }
    return router
}

/// The application, listening on `port`.
public func buildApplication(port: Int = 8080) -> some ApplicationProtocol {
    Application(router: buildRouter(), configuration: .init(address: .hostname("127.0.0.1", port: port)))
}
