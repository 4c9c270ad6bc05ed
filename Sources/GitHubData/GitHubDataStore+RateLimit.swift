public import Foundation

/// The core budget as the run starts: how many requests are left, and when it refills.
public struct RateLimitStatus: Sendable, Hashable {
    public var limit: Int?
    public var remaining: Int
    public var reset: Date
}

extension GitHubDataStore {
    /// Asks `/rate_limit` (free) so the budget is known before the first real request, and
    /// fails at once, before anything is fetched, when it is spent for longer than the run
    /// would wait. Nil offline, and where the API has no rate limit (GitHub Enterprise with
    /// it turned off answers 404).
    public func checkRateLimit() async throws -> RateLimitStatus? {
        guard !api.settings.offline else { return nil }
        let url = endpoint.rateLimit
        let answer: RateLimitDTO
        do {
            answer = try await api.fetch(RateLimitDTO.self, url, caching: false).value
        } catch GitHubDataError.notFound {
            return nil
        }
        // As with the headers: a reset beyond any plan is read as the farthest one.
        let farthest = api.now().addingTimeInterval(RateLimitHeaderValue.farthest)
        for (name, budget) in answer.resources {
            await api.budget.record(
                RateLimitReading(
                    resource: name, remaining: budget.remaining,
                    reset: min(Date(timeIntervalSince1970: TimeInterval(budget.reset)), farthest)))
        }
        guard let core = answer.resources["core"] else { return nil }
        let reset = min(Date(timeIntervalSince1970: TimeInterval(core.reset)), farthest)
        if core.remaining == 0, reset.timeIntervalSince(api.now()) > api.settings.maxWait.timeInterval {
            throw GitHubDataError.rateLimited(resource: "GET \(url)", until: reset, secondary: false)
        }
        return RateLimitStatus(limit: core.limit, remaining: core.remaining, reset: reset)
    }
}
