/// The one thing the data layer asks of HTTP: send a GET (or a POST), get the answer. The live client is
/// `CurlHTTPClient`; everything above it (cache, budget, retries) depends on this protocol only.
public protocol HTTPClient: Sendable {
    /// The answer, whatever its status; a GET's redirects already followed (a POST's 3xx is
    /// the answer: its query goes nowhere its author did not name). Throws `HTTPClientError`
    /// when no answer arrived (timeout, connection refused or dropped), `CancellationError`
    /// when the task was cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
