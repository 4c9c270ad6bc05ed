public import Foundation

/// A GET, or with a body a POST (GraphQL): where, and the headers particular to it (media
/// type, conditional headers). Headers every request carries (User-Agent, API version,
/// Authorization) are the client's.
public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    public var headers: HTTPHeaders
    /// What a POST sends; nil for a GET.
    public var body: Data?

    public init(url: String, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}
