public import Foundation

/// An answer as it arrived.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// Where the answer came from, after any redirects.
    public var url: String

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}
