import Entities
import FakeGitHubServer
import Foundation
import Testing
import UseCases

@testable import GitHubData

/// Answers no well-behaved GitHub sends, but a broken proxy, a compromised mirror or a bug
/// might: bytes that are not UTF-8, a README of megabytes, redirects in a circle, `Link`
/// headers that point elsewhere or promise pages without end. Each ends in a bounded,
/// reported outcome: retried, kept from the last run, or refused; never a hang, a crash or
/// the token handed to a stranger. (5xx, timeouts, drops, truncation, rate limits and 401
/// are in `RetryAndFallbackTests`, `RateLimitTests` and `CurlHTTPClientTests`.)
@Suite("A server that misbehaves")
struct HostileServerTests {
    static let lantern = RepoName(owner: "lumen-labs", name: "lantern")

    /// A live harness, and a second fake GitHub as another host (another port of 127.0.0.1).
    private func withAnotherHost(_ body: (LiveHarness, FakeGitHub) async throws -> Void) async throws {
        let harness = try LiveHarness()
        let elsewhere = FixtureWorld.make()
        try elsewhere.start()
        defer { elsewhere.stop() }
        try await body(harness, elsewhere)
    }

    @Test("invalid UTF-8 in a JSON body is retried like a garbled answer, and never cached")
    func invalidUTF8Retried() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.invalidUTF8, at: "/repos/lumen-labs/lantern", times: 2)
        let store = harness.store()
        let repo = try await store.repository(Self.lantern)
        #expect(repo.description == "A static site lantern")
        #expect(store.report.retries == 2)
        #expect(await store.staleData().isEmpty)
    }

    @Test("invalid UTF-8 every time: the previous run's copy is kept and reported, or the failure is named")
    func invalidUTF8Persistent() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.invalidUTF8, at: "/users/mona/starred", times: 3)
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starred(by: "mona") }
        guard case .unavailable(let resource, let cause)? = error else {
            Issue.record("expected .unavailable, got \(String(describing: error))")
            return
        }
        #expect(resource.hasSuffix("/users/mona/starred?per_page=100"))
        #expect(cause.description.contains("after 3 attempts"), "\(cause)")

        _ = try await harness.store().starred(by: "mona")
        harness.github.inject(.invalidUTF8, at: "/users/mona/starred", times: 3)
        let store = harness.store()
        #expect(try await store.starred(by: "mona").count == 5)
        #expect(await store.staleData().count == 1)
    }

    @Test("a 10 MB README is cut to its first MiB where it is read, and says how big the whole is")
    func hugeReadme() async throws {
        let github = FixtureWorld.make()
        let section = "## Part\n\nSome **text** with a [link](https://example.com/) and `code`.\n\n"
        let markdown = String(repeating: section, count: 10_000_000 / section.utf8.count + 1)
        github.update("lumen-labs/lantern") { $0.readme = markdown }
        let harness = try LiveHarness(github: github)
        // Some 13 MB of base64 in JSON: the harness's short timeout is for faults, not for a
        // transfer this size on a loaded machine.
        let store = harness.store { $0.totalTimeout = .seconds(60) }
        let repo = try await store.repository(Self.lantern)
        let readme = try #require(try await store.readme(of: repo))
        #expect(readme.wholeByteCount == markdown.utf8.count)
        #expect(readme.markdown.utf8.count <= ReadmeDTO.maxMarkdownBytes)
        #expect(readme.markdown.utf8.count > ReadmeDTO.maxMarkdownBytes / 2)
        #expect(readme.markdown.hasSuffix("\n"), "cut at a line break")
        #expect(markdown.hasPrefix(readme.markdown))

        let small = try #require(
            try await store.readme(of: store.repository(RepoName(owner: "kit-harbor", name: "knot"))))
        #expect(small.wholeByteCount == nil && small.markdown == "# knot")
    }

    @Test("a README with no line break to cut at is cut at a UTF-8 boundary")
    func hugeReadmeWithoutLines() throws {
        let bytes = Data(String(repeating: "é", count: 40).utf8)
        for limit in 1...bytes.count {
            let cut = ReadmeDTO.beginning(of: bytes, maxBytes: limit)
            #expect(cut.count <= limit)
            #expect(String(data: cut, encoding: .utf8) != nil, "limit \(limit) split a character")
        }
    }

    @Test("a redirect loop on a source ends in a named failure, or the previous copy, never a hang")
    func redirectLoop() async throws {
        let harness = try LiveHarness()
        let base = harness.github.baseURL
        harness.github.inject(.redirect(to: base + "/loop/b"), at: "/users/mona/starred", times: 3)
        harness.github.inject(.redirect(to: base + "/users/mona/starred?per_page=100"), at: "/loop/b", times: 30)
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starred(by: "mona") }
        guard case .unavailable(_, let cause)? = error else {
            Issue.record("expected .unavailable, got \(String(describing: error))")
            return
        }
        #expect(cause.description.contains("loop"), "\(cause)")
        #expect(harness.github.requests.count < 30, "the loop is cut short: \(harness.github.requests.count) requests")
    }

    @Test("a 2xx other than 200 whose body does not decode names its status")
    func noContentNamesItsStatus() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.raw(status: 204, headers: [:], body: ""), at: "/users/mona", times: 5)
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        #expect(error?.description.contains("(HTTP 204)") == true, "\(String(describing: error))")
    }

    @Test("a redirect to an address with a user name or password is not followed: the server chose them")
    func redirectWithCredentials() async throws {
        let harness = try LiveHarness()
        let base = harness.github.baseURL.replacingOccurrences(of: "http://", with: "http://who:secret@")
        harness.github.inject(.redirect(to: base + "/users/mona/starred?per_page=100"), at: "/users/mona/starred")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starred(by: "mona") }
        guard case .unavailable(_, let cause)? = error else {
            Issue.record("expected .unavailable, got \(String(describing: error))")
            return
        }
        #expect(
            cause.description.contains("user name or password") && !cause.description.contains("secret"), "\(cause)")
        #expect(harness.github.requests.count == 1)
    }

    @Test("a page of a list with more items than any GitHub sends is refused whole, not decoded item by item")
    func aPageOfMillionsIsRefused() async throws {
        let harness = try LiveHarness()
        let body = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
        harness.github.inject(.raw(status: 200, headers: [:], body: body), at: "/users/mona/starred")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starred(by: "mona") }
        #expect(
            error?.description.contains("a list of more than 1000 items, where GitHub sends at most 100") == true,
            "\(String(describing: error))")
        #expect(harness.github.requests.count == 1, "the same again would only repeat")
        // A list inside an answer (a search's `items`) stops at its 1,001st item.
        let items =
            "{\"total_count\":2000,\"items\":[" + Array(repeating: "1", count: 2_000).joined(separator: ",") + "]}"
        harness.github.inject(.raw(status: 200, headers: [:], body: items), at: "/search/repositories")
        let searched = await #expect(throws: GitHubDataError.self) {
            try await harness.store().search(SavedSearch(name: "n", query: "q"))
        }
        #expect(
            searched?.description.contains("at items[1000]: a list of more than 1000 items") == true,
            "\(String(describing: searched))")
        // Strings and nested values hold commas that are no items.
        #expect(!GitHubDecoder.topLevelItems(Data(#"[{"a":[1,2,3]},"x,y",[4,5]]"#.utf8), moreThan: 3))
        #expect(GitHubDecoder.topLevelItems(Data("[1,2,3,4]".utf8), moreThan: 3))
        #expect(!GitHubDecoder.topLevelItems(Data(#"{"a":1,"b":2}"#.utf8), moreThan: 0))
    }

    @Test("a 422 says why, in GitHub's words from its errors: what a saved search's author needs")
    func aValidationFailureSaysWhy() async throws {
        let harness = try LiveHarness()
        let body = #"""
            {"message":"Validation Failed","errors":[{"message":"The listed users cannot be searched.",
            "resource":"Search","field":"q","code":"invalid"},{"resource":"Search","field":"sort","code":"invalid"}]}
            """#
        harness.github.inject(.raw(status: 422, headers: [:], body: body), at: "/search/repositories")
        let error = await #expect(throws: GitHubDataError.self) {
            try await harness.store().search(SavedSearch(name: "n", query: "user:ghost"))
        }
        #expect(
            error?.description.contains(
                "unexpected HTTP 422: Validation Failed: The listed users cannot be searched.; sort invalid")
                == true, "\(String(describing: error))")
    }

    @Test("a Link relative to its page is read against it, as RFC 8288 allows")
    func relativeLink() async throws {
        let harness = try LiveHarness(github: FixtureWorld.make(starCount: 150))
        harness.github.inject(.link(next: "?per_page=100&page=2"), at: "/users/mona/starred")
        let read = try await harness.store().starsRead(by: "mona")
        #expect(read.stars.count > 100 && read.isComplete)
        #expect(harness.github.requests.contains { $0.query["page"] == "2" })
    }

    @Test("a Link's address is named without a user name or password, and cut as a server's words are")
    func aLinksAddressIsNamedSafely() {
        let withPassword = "https://mona:hunter2@evil.example:8443/x?a=b@c"
        #expect(GitHubDataStore.shown(withPassword) == "https://…@evil.example:8443/x?a=b@c")
        #expect(GitHubDataStore.shown("http://[::1") == "http://[::1")
        #expect(GitHubDataStore.shown("/u?" + String(repeating: "p", count: 70_000)).count == 501)
    }

    @Test("a Link back to a page already read, or to no address, ends the list there, said, and not as read whole")
    func linkLoopsAndJunk() async throws {
        let harness = try LiveHarness(github: FixtureWorld.make(starCount: 150))
        let first = harness.github.baseURL + "/users/mona/starred?per_page=100"
        harness.github.inject(.link(next: first), at: "/users/mona/starred")
        let store = harness.store()
        let looped = try await store.starsRead(by: "mona")
        #expect(looped.stars.count == 100 && !looped.isComplete, "an unstar cannot be told from a star not reached")
        #expect(store.report.dataWarnings.contains { $0.contains("leads back to a page already read") })
        let stale = await store.staleData()
        #expect(stale.map(\.resource) == ["GET \(first)"] && stale.allSatisfy(\.isPartial), "exit code 2: \(stale)")
        #expect(stale.first?.reason == "its Link leads back to a page already read (\(first))")
        #expect(harness.github.requests.filter { $0.path == "/users/mona/starred" }.count == 1)

        // No address: the list is read to there; the next run, the Link right again, reads it
        // whole, though the cache's copy of the first page still names no address.
        harness.github.inject(.link(next: "http://[::1"), at: "/users/mona/starred")
        let junk = harness.store()
        #expect(try await junk.starsRead(by: "mona").isComplete == false)
        #expect(junk.report.dataWarnings.contains { $0.contains("leads to no address") })
        #expect(await junk.staleData().map(\.reason) == ["its Link leads to no address (http://[::1)"])
        // An empty target names this page again: read to there too, never taken as the end.
        harness.github.inject(.link(next: ""), at: "/users/mona/starred")
        let empty = harness.store()
        #expect(try await empty.starsRead(by: "mona").isComplete == false)
        let emptyStale = await empty.staleData()
        #expect(!emptyStale.isEmpty && emptyStale.allSatisfy(\.isPartial), "\(emptyStale)")
        harness.github.inject(.link(next: "http://[::1"), at: "/users/mona/starred")
        _ = try await harness.store().starsRead(by: "mona")
        // A run that cannot ask shows the list as far as the last one read it, not nothing.
        let offline = harness.store { $0.offline = true }
        let kept = try await offline.starsRead(by: "mona")
        #expect(kept.stars.count == 100 && !kept.isComplete)
        let fixed = harness.store()
        let mended = try await fixed.starsRead(by: "mona")
        #expect(mended.stars.count > 100 && mended.isComplete)
        #expect(await fixed.staleData().isEmpty)
    }

    @Test("a search's Link is followed as a list's: relative, never back to a page read; each repository once")
    func searchPaging() async throws {
        let github = FixtureWorld.make(starCount: 300)
        github.search("many", finds: (0..<250).map { "kit-harbor/tool-\($0)" })
        let harness = try LiveHarness(github: github)
        let search = SavedSearch(name: "many", query: "many", limit: 1000)

        harness.github.inject(.link(next: "?q=many&per_page=100&page=2"), at: "/search/repositories")
        let relative = try await harness.store().search(search)
        #expect(relative.count == 250, "a relative Link read against its page")

        // Every answer's Link names the last page read: the second answer's leads back to itself.
        let last = try #require(harness.github.requests.last { $0.path == "/search/repositories" })
        let again = harness.github.baseURL + last.target
        harness.github.inject(.link(next: again), at: "/search/repositories", times: 3)
        let before = harness.github.requests.count
        let store = harness.store()
        let looped = try await store.search(search)
        #expect(harness.github.requests.count - before <= 2, "no page asked for twice")
        #expect(Set(looped.map(\.id)).count == looped.count)
        #expect(store.report.dataWarnings.contains { $0.contains("leads back to a page already read") })
        let stale = await store.staleData()
        #expect(stale.count == 1 && stale.allSatisfy(\.isPartial), "exit code 2, as for a list: \(stale)")
        #expect(stale.first?.resource.contains("/search/repositories?") == true)
        let cached = await harness.store().api.cache?.entry(for: CachedResponse.key(url: again, accept: MediaType.json))
        #expect(
            cached != nil && cached?.etag == nil && cached?.lastModified == nil,
            "the page whose Link loops is asked for afresh next time, not confirmed by a 304; kept for a run that cannot ask"
        )
    }

    @Test("an owner's repositories and a repository's releases whose Link loops: read to there, said as stale")
    func linkLoopsInOtherLists() async throws {
        let harness = try LiveHarness()
        let repos = harness.github.baseURL + "/orgs/lumen-labs/repos?per_page=100"
        harness.github.inject(.link(next: repos), at: "/orgs/lumen-labs/repos")
        let store = harness.store()
        let owner = try await store.owner("lumen-labs")
        #expect(try await !store.repositories(of: owner).isEmpty)
        #expect(await store.staleData().map(\.resource) == ["GET \(repos)"])

        let releases = harness.github.baseURL + "/repos/lumen-labs/lantern/releases?per_page=100"
        harness.github.inject(.link(next: releases), at: "/repos/lumen-labs/lantern/releases")
        let lantern = try await store.repository(Self.lantern)
        let read = try await store.releases(of: lantern, limit: 10, from: .source)
        #expect(read.map(\.tagName) == ["v1.5", "v1.4", "v1.3", "v1.2", "v1.1"], "the one page, as read")
        #expect(await store.staleData().map(\.resource) == ["GET \(repos)", "GET \(releases)"])
        #expect(await store.staleData().allSatisfy(\.isPartial))
    }

    @Test("a starred list with an item left out is not read whole: its repository is never taken as unstarred")
    func anItemLeftOutLeavesTheListIncomplete() async throws {
        let harness = try LiveHarness()
        harness.github.inject(
            .rewriteBody(target: "\"repo\":{", replacement: "\"repo\":null,\"was\":{"),
            at: "/users/mona/starred")
        let store = harness.store()
        let read = try await store.starsRead(by: "mona")
        #expect(!read.isComplete)
        #expect(store.report.dataWarnings.contains { $0.contains("left out") }, "\(store.report.dataWarnings)")
    }

    @Test("a Link to another host is followed without the token")
    func linkToAnotherHost() async throws {
        try await withAnotherHost { harness, elsewhere in
            harness.github.inject(
                .link(next: elsewhere.baseURL + "/users/mona/starred?per_page=100&page=2"), at: "/users/mona/starred")
            let stars = try await harness.store().starred(by: "mona")
            #expect(stars.count == 5, "the first page; the other host's page 2 of 1 is empty")
            #expect(harness.github.requests.allSatisfy { $0.header("authorization") == "Bearer \(FixtureWorld.token)" })
            #expect(elsewhere.requests.count == 1)
            #expect(
                elsewhere.requests.allSatisfy { $0.header("authorization") == nil }, "the token stays with the API host"
            )
        }
    }

    @Test("a 301 to another host is followed without the token, for a list and for a repository")
    func redirectToAnotherHost() async throws {
        try await withAnotherHost { harness, elsewhere in
            harness.github.inject(
                .redirect(to: elsewhere.baseURL + "/repos/lumen-labs/lantern"), at: "/repos/lumen-labs/lantern")
            harness.github.inject(
                .redirect(to: elsewhere.baseURL + "/users/mona/starred?per_page=100"), at: "/users/mona/starred")
            let store = harness.store()
            _ = try await store.repository(Self.lantern)
            _ = try await store.starred(by: "mona")
            #expect(elsewhere.requests.count == 2)
            #expect(elsewhere.requests.allSatisfy { $0.header("authorization") == nil })
        }
    }

    @Test("an answer that does not decode after a redirect to another host says where it came from")
    func undecodableAfterARedirect() async throws {
        try await withAnotherHost { harness, elsewhere in
            elsewhere.inject(
                .raw(status: 200, headers: [:], body: "<html>a login page</html>"), at: "/moved", times: 10)
            harness.github.inject(
                .redirect(to: elsewhere.baseURL + "/moved"), at: "/repos/lumen-labs/lantern", times: 10)
            let error = await #expect(throws: (any Error).self) {
                _ = try await harness.store().repository(Self.lantern)
            }
            #expect(
                "\(error.map { String(describing: $0) } ?? "")".contains(
                    "(the answer came from \(elsewhere.baseURL), where the request was redirected)"),
                "\(String(describing: error))")
        }
    }

    @Test("a Link claiming 10,000 pages is read only up to the bound, and the run says so")
    func endlessList() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.endlessPages(claimedLast: 10_000), at: "/users/mona/starred", times: 10_000)
        let store = harness.store()
        let stars = try await store.starred(by: "mona")
        #expect(harness.github.requests.count == store.maxPages)
        #expect(stars.count == 5 * store.maxPages)
        #expect(store.report.cutShort == ["GET \(harness.github.baseURL)/users/mona/starred?per_page=100"])
    }

    @Test("a search whose Link claims 10,000 pages of the same results stops at the first page that brings none new")
    func endlessSearch() async throws {
        let github = FixtureWorld.make(starCount: 100)
        github.search("many", finds: (0..<100).map { "kit-harbor/tool-\($0)" })
        let harness = try LiveHarness(github: github)
        harness.github.inject(.endlessPages(claimedLast: 10_000), at: "/search/repositories", times: 10_000)
        let store = harness.store()
        let found = try await store.search(SavedSearch(name: "many", query: "many", limit: 250))
        #expect(found.count == 100 && Set(found.map(\.id)).count == 100, "each repository once")
        #expect(harness.github.requests.count == 2)
        #expect(store.report.cutShort.isEmpty, "a search's own limit is no surprise")
        #expect(store.report.dataWarnings.contains { $0.contains("gave only results read already") })
    }
}
