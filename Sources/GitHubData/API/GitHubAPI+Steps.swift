import Foundation
import UseCases

// The steps of `GitHubAPI.fetch` that are not the request itself: conditional headers, waiting
// out a rate limit, falling back to the cache, reading GitHub's error messages.
extension GitHubAPI {
    func conditionalHeaders(_ accept: String, _ cached: CachedResponse?) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Accept": accept]
        // A validator the server sent with a control character inside is not sent back: it
        // would inject a line into the request. Without it the request is unconditional.
        headers["If-None-Match"] = cached?.etag.flatMap { HTTPHeaders.isValidValue($0) ? $0 : nil }
        headers["If-Modified-Since"] = cached?.lastModified.flatMap { HTTPHeaders.isValidValue($0) ? $0 : nil }
        return headers
    }

    /// Sleeps `wait` when the run's allowance still holds it, else ends the run's hopes for
    /// this resource at once, naming `until`: the moment the server said to come back.
    /// `waited` counts this request's waits, so that a server answering `Retry-After: 0`
    /// forever cannot hold it in a loop.
    func waitForBudget(_ wait: Duration, until: Date, resource: String, secondary: Bool, waited: inout Int) async throws
    {
        waited += 1
        let start = now()
        guard waited <= settings.maxWaits,
            await waits.admit(until: start.addingTimeInterval(wait.timeInterval), now: start)
        else {
            throw GitHubDataError.rateLimited(resource: resource, until: until, secondary: secondary)
        }
        try await sleep(wait)
    }

    /// The previous run's copy, reported as stale; or, when there is none, the failure itself.
    func fallback<T: Decodable>(_ type: T.Type, _ cached: CachedResponse?, resource: String, cause: StaleData.Cause)
        async throws -> Page<T>
    {
        if let cached, cached.isNotFound {
            log.stale(StaleData(resource: resource, fetchedAt: cached.fetchedAt, cause: cause))
            throw GitHubDataError.notFound(resource: resource)
        }
        guard let cached, let value = try? kept(type, cached, resource: resource) else {
            throw GitHubDataError.unavailable(resource: resource, cause: cause)
        }
        log.stale(StaleData(resource: resource, fetchedAt: cached.fetchedAt, cause: cause))
        return Page(value: value, next: LinkHeader(cached.link).next, isStale: true)
    }

    /// The value of an answer the cache kept: read from its decoded copy when it has one
    /// (`copied`), else decoded from its body, and the copy kept for the next run.
    func kept<T: Decodable>(_ type: T.Type, _ entry: CachedResponse, resource: String) throws -> T {
        if let copy = entry.decoded, let keptType = T.self as? any KeptDecoded.Type,
            let value = copied(keptType, from: copy) as? T
        {
            return value
        }
        let value = try decoder.decode(type, from: entry.body, resource: resource)
        if let cache, !entry.isNotFound, let copy = DecodedCopy.bytes(ofAny: value) {
            cache.keep(decoded: copy, of: entry)
        }
        return value
    }

    /// The value a decoded copy holds; nil when it is of another version or type, damaged, or
    /// spells a secret of this run (kept by a run that did not know it): the answer's body is
    /// then decoded through the redactor instead.
    func copied<T: KeptDecoded>(_ type: T.Type, from copy: Data) -> T? {
        guard let value = DecodedCopy.value(type, from: copy), !redactor.appears(in: copy) else { return nil }
        return value
    }

    /// GitHub's own `message` from an error body, or the first bytes of the body.
    static func message(_ response: HTTPResponse) -> String {
        // GitHub's 422 says "Validation Failed" and why in `errors` ("The listed users cannot
        // be searched…"), which is what a person fixing a saved search needs.
        struct ErrorBody: Decodable {
            struct Detail: Decodable {
                var message: String?
                var field: String?
                var code: String?
            }
            var message: String?
            var errors: [Detail]?
        }
        guard let decoded = try? JSONDecoder().decode(ErrorBody.self, from: response.body),
            let message = decoded.message
        else {
            return shown(String(decoding: response.body.prefix(200), as: UTF8.self))
        }
        let details = (decoded.errors ?? []).prefix(3).compactMap { detail -> String? in
            if let message = detail.message { return message }
            let named = [detail.field, detail.code].compactMap { $0 }.joined(separator: " ")
            return named.isEmpty ? nil : named
        }
        return shown(details.isEmpty ? message : "\(message): \(details.joined(separator: "; "))")
    }

    /// A server's words, at most 500 characters of them. Control characters stay: the console
    /// shows each as a visible escape (`TerminalText`), and a JSON log carries the text itself.
    static func shown(_ text: String) -> String {
        text.count > 500 ? text.prefix(500) + "…" : text
    }
}
