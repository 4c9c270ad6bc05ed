import Foundation

/// What an answer's `X-RateLimit-*` headers say about one budget ("core", "search", …).
struct RateLimitReading: Sendable, Hashable {
    var resource: String
    var remaining: Int
    var reset: Date

    init(resource: String, remaining: Int, reset: Date) {
        self.resource = resource
        self.remaining = remaining
        self.reset = reset
    }

    /// Nil when the answer carries no budget (GitHub Enterprise with rate limiting off).
    init?(headers: HTTPHeaders, url: String, now: Date = Date()) {
        guard let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0) }),
            let reset = headers["x-ratelimit-reset"].flatMap({ RateLimitHeaderValue.reset($0, now: now) })
        else { return nil }
        self.init(
            resource: headers["x-ratelimit-resource"] ?? Self.resource(for: url),
            remaining: remaining, reset: reset)
    }

    /// The budget a request draws on, known before it is sent: search has its own.
    static func resource(for url: String) -> String {
        let path = URLComponents(string: url)?.path ?? ""
        if path.hasSuffix("/graphql") { return "graphql" }
        return path.contains("/search/") ? "search" : "core"
    }
}

/// Why GitHub refused a request for its rate limits (a 403 or 429), and until when.
enum RateLimitRefusal: Sendable, Hashable {
    /// The hourly budget is spent until `reset`.
    case primary(reset: Date)
    /// Too many requests too fast; `Retry-After`, or GitHub's advice of a minute.
    case secondary(retryAfter: Duration)

    init?(_ response: HTTPResponse, now: Date) {
        guard response.status == 403 || response.status == 429 else { return nil }
        if let seconds = response.headers["retry-after"].flatMap({ RateLimitHeaderValue.retryAfter($0, now: now) }) {
            self = .secondary(retryAfter: .seconds(seconds))
        } else if response.headers["x-ratelimit-remaining"] == "0" {
            let reset =
                response.headers["x-ratelimit-reset"].flatMap { RateLimitHeaderValue.reset($0, now: now) }
                ?? now.addingTimeInterval(3600)
            self = .primary(reset: Self.waitUntil(reset: reset, now: now))
        } else if response.status == 429
            || String(decoding: response.body.prefix(1024), as: UTF8.self).lowercased().contains("rate limit")
        {
            self = .secondary(retryAfter: .seconds(60))
        } else {
            return nil
        }
    }

    /// When a refused budget may be asked again: its reset, or a minute from now when that has
    /// passed already (a clock ahead of GitHub's, near the end of a window). Asked again at
    /// once, a refusal whose reset had passed was answered with another, hundreds a second,
    /// and the run never ended; a wait is counted against `max_wait_seconds`.
    static func waitUntil(reset: Date, now: Date) -> Date {
        reset > now ? reset : now.addingTimeInterval(60)
    }

    /// The moment asking again makes sense.
    func until(now: Date) -> Date {
        switch self {
        case .primary(let reset): return reset
        case .secondary(let wait): return now.addingTimeInterval(TimeInterval(wait.components.seconds))
        }
    }
}
