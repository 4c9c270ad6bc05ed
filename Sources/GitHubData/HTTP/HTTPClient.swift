/// The one thing the data layer asks of HTTP: send a GET (or a POST), get the answer. The live client is
/// `CurlHTTPClient`; everything above it (cache, budget, retries) depends on this protocol only.
public protocol HTTPClient: Sendable {
    /// The answer, whatever its status; redirects already followed. Throws `HTTPClientError`
    /// when no answer arrived (timeout, connection refused or dropped), `CancellationError`
    /// when the task was cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
