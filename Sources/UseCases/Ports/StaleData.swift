public import Foundation

/// Data a source could not refresh and served from an earlier run instead: which, since when,
/// and why; or, for a repository's releases or README that no run had fetched yet, left out.
/// The site says so, in its own language, and the run ends with exit code 2.
public struct StaleData: Sendable, Hashable {
    /// What was asked for, e.g. `GET https://api.github.com/users/octocat/starred`.
    public var resource: String
    /// When the data served was last fetched or confirmed; nil where nothing was cached, and
    /// what it would have shown is left out of this build.
    public var fetchedAt: Date?
    /// Why refreshing failed.
    public var cause: Cause

    /// Why refreshing failed, in English, for the log: "HTTP 502 after 4 attempts".
    public var reason: String { cause.description }

    /// A list shown as far as it could be read, neither an earlier run's copy nor left out.
    public var isPartial: Bool {
        if case .unfollowedLink = cause { return true }
        return false
    }

    public init(resource: String, fetchedAt: Date?, cause: Cause) {
        self.resource = resource
        self.fetchedAt = fetchedAt
        self.cause = cause
    }

    /// Why a refresh failed: what the site's notice says, each in the site's words.
    public enum Cause: Sendable, Hashable, CustomStringConvertible {
        /// The last attempt was answered with this status (one that is worth asking again
        /// for, as a 5xx, or a 304 for an answer the cache no longer holds).
        case status(Int, attempts: Int)
        /// No answer at the last attempt: the connection failed or timed out, or was cut
        /// short; libcurl's words, in English.
        case failure(String, attempts: Int)
        /// The last attempt's answer was not JSON at all, as a body garbled in transit (the
        /// decoder's words).
        case notJSON(String, attempts: Int)
        /// JSON of another shape than the one asked for (the decoder's words): asking again
        /// would get the same.
        case undecodable(String)
        /// GitHub said no, in its words: a GraphQL query answered with errors (their summary), or
        /// an HTTP status asking again would only repeat ("forbidden (HTTP 403): …").
        case refused(String)
        /// Not asked: the run had spent the time it may spend asking (`max_fetch_seconds`).
        case outOfTime(seconds: Int)
        /// Not asked: an `--offline` build, and no earlier run fetched it (a repository's
        /// releases or README a live run left out).
        case offline
        /// A list read only in part: its `Link: rel="next"` led back to a page already read
        /// (`loops`), or to no address (`url`: the address for the warning, cut and without a
        /// user part; never on a page). The list is shown as far as it was read, not as an
        /// earlier run had it.
        case unfollowedLink(url: String, loops: Bool)

        public var description: String {
            switch self {
            case .status(let status, let attempts): "HTTP \(status) after \(Self.attempts(attempts))"
            case .failure(let detail, let attempts): "\(detail) after \(Self.attempts(attempts))"
            case .notJSON(let detail, let attempts):
                "the answer is not valid JSON (\(detail)) after \(Self.attempts(attempts))"
            case .undecodable(let detail): "the answer does not decode (\(detail))"
            case .refused(let summary): summary
            case .outOfTime(let seconds):
                "not asked: the run had spent its max_fetch_seconds (\(seconds)) asking GitHub"
            case .offline: "not asked: --offline, and no earlier run fetched it"
            case .unfollowedLink(let url, let loops):
                "its Link leads \(loops ? "back to a page already read" : "to no address") (\(url))"
            }
        }

        private static func attempts(_ count: Int) -> String {
            "\(count) attempt\(count == 1 ? "" : "s")"
        }
    }
}
