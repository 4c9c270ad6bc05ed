import Foundation
import UseCases

// The steps of `GitHubAPI.get` that are not the request itself: conditional headers, waiting
// out a rate limit, falling back to the cache, reading GitHub's error messages.
extension GitHubAPI {
    func conditionalHeaders(_ accept: String, _ cached: CachedResponse?) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Accept": accept]
        headers["If-None-Match"] = cached?.etag
        headers["If-Modified-Since"] = cached?.lastModified
        return headers
    }

    /// Sleeps `wait` when that is short enough, else ends the run's hopes for this resource.
    func waitForBudget(_ wait: Duration, until: Date, resource: String, secondary: Bool, waits: inout Int) async throws {
        waits += 1
        guard waits <= settings.maxWaits, wait <= settings.maxWait else {
            throw GitHubDataError.rateLimited(resource: resource, until: until, secondary: secondary)
        }
        try await sleep(wait)
    }

    /// The previous run's copy, reported as stale; or, when there is none, the failure itself.
    func fallback<T: Decodable>(_ type: T.Type, _ cached: CachedResponse?, resource: String, reason: String) async throws -> Page<T> {
        guard let cached, let value = try? decoder.decode(type, from: cached.body, resource: resource) else {
            throw GitHubDataError.unavailable(resource: resource, reason: reason)
        }
        log.stale(StaleData(resource: resource, fetchedAt: cached.fetchedAt, reason: reason))
        return Page(value: value, next: LinkHeader(cached.link).next)
    }

    /// GitHub's own `message` from an error body, or the first bytes of the body.
    static func message(_ response: HTTPResponse) -> String {
        struct ErrorBody: Decodable { var message: String? }
        if let decoded = try? JSONDecoder().decode(ErrorBody.self, from: response.body), let message = decoded.message {
            return message
        }
        return String(decoding: response.body.prefix(200), as: UTF8.self)
    }
}
