import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// Headers both ways: nothing the client sends can carry a CR or LF (from the token, the
/// User-Agent, or a validator a server sent), and an answer's headers are bounded.
@Suite("Request and answer headers: no injection, a bound on size")
struct HeaderSafetyTests {
    private func client(_ github: FakeGitHub, token: String? = FixtureWorld.token, userAgent: String = "repodigest/9.9")
        -> CurlHTTPClient
    {
        CurlHTTPClient(
            configuration: .init(
                apiURL: github.baseURL, token: token, userAgent: userAgent, connectTimeout: .seconds(2),
                totalTimeout: .seconds(5)))
    }

    /// Token and User-Agent pairs, one of them broken; by name, so no CR reaches the test log.
    static let broken = [
        "CRLF in the token": ("ghp_x\r\nX-Injected: yes", "repodigest/1"),
        "CRLF in the User-Agent": (FixtureWorld.token, "repodigest/1\r\nX-Injected: yes"),
        "NUL in the token": ("ghp_x\u{0}tail", "repodigest/1"),
    ]

    @Test(
        "a header value with CR/LF or NUL is refused before sending, naming the field and not its value",
        arguments: broken.keys.sorted())
    func refusedBeforeSending(_ label: String) async throws {
        let (token, userAgent) = try #require(Self.broken[label])
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        let error = await #expect(throws: HTTPClientError.self) {
            try await client(github, token: token, userAgent: userAgent).send(
                HTTPRequest(url: github.baseURL + "/users/mona"))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.isTransient == false)
        #expect(error?.description.contains("Injected") == false && error?.description.contains("ghp_x") == false)
        #expect(github.requests.isEmpty)
    }

    @Test("an ETag a server sent with a bare CR inside is never sent back")
    func etagWithCR() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.extraHeaders(["ETag": "\"abc\"\rX-Injected: yes"]), at: "/users/mona")
        _ = try await harness.store().owner("mona")
        _ = try await harness.store().owner("mona")
        let repeated = try #require(harness.github.requests.last)
        #expect(repeated.header("if-none-match") == nil)
        #expect(!repeated.headers.values.contains { $0.contains("\r") || $0.contains("Injected") })
    }

    @Test("a cached validator with CR/LF (an older cache, a planted file) is dropped, not sent")
    func cachedValidatorWithCRLF() async throws {
        let harness = try LiveHarness()
        let url = harness.github.baseURL + "/users/mona"
        let cache = try #require(
            SQLiteResponseCache.open(
                at: harness.stateDirectory.appending(path: "cache.sqlite"), warnings: WarningLog()))
        await cache.store(
            CachedResponse(
                key: CachedResponse.key(url: url, accept: MediaType.json), etag: "\"x\"\r\nX-Injected: yes",
                lastModified: "Sun\r\nX-Also: yes", body: Data("{}".utf8), fetchedAt: Date()))
        #expect(try await harness.store().owner("mona").login == "mona")
        let request = try #require(harness.github.requests.first)
        #expect(request.header("x-injected") == nil && request.header("x-also") == nil)
        #expect(request.header("if-none-match") == nil && request.header("if-modified-since") == nil)
    }

    @Test(
        "a 1 MB header line, or thousands of headers, is an error naming the URL and the bound, tried once",
        arguments: [1, 4000])
    func oversizedHeaders(fields: Int) async throws {
        let harness = try LiveHarness()
        let size = fields == 1 ? 1 << 20 : 100
        let headers = Dictionary(
            uniqueKeysWithValues: (0..<fields).map { ("X-Padding-\($0)", String(repeating: "a", count: size)) })
        harness.github.inject(.extraHeaders(headers), at: "/users/mona", times: 5)
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        let message = try #require(error?.description)
        #expect(message.contains("GET \(harness.github.baseURL)/users/mona: "), "\(message)")
        #expect(message.contains("64 KiB of headers"), "\(message)")
        #expect(!message.lowercased().contains("out of memory"), "\(message)")
        #expect(harness.github.requests.count == 1, "not worth a retry")
    }
}
