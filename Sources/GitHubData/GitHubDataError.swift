import Foundation

/// What went wrong fetching or reading GitHub data, naming the resource at fault. Never
/// carries the token: messages about it name the variable it came from.
public enum GitHubDataError: Error, Equatable, CustomStringConvertible {
    /// The resource does not exist (an HTTP 404 or 410, or a file the sample does not have).
    case notFound(resource: String)
    /// The answer arrived but is not what GitHub sends.
    case undecodable(resource: String, reason: String)
    /// HTTP 401. `tokenVariable` names where the refused token came from; nil when none was sent.
    case unauthorized(resource: String, tokenVariable: String?)
    /// The rate limit is spent (or GitHub asked to slow down) until `until`, too long to wait.
    case rateLimited(resource: String, until: Date, secondary: Bool)
    /// HTTP 403 for another reason than the rate limit (a token without the scope, say).
    case forbidden(resource: String, message: String)
    /// Still failing after every retry, and no earlier copy to fall back on.
    case unavailable(resource: String, reason: String)
    /// `--offline`, and this resource was never fetched.
    case notCached(resource: String)
    /// `@me` names the token's owner, and no token was given.
    case needsToken(resource: String)
    /// An HTTP status this client does not expect from GitHub.
    case unexpectedStatus(resource: String, status: Int, message: String)

    /// Nothing can be published: the token is wrong or the rate limit is spent (exit code 3).
    public var isAuthenticationOrRateLimit: Bool {
        switch self {
        case .unauthorized, .rateLimited: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .notFound(let resource):
            return "\(resource): not found"
        case .undecodable(let resource, let reason):
            return "\(resource): could not decode the answer \(reason)"
        case .unauthorized(let resource, let variable?):
            return "\(resource): GitHub refused the token in \(variable) (HTTP 401, bad credentials); "
                + "it may be mistyped, expired or revoked: set \(variable) to a valid token"
        case .unauthorized(let resource, nil):
            return "\(resource): GitHub asks for a token (HTTP 401); set GITHUB_TOKEN or GH_TOKEN"
        case .rateLimited(let resource, let until, let secondary):
            let which = secondary ? "asked this client to slow down (secondary rate limit)" : "rate limit is spent"
            let minutes = max(1, Int((until.timeIntervalSinceNow / 60).rounded(.up)))
            return "\(resource): GitHub's \(which); try again after \(until.formatted(.iso8601)) "
                + "(in about \(minutes) minute\(minutes == 1 ? "" : "s"))"
        case .forbidden(let resource, let message):
            return "\(resource): forbidden (HTTP 403): \(message)"
        case .unavailable(let resource, let reason):
            return "\(resource): \(reason), and no earlier copy is cached"
        case .notCached(let resource):
            return "\(resource): not in the cache; --offline can only show what an earlier run fetched"
        case .needsToken(let resource):
            return "\(resource): '@me' means the token's owner; set GITHUB_TOKEN or GH_TOKEN"
        case .unexpectedStatus(let resource, let status, let message):
            return "\(resource): unexpected HTTP \(status)\(message.isEmpty ? "" : ": \(message)")"
        }
    }
}
