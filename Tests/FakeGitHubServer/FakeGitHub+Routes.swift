import Foundation

extension FakeGitHub {
    /// The answer to one request: a scripted fault if one is queued for its path, else what
    /// GitHub would say, with its validators, rate-limit headers and 304s.
    func answer(_ request: FakeRequest) -> FakeResponse {
        lock.withLock {
            var response: FakeResponse
            if var queue = faults[request.path], !queue.isEmpty {
                let fault = queue.removeFirst()
                faults[request.path] = queue
                response = answer(request, with: fault)
            } else {
                response = realAnswer(request)
            }
            response.delay += latency
            exchanges.append((request, response.delivery == .whole ? response.status : 0))
            return response
        }
    }

    private func answer(_ request: FakeRequest, with fault: Fault) -> FakeResponse {
        switch fault {
        case .status(let status):
            return .message(status, status >= 500 ? "Server Error" : "Error", headers: rateLimitHeaders(request))
        case .slow(let seconds):
            var response = realAnswer(request)
            response.delay = seconds
            return response
        case .drop:
            var response = realAnswer(request)
            response.delivery = .dropBeforeAnswer
            return response
        case .dropMidBody:
            var response = realAnswer(request)
            response.delivery = .dropMidBody
            return response
        case .truncatedJSON:
            var response = realAnswer(request)
            response.delivery = .truncatedBody
            response.headers.removeAll { $0.0 == "ETag" }
            return response
        case .primaryRateLimit(let seconds):
            // Only this answer says the budget is spent; `setRateLimit` makes it so for good.
            let reset = Int(Date().timeIntervalSince1970) + seconds
            return .message(
                403, "API rate limit exceeded for user ID 1.",
                headers: [
                    ("X-RateLimit-Limit", "5000"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", String(reset)),
                    ("X-RateLimit-Used", "5000"), ("X-RateLimit-Resource", "core"),
                ])
        case .secondaryRateLimit(let seconds, let status):
            return .message(
                status, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
                headers: [("Retry-After", String(seconds))] + rateLimitHeaders(request))
        case .unauthorized:
            return .message(401, "Bad credentials")
        case .graphQLErrors(let messages):
            return .json(
                200, ["data": NSNull(), "errors": messages.map { ["type": "NOT_FOUND", "message": $0] }],
                headers: rateLimitHeaders(request))
        case .graphQLRateLimited(let seconds):
            let reset = Int(Date().timeIntervalSince1970) + seconds
            return .json(
                200, ["errors": [["type": "RATE_LIMITED", "message": "API rate limit exceeded for user ID 1."]]],
                headers: [
                    ("X-RateLimit-Limit", "5000"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", String(reset)),
                    ("X-RateLimit-Used", "5000"), ("X-RateLimit-Resource", "graphql"),
                ])
        case .notFound:
            return .message(404, "Not Found", headers: rateLimitHeaders(request))
        case .redirect(let location):
            return .message(301, "Moved Permanently", headers: [("Location", location)])
        case .invalidUTF8:
            // Unconditional, so a cached copy's ETag gets a garbled 200, not a clean 304.
            var response = fullAnswer(request)
            // After the first `":"`, that is inside the first string value: a lone
            // continuation byte and an overlong encoding, neither of them UTF-8.
            if let range = response.body.range(of: Data("\":\"".utf8)) {
                response.body.insert(contentsOf: [0x80, 0xC0, 0xAF, 0xFF], at: range.upperBound)
            }
            response.headers.removeAll { $0.0 == "ETag" }
            return response
        case .link(let next):
            var response = realAnswer(request)
            response.headers.removeAll { $0.0 == "Link" }
            response.headers.append(("Link", "<\(next)>; rel=\"next\""))
            return response
        case .raw(let status, let headers, let body):
            let fields = headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            return FakeResponse(status: status, headers: fields, body: Data(body.utf8))
        case .extraHeaders(let headers):
            var response = realAnswer(request)
            response.headers.removeAll { field in headers.keys.contains { $0.lowercased() == field.0.lowercased() } }
            response.headers += headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            return response
        case .rewriteBody(let target, let replacement):
            var response = fullAnswer(request)
            response.body = Data(
                String(decoding: response.body, as: UTF8.self)
                    .replacingOccurrences(of: target, with: replacement).utf8)
            response.headers.removeAll { $0.0 == "ETag" }
            return response
        case .echoAuthorization(let status):
            return .message(
                status, "Token \(request.header("authorization") ?? "none") lacks the scope",
                headers: rateLimitHeaders(request))
        case .rewrite(let text, let replacement):
            // Unconditional, so the rewritten body is what arrives, not a 304.
            var response = fullAnswer(request)
            if let range = response.body.range(of: Data(text.utf8)) {
                response.body.replaceSubrange(range, with: Data(replacement.utf8))
            }
            return response
        case .endlessPages(let claimedLast):
            var first = request
            first.query["page"] = nil
            var response = realAnswer(first)
            let page = Int(request.query["page"] ?? "") ?? 1
            var query = request.query
            func link(_ number: Int) -> String {
                query["page"] = String(number)
                let text = query.sorted { $0.key < $1.key }.map {
                    "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.value)"
                }
                return "\(baseURL)\(request.path)?\(text.joined(separator: "&"))"
            }
            response.headers.removeAll { $0.0 == "Link" || $0.0 == "ETag" }
            response.headers.append(("Link", "<\(link(page + 1))>; rel=\"next\", <\(link(claimedLast))>; rel=\"last\""))
            return response
        }
    }

    /// The real answer in full, as if the request carried no `If-None-Match`: a fault that
    /// changes the body must reach the client as a 200, never hide behind a 304.
    private func fullAnswer(_ request: FakeRequest) -> FakeResponse {
        var unconditional = request
        unconditional.headers["if-none-match"] = nil
        return realAnswer(unconditional)
    }

    private func realAnswer(_ request: FakeRequest) -> FakeResponse {
        let authorization = request.header("authorization")
        if let authorization, let token, authorization != "Bearer \(token)" {
            return .message(401, "Bad credentials")
        }
        let authenticated = authorization != nil
        if request.path != "/rate_limit" && rateLimitRemaining <= 0 {
            return .message(403, "API rate limit exceeded for 127.0.0.1.", headers: rateLimitHeaders(request))
        }
        var response =
            request.path == "/graphql"
            ? graphQL(request, me: authenticated ? tokenOwner : nil) : route(request, authenticated: authenticated)
        // GraphQL sends no validators.
        if response.status == 200, request.path != "/graphql",
            !(searchesWithoutValidators && request.path.hasPrefix("/search/"))
        {
            let etag = Self.etag(response.body)
            response.headers.append(("ETag", etag))
            if request.header("if-none-match") == etag {
                response = FakeResponse(status: 304, headers: [("ETag", etag)])
            }
        }
        // With a token, a 304 is free; everything else costs one request.
        if request.path != "/rate_limit" && !(response.status == 304 && authenticated) {
            rateLimitRemaining = max(0, rateLimitRemaining - 1)
        }
        response.headers += rateLimitHeaders(request)
        return response
    }

    private func rateLimitHeaders(_ request: FakeRequest) -> [(String, String)] {
        [
            ("X-RateLimit-Limit", "5000"), ("X-RateLimit-Remaining", String(rateLimitRemaining)),
            ("X-RateLimit-Reset", String(Int(rateLimitReset.timeIntervalSince1970))),
            ("X-RateLimit-Used", String(5000 - rateLimitRemaining)),
            (
                "X-RateLimit-Resource",
                request.path == "/graphql" ? "graphql" : request.path.hasPrefix("/search/") ? "search" : "core"
            ),
        ]
    }

    private func route(_ request: FakeRequest, authenticated: Bool) -> FakeResponse {
        let parts = request.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        let me = authenticated ? tokenOwner?.lowercased() : nil
        switch parts.count > 0 ? parts[0] : "" {
        case "avatars":
            guard parts.count == 3, let id = Int64(parts[2]), let data = avatars[id] else { break }
            let etag = "\"avatar-\(data.count)-\(data.hashValue)\""
            if request.header("if-none-match") == etag { return FakeResponse(status: 304, headers: [("ETag", etag)]) }
            return FakeResponse(status: 200, headers: [("Content-Type", "image/png"), ("ETag", etag)], body: data)
        case "rate_limit":
            let budget: [String: Any] = [
                "limit": 5000, "remaining": rateLimitRemaining, "reset": Int(rateLimitReset.timeIntervalSince1970),
                "used": 5000 - rateLimitRemaining,
            ]
            return .json(
                200,
                [
                    "resources": [
                        "core": budget,
                        "search": [
                            "limit": 30, "remaining": 30, "reset": Int(rateLimitReset.timeIntervalSince1970), "used": 0,
                        ],
                    ], "rate": budget,
                ])
        case "user":
            guard let me else { return .message(401, "Requires authentication") }
            if parts.count == 1, let account = accounts[me] { return .json(200, json(account, full: true)) }
            if parts.count == 2 && parts[1] == "starred" { return starred(me, request, authenticated: true) }
            if parts.count == 2 && parts[1] == "repos" {
                return paged(ownedBy(me, includePrivate: true).lazy.map { self.json($0) as Any }, request)
            }
        case "users", "orgs":
            guard parts.count >= 2, let account = accounts[parts[1].lowercased()] else { break }
            if parts.count == 2 { return .json(200, json(account, full: true)) }
            if parts.count == 3 && parts[2] == "repos" {
                return paged(ownedBy(account.login, includePrivate: false).lazy.map { self.json($0) as Any }, request)
            }
            if parts.count == 3 && parts[2] == "starred" && parts[0] == "users" {
                return starred(account.login.lowercased(), request, authenticated: authenticated)
            }
        case "repos":
            guard parts.count >= 3 else { break }
            let fullName = "\(parts[1])/\(parts[2])".lowercased()
            if let id = renamed[fullName], repos[fullName] == nil {
                let rest = parts.dropFirst(3).map { "/" + $0 }.joined()
                let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
                return .message(
                    301, "Moved Permanently", headers: [("Location", "\(baseURL)/repositories/\(id)\(rest)\(query)")])
            }
            guard let repo = repos[fullName], authenticated || !repo.isPrivate else { break }
            return repository(repo, parts.dropFirst(3), request)
        case "repositories":
            guard parts.count >= 2, let id = Int64(parts[1]),
                let repo = repos.values.first(where: { $0.id == id }), authenticated || !repo.isPrivate
            else { break }
            return repository(repo, parts.dropFirst(2), request)
        case "search":
            guard parts.count == 2 && parts[1] == "repositories" else { break }
            let found = (searches[request.query["q"] ?? ""] ?? []).compactMap { repos[$0.lowercased()] }
                .filter { authenticated || !$0.isPrivate }
            return paged(found.lazy.map { self.json($0) as Any }, request, cap: 1000) { items, total in
                ["total_count": total, "incomplete_results": false, "items": items]
            }
        default:
            break
        }
        return .message(404, "Not Found")
    }

    private func repository(_ repo: Repo, _ rest: ArraySlice<String>, _ request: FakeRequest) -> FakeResponse {
        switch Array(rest) {
        case []:
            var response = FakeResponse.json(200, json(repo))
            response.headers.append(("Last-Modified", "Sun, 01 Nov 2026 10:00:00 GMT"))
            return response
        case ["releases"]:
            // Like GitHub, the pages after the first move to /repositories/{id}/releases.
            return paged(
                repo.releases.map { json($0, in: repo, accept: request.header("accept")) }, request,
                linkPath: "/repositories/\(repo.id)/releases")
        case ["readme"]:
            guard let markdown = repo.readme else { return .message(404, "Not Found") }
            if request.header("accept")?.contains("html") == true {
                // GitHub's rendering of the file, as HTML rather than JSON.
                guard let html = repo.readmeHTML else { return .message(404, "Not Found") }
                return FakeResponse(
                    status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(html.utf8))
            }
            return .json(200, readmeJSON(repo, markdown: markdown))
        default:
            return .message(404, "Not Found")
        }
    }

    private func starred(_ login: String, _ request: FakeRequest, authenticated: Bool) -> FakeResponse {
        let withDates = request.header("accept")?.contains("star+json") == true
        let key = "\(login) \(authenticated)"
        if servedStars[key]?.version != worldVersion {
            let visible = (stars[login] ?? []).compactMap { star in
                repos[star.repo.lowercased()].flatMap { authenticated || !$0.isPrivate ? (star.at, $0) : nil }
            }
            servedStars[key] = (worldVersion, visible)
        }
        // Only the page asked for is made into JSON, and only when what it shows changed:
        // GitHub answers a page it sent before without the benchmark's machine making it again.
        let all = servedStars[key]!.stars
        let page = "\(key) \(withDates) \(request.path) \(request.query.sorted { $0.key < $1.key })"
        let shown = all[Self.pageRange(count: all.count, request)]
        if let served = servedStarPages[page], served.total == all.count, served.accounts == accountsVersion,
            served.items.elementsEqual(shown, by: { $0.at == $1.at && $0.repo == $1.repo })
        {
            return served.response
        }
        let response = paged(
            all.lazy.map { at, repo in
                withDates ? ["starred_at": at, "repo": self.json(repo)] as Any : self.json(repo) as Any
            }, request)
        servedStarPages[page] = (Array(shown), all.count, accountsVersion, response)
        return response
    }

    private func ownedBy(_ login: String, includePrivate: Bool) -> [Repo] {
        repos.values.filter { $0.owner.lowercased() == login.lowercased() && (includePrivate || !$0.isPrivate) }
            .sorted { $0.pushedAt > $1.pushedAt }
    }

    private static func perPage(_ request: FakeRequest) -> Int {
        min(100, max(1, Int(request.query["per_page"] ?? "") ?? 30))
    }

    /// The positions of the items on the page asked for, of `count` (`per_page`, `page`).
    private static func pageRange(count: Int, _ request: FakeRequest) -> Range<Int> {
        let perPage = perPage(request)
        let start = min(count, (max(1, Int(request.query["page"] ?? "") ?? 1) - 1) * perPage)
        return start..<min(count, start + perPage)
    }

    /// One page of `items` by `per_page` (default 30, at most 100) and `page`, with GitHub's
    /// `Link`. Lazy items are made only for the page.
    private func paged<Items: Collection<Any>>(
        _ items: Items, _ request: FakeRequest, linkPath: String? = nil, cap: Int = .max,
        wrap: (([Any], Int) -> Any)? = nil
    ) -> FakeResponse {
        let perPage = Self.perPage(request)
        let page = max(1, Int(request.query["page"] ?? "") ?? 1)
        let reachable = min(items.count, cap)
        let lastPage = max(1, (reachable + perPage - 1) / perPage)
        let range = Self.pageRange(count: reachable, request)
        let first = items.index(items.startIndex, offsetBy: range.lowerBound)
        let slice = Array(items[first..<items.index(first, offsetBy: range.count)])
        var links: [String] = []
        func link(_ number: Int, _ rel: String) {
            var query = request.query
            query["page"] = String(number)
            let text = query.sorted { $0.key < $1.key }.map {
                "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.value)"
            }
            links.append("<\(baseURL)\(linkPath ?? request.path)?\(text.joined(separator: "&"))>; rel=\"\(rel)\"")
        }
        if page > 1 { link(page - 1, "prev") }
        if page < lastPage { link(page + 1, "next") }
        if page < lastPage { link(lastPage, "last") }
        if page > 1 { link(1, "first") }
        let body = wrap?(slice, items.count) ?? slice
        return .json(200, body, headers: links.isEmpty ? [] : [("Link", links.joined(separator: ", "))])
    }
}
