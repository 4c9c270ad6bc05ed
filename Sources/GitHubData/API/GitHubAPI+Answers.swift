import Foundation
import UseCases

// What one answer of GitHub's means for the request `GitHubAPI.ask` is making: the page, a
// refusal to wait out, a failure worth another attempt, or one that is not.
extension GitHubAPI {
    /// The reading of one answer.
    enum Reading<T: Sendable> {
        /// The page asked for, kept in the cache where the request is cached.
        case answered(Page<T>)
        /// A rate limit said no: ask again, after `wait` where the server named one (a
        /// secondary limit; a primary one is waited out by the budget, before the next try).
        /// Not a failed attempt.
        case refused(wait: (duration: Duration, until: Date)?)
        /// A failure another attempt may mend (a server error, a body cut short in transit).
        case failed(StaleData.Cause)
        /// A failure asking again would only repeat: the cache's copy, or the failure itself.
        case final(StaleData.Cause)
    }

    /// Reads `response`, the answer to `attempt` at `request`; throws where the answer ends
    /// the request outright (401, a 404; a 403 that is no rate limit and an unexpected status
    /// where nothing is cached: where something is, GitHub blocking one repository, a 451,
    /// leaves that repository as the last run had it, stale, rather than stop every run).
    /// A 304 whose copy is gone or unreadable drops it from `copies`, so that the next
    /// attempt asks without conditions.
    func read<T: Decodable & Sendable>(
        _ response: HTTPResponse, as type: T.Type, for request: Asked, copies: inout Copies, attempt: Int,
        bucket: String
    ) async throws -> Reading<T> {
        let resource = request.resource
        switch response.status {
        case 200..<300:
            return try await readSuccess(response, as: type, for: request, attempt: attempt, bucket: bucket)
        case 304:
            log.notModified()
            if let stored = copies.cached, let value = try? kept(type, stored, resource: resource) {
                await cache?.markValidated(request.key, at: now(), pushedAt: request.pushedAt)
                // A 304 that carries a Link is the newer word on the pages after this one.
                return .answered(Page(value: value, next: LinkHeader(response.headers["link"] ?? stored.link).next))
            }
            // Not modified, but the copy is gone or unreadable: ask again without conditions.
            if let cache { await cache.remove(request.key) }
            copies.cached = nil
            return .failed(.status(304, attempts: attempt))
        case 401:
            throw GitHubDataError.unauthorized(resource: resource, tokenVariable: settings.tokenVariable)
        case 403, 429:
            guard let refusal = RateLimitRefusal(response, now: now()) else {
                return try Self.finalUnlessUncached(
                    .forbidden(resource: resource, message: Self.message(response)), copies: copies)
            }
            switch refusal {
            case .primary(let reset):
                await budget.exhaust(bucket, until: reset)
                return .refused(wait: nil)
            case .secondary(let wait):
                return .refused(wait: (wait, refusal.until(now: now())))
            }
        case 404, 410:
            if request.rememberNotFound, request.caching, let cache {
                await cache.store(
                    CachedResponse(
                        key: request.key, status: 404, body: Data(), fetchedAt: now(), pushedAt: request.pushedAt))
            }
            throw GitHubDataError.notFound(resource: resource)
        case 500...599:
            return .failed(.status(response.status, attempts: attempt))
        default:
            return try Self.finalUnlessUncached(
                .unexpectedStatus(resource: resource, status: response.status, message: Self.message(response)),
                copies: copies)
        }
    }

    /// `error` as a failure to fall back from, where the cache holds a copy to fall back on (a
    /// remembered 404 too: "none", as the run before found, as for any other failure); else
    /// thrown as it is, naming what GitHub said.
    private static func finalUnlessUncached<T>(_ error: GitHubDataError, copies: Copies) throws -> Reading<T> {
        guard copies.best != nil else { throw error }
        return .final(.refused(error.detail))
    }

    /// A 2xx: its body decoded and kept, unless it does not decode or is a GraphQL refusal.
    private func readSuccess<T: Decodable & Sendable>(
        _ response: HTTPResponse, as type: T.Type, for request: Asked, attempt: Int, bucket: String
    ) async throws -> Reading<T> {
        do {
            let value = try decoder.decode(type, from: response.body, resource: request.resource)
            if let answer = value as? any GraphQLErrorsCarrying, !answer.graphQLErrors.isEmpty {
                let errors = answer.graphQLErrors
                // GitHub answers a query it refused with a 200: never data, never cached.
                if errors.contains(where: { $0.type == "RATE_LIMITED" }) {
                    let reset = RateLimitReading(headers: response.headers, url: request.url, now: now())?.reset
                    await budget.exhaust(
                        bucket, until: RateLimitRefusal.waitUntil(reset: reset ?? now(), now: now()))
                    return .refused(wait: nil)
                }
                // Errors each about one field (an item behind an organisation's SAML, say),
                // beside `data` where those fields are null: the rest of the answer stands,
                // and what they name is left out, said once.
                guard answer.hasData, errors.allSatisfy({ $0.path?.isEmpty == false }) else {
                    return .final(.refused(GraphQLError.summary(errors)))
                }
                log.warn("\(request.resource): \(GraphQLError.summary(errors)); what they name is left out")
            }
            if request.caching, let cache {
                await cache.store(
                    CachedResponse(
                        key: request.key, etag: response.headers["etag"],
                        lastModified: response.headers["last-modified"], link: response.headers["link"],
                        body: response.body, fetchedAt: now(), pushedAt: request.pushedAt),
                    decoded: DecodedCopy.bytes(ofAny: value))
            }
            return .answered(Page(value: value, next: LinkHeader(response.headers["link"]).next))
        } catch GitHubDataError.undecodable(_, let undecodable) {
            // A 2xx other than 200 (a 204 No Content) is named: its body is seldom JSON.
            let status = response.status == 200 ? "" : " (HTTP \(response.status))"
            let reason = undecodable + status + Self.redirectNote(asked: request.url, answered: response.url)
            // JSON of the wrong shape is what the server means: asking again gets the same.
            // A body cut short or garbled in transit is worth asking again, never worth caching.
            // (A list too long to decode is never parsed whole to find it JSON.)
            let isJSON =
                GitHubDecoder.topLevelItems(response.body, moreThan: GitHubDecoder.maxListItems)
                || GitHubDecoder.isJSON(response.body)
            return isJSON ? .final(.undecodable(reason)) : .failed(.notJSON(reason, attempts: attempt))
        }
    }
}
