public import Foundation

/// A GET, or with a body a POST (GraphQL): where, and the headers particular to it (media
/// type, conditional headers). Headers every request carries (User-Agent, API version,
/// Authorization) are the client's.
public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    public var headers: HTTPHeaders
    /// What a POST sends; nil for a GET.
    public var body: Data?
    /// Whether the token goes with it (to the API's origin only, as ever): false for what
    /// needs none, an owner's picture, which GitHub Enterprise without subdomain isolation
    /// serves from the API's own origin.
    public var authorized: Bool
    /// Whether a redirect is followed: not for an owner's picture, whose host is checked
    /// before it is asked (`GitHubDataStore.servesAvatars`), and a redirect would leave it.
    public var followsRedirects: Bool

    public init(
        url: String, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil, authorized: Bool = true,
        followsRedirects: Bool = true
    ) {
        self.url = url
        self.headers = headers
        self.body = body
        self.authorized = authorized
        self.followsRedirects = followsRedirects
    }
}
