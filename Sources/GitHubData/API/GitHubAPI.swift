import Foundation
import UseCases

/// One request to the API (a GET, or the POST of a GraphQL query), done the careful way:
/// conditional on what the cache holds, within the rate-limit budget, retried with backoff
/// when the network or server fails, and as a last resort answered from the cache (reported
/// as stale). Endpoints live in `GitHubDataStore`; this type knows nothing of what the
/// answers mean.
struct GitHubAPI: Sendable {
    struct Settings: Sendable {
        /// Only the cache is read; nothing is sent.
        var offline = false
        /// Waits for rate limits up to this long in all, the whole run together (see
        /// `RateLimitWaits`); a wait beyond it ends the run (exit code 3).
        var maxWait: Duration = .seconds(60)
        var retry = RetryPolicy()
        /// Where the token came from (`GITHUB_TOKEN`), for messages; nil when there is none.
        var tokenVariable: String?
        /// Rate-limit waits one request may sit through before giving up.
        var maxWaits = 3
    }

    var client: any HTTPClient
    var cache: (any ResponseCache)?
    var settings = Settings()
    var budget = RateLimitBudget()
    /// The run's allowance of `settings.maxWait`; set with the settings.
    var waits = RateLimitWaits(allowance: .seconds(60))
    var log = FetchLog()
    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    var now: @Sendable () -> Date = { Date() }
    /// Hides the token in every answer before it is decoded, cached or quoted in a message.
    var redactor = Redactor.none
    var decoder: GitHubDecoder { GitHubDecoder(redactor: redactor) }

