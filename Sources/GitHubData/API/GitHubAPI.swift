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
        /// How long the run may go on asking (`max_fetch_seconds`), and from when: past it, no
        /// request is sent, and each answer is the cached copy, shown stale. Every request is
        /// bounded on its own, but a slow server answering each just in time would hold a
        /// cron run, and its lock, for hours.
        var fetchTime: (limit: Duration, deadline: Date)?
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
    ///
    /// In three steps: what the cache holds (`copies`), whether that answers without asking
    /// (`answerWithoutAsking`), and asking, as often as retries and rate limits allow (`ask`).
    func fetch<T: Decodable & Sendable>(
        _ type: T.Type, _ url: String, accept: String = MediaType.json, formerAccept: String? = nil,
        caching: Bool = true, rememberNotFound: Bool = false, cachedIsEnough: Bool = false, pushedAt: String? = nil,
        post query: GraphQLQuery? = nil
    ) async throws -> Page<T> {
        let request = Asked(
            url: url, accept: accept, query: query, caching: caching, rememberNotFound: rememberNotFound,
            pushedAt: pushedAt)
        let copies = await copies(of: request, formerAccept: formerAccept)
        if let page = try answerWithoutAsking(type, request, copies, cachedIsEnough: cachedIsEnough) { return page }
        return try await ask(type, request, copies)
    }

    /// One resource as `fetch` asks for it, and how its answer is kept.
    struct Asked: Sendable {
        var url: String
        var accept: String
        /// The GraphQL query to post; nil for a GET.
        var query: GraphQLQuery?
        var caching: Bool
        var rememberNotFound: Bool
        var pushedAt: String?
        /// How messages name it: `GET URL`, or `POST URL (query NAME)`.
        let resource: String
        /// Its cache key: a query is kept under its text and variables.
        let key: String

        init(
            url: String, accept: String, query: GraphQLQuery?, caching: Bool, rememberNotFound: Bool,
            pushedAt: String?
        ) {
            self.url = url
            self.accept = accept
            self.query = query
            self.caching = caching
            self.rememberNotFound = rememberNotFound
            self.pushedAt = pushedAt
            resource = query.map { "POST \(url) (query \($0.name))" } ?? "GET \(url)"
            key = CachedResponse.key(
                url: url + (query.map { " " + String(decoding: $0.body, as: UTF8.self) } ?? ""), accept: accept)
        }
    }

    /// What the cache holds of a resource.
    struct Copies: Sendable {
        /// The row kept under the media type asked for (a remembered 404 included).
        var cached: CachedResponse?
        /// The former media type's copy, read only where the current one has no row at all: a
        /// remembered 404 under the current one is newer than anything cached in the former.
        var former: CachedResponse?

        /// The copy to fall back on when asking fails, or to serve offline.
        var best: CachedResponse? { cached ?? former }
    }

    /// Step 1: the cache's copies of `request`.
    private func copies(of request: Asked, formerAccept: String?) async -> Copies {
        guard request.caching, let cache else { return Copies() }
        var copies = Copies(cached: await cache.entry(for: request.key))
        if copies.cached == nil, let formerAccept {
            let former = await cache.entry(for: CachedResponse.key(url: request.url, accept: formerAccept))
            copies.former = former?.isNotFound == true ? nil : former
        }
        return copies
    }

    /// Step 2: the answer the cache gives without asking: offline, and for what is kept as it
    /// is (`cachedIsEnough`); nil when GitHub must be asked.
    private func answerWithoutAsking<T: Decodable & Sendable>(
        _ type: T.Type, _ request: Asked, _ copies: Copies, cachedIsEnough: Bool
    ) throws -> Page<T>? {
        let resource = request.resource
        // A remembered 404 is asked again (it carries no validator), and stays what is known
        // should asking fail (`fallback`): a repository with no README is not a source that
        // failed with nothing cached.
        if let absent = copies.cached, absent.isNotFound, settings.offline || cachedIsEnough {
            if cachedIsEnough { log.kept() }
            throw GitHubDataError.notFound(resource: resource)
        }
        if settings.offline {
            guard let kept = copies.best else { throw GitHubDataError.notCached(resource: resource) }
            log.servedOffline()
            return Page(value: try self.kept(type, kept, resource: resource), next: LinkHeader(kept.link).next)
        }
        if cachedIsEnough, let cached = copies.cached,
            let page = try? Page(value: kept(type, cached, resource: resource), next: LinkHeader(cached.link).next)
        {
            log.kept()
            return page
        }
        return nil
    }

    /// Step 3: asks GitHub, conditionally on the cached copy, within the rate-limit budget,
    /// again after a failure while attempts are left; when none is, falls back on the copy.
    private func ask<T: Decodable & Sendable>(_ type: T.Type, _ request: Asked, _ copies: Copies) async throws
        -> Page<T>
    {
        var copies = copies
        var attempt = 0
        var waited = 0
        // Why the last attempt failed; set by every attempt that fails before it is read.
        var failure = StaleData.Cause.failure("no answer", attempts: 0)
        let bucket = RateLimitReading.resource(for: request.url)
        while true {
            try Task.checkCancellation()
            if let time = settings.fetchTime, now() >= time.deadline {
                let seconds = Int(time.limit.components.seconds)
                return try await fallback(
                    type, copies.best, resource: request.resource, cause: .outOfTime(seconds: seconds))
            }
            if let until = await budget.reserve(bucket, now: now()) {
                // A second past the reset, so the clocks of client and server need not agree exactly.
                let wait = Duration.seconds(max(0, until.timeIntervalSince(now())) + 1)
                try await waitForBudget(
                    wait, until: until, resource: request.resource, secondary: false, waited: &waited)
                continue
            }
            attempt += 1
            log.sent(retry: attempt > 1)
            let response: HTTPResponse
            do {
                response = try await send(request, conditionalOn: copies.cached, bucket: bucket)
            } catch let error as HTTPClientError {
                failure = .failure(redactor(error.detail), attempts: attempt)
                guard error.isTransient, attempt < settings.retry.maxAttempts else {
                    return try await fallback(type, copies.best, resource: request.resource, cause: failure)
                }
                try await sleep(settings.retry.delay(after: attempt))
                continue
            }
            switch try await read(response, as: type, for: request, copies: &copies, attempt: attempt, bucket: bucket) {
            case .answered(let page):
                return page
            case .refused(let wait):
                if let wait {
                    try await waitForBudget(
                        wait.duration, until: wait.until, resource: request.resource, secondary: true,
                        waited: &waited)
                }
                attempt -= 1  // a refusal is not a failed attempt
                continue
            case .failed(let cause):
                failure = cause
            case .final(let cause):
                return try await fallback(type, copies.best, resource: request.resource, cause: cause)
            }
            if attempt < settings.retry.maxAttempts {
                try await sleep(settings.retry.delay(after: attempt))
                continue
            }
            return try await fallback(type, copies.best, resource: request.resource, cause: failure)
        }
    }

    /// Sends `request` once, conditionally on `cached`, and settles the budget it reserved in
    /// `bucket` with what the answer says of it (nothing, when no answer came).
    private func send(_ request: Asked, conditionalOn cached: CachedResponse?, bucket: String) async throws
        -> HTTPResponse
    {
        do {
            // GraphQL sends no validators: a query is asked whole every time.
            let headers: HTTPHeaders =
                request.query == nil
                ? conditionalHeaders(request.accept, cached)
                : ["Accept": request.accept, "Content-Type": "application/json"]
            let response = redactor(
                try await client.send(HTTPRequest(url: request.url, headers: headers, body: request.query?.body)))
            await budget.settle(
                bucket, reading: RateLimitReading(headers: response.headers, url: request.url, now: now()))
            return response
        } catch {
            await budget.settle(bucket, reading: nil)
            throw error
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
