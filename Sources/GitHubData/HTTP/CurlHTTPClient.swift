import Foundation

/// The live `HTTPClient`, on libcurl: keep-alive, HTTP/2 where offered, gzip, timeouts and
/// TLS verification, at most `concurrency` requests in flight, each on a worker thread.
///
/// Redirects are followed here rather than by libcurl so that every hop is judged on its
/// own: the token goes to the configured API origin only, never to a host a `Location`
/// names.
public final class CurlHTTPClient: HTTPClient {
    public let configuration: Configuration
    private let apiOrigin: URLOrigin?
    private let pool: CurlWorkerPool
    private let counters = Counters()

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.apiOrigin = URLOrigin(configuration.apiURL)
        self.pool = CurlWorkerPool(configuration: configuration)
    }

    deinit {
        pool.shutdown()
    }

    /// Connections opened so far: with keep-alive, far fewer than requests.
    public var connectionsOpened: Int { counters.connections }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var url = request.url
        var visited: Set<String> = [url]
        while true {
            let headers = headers(for: url, request.headers, authorized: request.authorized)
            // A CR or LF in a value would end the line and add fields of the server's or the
            // environment's choosing; the field is named, never its value (it may be the token).
            if let field = headers.firstInvalidField {
                throw HTTPClientError(
                    .invalidRequest, url: url, detail: "the \(field) header holds a control character; not sent")
            }
            let answer = try await perform(url: url, headers: headers, body: request.body)
            // A POST is answered where it was sent: following a redirect would send the query
            // (and, to the same origin, the token) somewhere its author never named.
            guard request.body == nil, request.followsRedirects, [301, 302, 303, 307, 308].contains(answer.status),
                let location = answer.headers["location"]
            else {
                return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, url: url)
            }
            guard let next = URLOrigin.resolve(location, against: url), URLOrigin(next) != nil else {
                throw HTTPClientError(
                    .unsupportedURL, url: url, detail: "redirected to '\(location)', which is not an http(s) URL")
            }
            // Credentials in the address would be sent as the server chose them (Basic auth).
            if let parts = URLComponents(string: next), parts.user != nil || parts.password != nil {
                throw HTTPClientError(
                    .unsupportedURL, url: url,
                    detail: "redirected to an address with a user name or password in it; not followed")
            }
            guard visited.count <= configuration.maxRedirects, visited.insert(next).inserted else {
                throw HTTPClientError(
                    .tooManyRedirects, url: request.url,
                    detail: "redirected in a loop or more than \(configuration.maxRedirects) times (last to \(next))")
            }
            url = next
        }
    }

    /// The headers every request carries, then the request's own. Authorization only when
    /// the request may carry it and the URL is on the API's origin (scheme, host and port all
    /// equal).
    func headers(for url: String, _ own: HTTPHeaders, authorized: Bool = true) -> HTTPHeaders {
        var headers: HTTPHeaders = [
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": configuration.userAgent,
        ]
        if authorized, let token = configuration.token, let apiOrigin, URLOrigin(url) == apiOrigin {
            headers["Authorization"] = "Bearer \(token)"
        }
        for (name, value) in own { headers[name] = value }
        return headers
    }

    private func perform(url: String, headers: HTTPHeaders, body: Data?) async throws -> CurlJob.Answer {
        let job = CurlJob(url: url, headers: headers, body: body)
        let answer = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if job.attach(continuation) { pool.submit(job) }
            }
        } onCancel: {
            job.cancel()
        }
        counters.add(connections: answer.newConnections)
        return answer
    }
}

extension CurlHTTPClient {
    private final class Counters: @unchecked Sendable {
        private let lock = NSLock()
        private var opened = 0
        var connections: Int { lock.withLock { opened } }
        func add(connections: Int) { lock.withLock { opened += connections } }
    }
}
