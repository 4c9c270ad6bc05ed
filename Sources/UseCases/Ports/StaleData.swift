public import Foundation

/// Data a source could not refresh and served from an earlier run instead: which, since when,
/// and why. The site says so, and the run ends with exit code 2.
public struct StaleData: Sendable, Hashable {
    /// What was asked for, e.g. `GET https://api.github.com/users/octocat/starred`.
    public var resource: String
    /// When the data served was last fetched or confirmed.
    public var fetchedAt: Date
    /// Why refreshing failed, e.g. "HTTP 502 after 4 attempts".
    public var reason: String

    public init(resource: String, fetchedAt: Date, reason: String) {
        self.resource = resource
        self.fetchedAt = fetchedAt
        self.reason = reason
    }
}
