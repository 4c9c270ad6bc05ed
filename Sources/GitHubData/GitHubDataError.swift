public import Foundation
public import UseCases

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
    case unavailable(resource: String, cause: StaleData.Cause)
    /// `--offline`, and this resource was never fetched.
    case notCached(resource: String)
    /// `@me` names the token's owner, and no token was given.
    case needsToken(resource: String)
    /// An HTTP status this client does not expect from GitHub.
    case unexpectedStatus(resource: String, status: Int, message: String)
    /// `--sample`, and the configuration names an account whose data the sample does not hold
    /// (`holds`: those it does).
    case notInSample(resource: String, account: String, holds: [String])

    /// Nothing can be published: the token is wrong or the rate limit is spent (exit code 3).
    public var isAuthenticationOrRateLimit: Bool {
        switch self {
        case .unauthorized, .rateLimited: return true
        default: return false
        }
    }

    public var description: String { "\(resource): \(detail)" }

    /// The request at fault, e.g. `GET https://api.github.com/users/mona`.
    public var resource: String {
        switch self {
        case .notFound(let resource), .undecodable(let resource, _), .unauthorized(let resource, _),
            .rateLimited(let resource, _, _), .forbidden(let resource, _), .unavailable(let resource, _),
            .notCached(let resource), .needsToken(let resource), .unexpectedStatus(let resource, _, _),
            .notInSample(let resource, _, _):
            return resource
        }
    }

    /// What went wrong, without the request: for a message that names the request already
    /// (a retry's reason, a stale copy's), so that it is named once.
    public var detail: String {
        switch self {
        case .notFound:
            return "not found"
        case .undecodable(_, let reason):
            return "could not decode the answer \(reason)"
        case .unauthorized(_, let variable?):
            return "GitHub refused the token in \(variable) (HTTP 401, bad credentials); "
                + "it may be mistyped, expired or revoked: set \(variable) to a valid token"
        case .unauthorized(_, nil):
            return "GitHub asks for a token (HTTP 401); set GITHUB_TOKEN or GH_TOKEN"
        case .rateLimited(_, let until, let secondary):
            let which = secondary ? "asked this client to slow down (secondary rate limit)" : "rate limit is spent"
            return
                "GitHub's \(which); try again after \(until.formatted(.iso8601)) (in about \(Self.span(until.timeIntervalSinceNow)))"
        case .forbidden(_, let message):
            return "forbidden (HTTP 403): \(message)"
        case .unavailable(_, let cause):
            return "\(cause), and no earlier copy is cached"
        case .notCached:
            return "not in the cache; --offline can only show what an earlier run fetched"
        case .needsToken:
            return "'@me' means the token's owner; set GITHUB_TOKEN or GH_TOKEN"
        case .unexpectedStatus(_, let status, let message):
            return "unexpected HTTP \(status)\(message.isEmpty ? "" : ": \(message)")"
        case .notInSample(_, let account, let holds):
            let which = account == "@me" ? "'@me' (the token's owner)" : account
            return "the sample (--sample) holds the data of \(holds.joined(separator: ", ")) only, not of \(which); "
                + "drop --sample to read it from GitHub"
                + (account == "@me" ? ", with a token in GITHUB_TOKEN or GH_TOKEN" : "")
        }
    }

    /// "1 minute", "3 hours", "12 days": a wait rounded up to the unit a person would use.
    static func span(_ seconds: TimeInterval) -> String {
        let minutes = seconds.isFinite ? max(1, (seconds / 60).rounded(.up)) : .greatestFiniteMagnitude
        let (count, unit): (Double, String)
        switch minutes {
        case ..<120: (count, unit) = (minutes, "minute")
        case ..<(48 * 60): (count, unit) = ((minutes / 60).rounded(.up), "hour")
        default: (count, unit) = (min((minutes / 1440).rounded(.up), 999_999), "day")
        }
        let whole = Int(count)
        return "\(whole) \(unit)\(whole == 1 ? "" : "s")"
    }
}
