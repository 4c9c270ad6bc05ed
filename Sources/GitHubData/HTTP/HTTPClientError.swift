/// No answer arrived for a request: what happened, and at which URL.
public struct HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The connect or total timeout passed.
        case timedOut
        /// The host could not be resolved or refused the connection.
        case cannotConnect
        /// The connection closed before the whole answer arrived.
        case connectionDropped
        /// The server's certificate or the TLS handshake failed; retrying does not help.
        case tls
        /// Redirected more often than the limit, or in a loop.
        case tooManyRedirects
        /// The answer is larger than the client accepts.
        case tooLarge
        /// The URL's scheme is not http or https, or the URL is malformed.
        case unsupportedURL
        /// A header the client would send is not valid HTTP (a control character in its value).
        case invalidRequest
        case other
    }

    public var kind: Kind
    public var url: String
    /// libcurl's own words, for the log.
    public var detail: String

    public init(_ kind: Kind, url: String, detail: String) {
        self.kind = kind
        self.url = url
        self.detail = detail
    }

    /// Worth another attempt: the same request may well succeed a moment later.
    public var isTransient: Bool {
        switch kind {
        case .timedOut, .cannotConnect, .connectionDropped, .other: return true
        case .tls, .tooManyRedirects, .tooLarge, .unsupportedURL, .invalidRequest: return false
        }
    }

    public var description: String { "GET \(url): \(detail)" }
}