    /// `url` decoded as `type`. `caching: false` for answers that must be fresh (`/rate_limit`).
    /// `rememberNotFound` for resources whose absence is common (READMEs): a 404 is kept like
    /// an answer, since GitHub sends no validator with a 404 and would charge for every repeat.
    /// `cachedIsEnough` takes a cached copy (or a remembered 404) as it is, with no request,
    /// when there is one: the details of a repository not pushed to since they were cached.
    /// `pushedAt` is kept with the answer (see `CachedResponse.pushedAt`). With `post`, a
    /// GraphQL query (`GraphQLQuery`) is posted instead, cached under its text and variables.
    /// `formerAccept` is the media type earlier versions asked for this answer in: a copy
    /// cached in it stands in for one never cached in `accept`, offline and as the last
    /// resort, so a cache from before a change of media type still builds. It is never sent
    /// as a validator: a 304 would confirm a representation that was not asked for.
    func fetch<T: Decodable & Sendable>(
        _ type: T.Type, _ url: String, accept: String = MediaType.json, formerAccept: String? = nil,
        caching: Bool = true, rememberNotFound: Bool = false, cachedIsEnough: Bool = false, pushedAt: String? = nil,
        post query: GraphQLQuery? = nil
    ) async throws -> Page<T> {
        let resource = query.map { "POST \(url) (query \($0.name))" } ?? "GET \(url)"
        let key = CachedResponse.key(
            url: url + (query.map { " " + String(decoding: $0.body, as: UTF8.self) } ?? ""), accept: accept)
        var cached: CachedResponse? = nil
        if caching, let cache { cached = await cache.entry(for: key) }
        // Only where the current media type has no row at all: a remembered 404 under it is
        // newer than anything cached in the former one.
        let hasRow = cached != nil
        // A remembered 404 is asked again (it carries no validator), and stays what is known
        // should asking fail (`fallback`): a repository with no README is not a source that
        // failed with nothing cached.
        if let absent = cached, absent.isNotFound, settings.offline || cachedIsEnough {
            if cachedIsEnough { log.kept() }
            throw GitHubDataError.notFound(resource: resource)
        }
        var former: CachedResponse? = nil
        if !hasRow, caching, let formerAccept, let cache {
            former = await cache.entry(for: CachedResponse.key(url: url, accept: formerAccept))
            if former?.isNotFound == true { former = nil }
        }
        /// The answer from the copy kept (or the former media type's), when asking failed.
        func fallingBack(_ cause: StaleData.Cause) async throws -> Page<T> {
            try await fallback(type, cached ?? former, resource: resource, cause: cause)
        }
        if settings.offline {
            guard let cached = cached ?? former else { throw GitHubDataError.notCached(resource: resource) }
            log.servedOffline()
            return Page(value: try kept(type, cached, resource: resource), next: LinkHeader(cached.link).next)
        }
        if cachedIsEnough, let cached,
            let page = try? Page(value: kept(type, cached, resource: resource), next: LinkHeader(cached.link).next)
        {
            log.kept()
            return page
        }

        var attempt = 0
        var waited = 0
        // Why the last attempt failed; set by every attempt that fails before it is read.
        var failure = StaleData.Cause.failure("no answer", attempts: 0)
        let bucket = RateLimitReading.resource(for: url)
        while true {
            try Task.checkCancellation()
            if let until = await budget.reserve(bucket, now: now()) {
                // A second past the reset, so the clocks of client and server need not agree exactly.
                let wait = Duration.seconds(max(0, until.timeIntervalSince(now())) + 1)
                try await waitForBudget(wait, until: until, resource: resource, secondary: false, waited: &waited)
                continue
            }
            attempt += 1
            log.sent(retry: attempt > 1)
            let response: HTTPResponse
            do {
                // GraphQL sends no validators: a query is asked whole every time.
                let headers: HTTPHeaders =
                    query == nil
                    ? conditionalHeaders(accept, cached) : ["Accept": accept, "Content-Type": "application/json"]
                response = redactor(try await client.send(HTTPRequest(url: url, headers: headers, body: query?.body)))
                await budget.settle(bucket, reading: RateLimitReading(headers: response.headers, url: url, now: now()))
            } catch let error as HTTPClientError {
                await budget.settle(bucket, reading: nil)
                failure = .failure(redactor(error.detail), attempts: attempt)
                if error.isTransient, attempt < settings.retry.maxAttempts {
                    try await sleep(settings.retry.delay(after: attempt))
                    continue
                }
                return try await fallingBack(failure)
            } catch {
                await budget.settle(bucket, reading: nil)
                throw error
            }

            switch response.status {
            case 200..<300:
                do {
                    let value = try decoder.decode(type, from: response.body, resource: resource)
                    if let errors = (value as? any GraphQLErrorsCarrying)?.graphQLErrors, !errors.isEmpty {
                        // GitHub answers a query it refused with a 200: never data, never cached.
                        if errors.contains(where: { $0.type == "RATE_LIMITED" }) {
                            let reset = RateLimitReading(headers: response.headers, url: url, now: now())?.reset
                            await budget.exhaust(bucket, until: reset ?? now().addingTimeInterval(60))
                            attempt -= 1
                            continue
                        }
                        return try await fallingBack(.refused(GraphQLError.summary(errors)))
                    }
                    if caching, let cache {
                        await cache.store(
                            CachedResponse(
                                key: key, etag: response.headers["etag"],
                                lastModified: response.headers["last-modified"],
                                link: response.headers["link"], body: response.body, fetchedAt: now(),
                                pushedAt: pushedAt),
                            decoded: DecodedCopy.bytes(ofAny: value))
                    }
                    return Page(value: value, next: LinkHeader(response.headers["link"]).next)
                } catch GitHubDataError.undecodable(_, let undecodable) {
                    let reason = undecodable + Self.redirectNote(asked: url, answered: response.url)
                    // JSON of the wrong shape is what the server means: asking again gets the same.
                    guard GitHubDecoder.isJSON(response.body) else {
                        // A body cut short or garbled in transit: worth asking again, never worth caching.
                        failure = .notJSON(reason, attempts: attempt)
                        break
                    }
                    return try await fallingBack(.undecodable(reason))
                }
            case 304:
                log.notModified()
                if let stored = cached, let value = try? kept(type, stored, resource: resource) {
                    await cache?.markValidated(key, at: now(), pushedAt: pushedAt)
                    return Page(value: value, next: LinkHeader(stored.link).next)
                }
                // Not modified, but the copy is gone or unreadable: ask again without conditions.
                if let cache { await cache.remove(key) }
                cached = nil
                failure = .status(304, attempts: attempt)
            case 401:
                throw GitHubDataError.unauthorized(resource: resource, tokenVariable: settings.tokenVariable)
            case 403, 429:
                guard let refusal = RateLimitRefusal(response, now: now()) else {
                    throw GitHubDataError.forbidden(resource: resource, message: Self.message(response))
                }
                if case .primary(let reset) = refusal { await budget.exhaust(bucket, until: reset) }
                if case .secondary(let wait) = refusal {
                    try await waitForBudget(
                        wait, until: refusal.until(now: now()), resource: resource, secondary: true, waited: &waited)
                }
                attempt -= 1  // a refusal is not a failed attempt
                continue
            case 404, 410:
                if rememberNotFound, caching, let cache {
                    await cache.store(
                        CachedResponse(key: key, status: 404, body: Data(), fetchedAt: now(), pushedAt: pushedAt))
                }
                throw GitHubDataError.notFound(resource: resource)
            case 500...599:
                failure = .status(response.status, attempts: attempt)
            default:
                throw GitHubDataError.unexpectedStatus(
                    resource: resource, status: response.status, message: Self.message(response))
            }
            if attempt < settings.retry.maxAttempts {
                try await sleep(settings.retry.delay(after: attempt))
                continue
            }
            return try await fallingBack(failure)
        }
    }
}

extension GitHubAPI {
    /// Said after why an answer does not decode, when it came from another origin than the
    /// one asked, after a redirect: a page from elsewhere is no fault of GitHub's JSON.
    static func redirectNote(asked: String, answered: String) -> String {
        guard let from = URLOrigin(answered), from != URLOrigin(asked) else { return "" }
        return " (the answer came from \(from.scheme)://\(from.host):\(from.port), where the request was redirected)"
    }
}
