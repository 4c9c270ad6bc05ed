/// A GET request: where, and the headers particular to it (media type, conditional headers).
/// Headers every request carries (User-Agent, API version, Authorization) are the client's.
public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    public var headers: HTTPHeaders

    public init(url: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.url = url
        self.headers = headers
    }
}
