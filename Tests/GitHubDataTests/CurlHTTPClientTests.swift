import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

@Suite("CurlHTTPClient")
struct CurlHTTPClientTests {
    private func client(
        _ github: FakeGitHub, token: String? = FixtureWorld.token, concurrency: Int = 4,
        timeout: Duration = .seconds(2),
        idleLifetime: Duration = .seconds(118)
    ) -> CurlHTTPClient {
        var configuration = CurlHTTPClient.Configuration(
            apiURL: github.baseURL, token: token, userAgent: "repodigest/9.9", concurrency: concurrency,
            connectTimeout: .seconds(2), totalTimeout: timeout)
        configuration.idleConnectionLifetime = idleLifetime
        return CurlHTTPClient(configuration: configuration)
    }

    @Test("every request carries the User-Agent, GitHub's media type and API version, gzip, and the token")
    func headers() async throws {
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        let response = try await client(github).send(HTTPRequest(url: github.baseURL + "/users/mona"))
        #expect(response.status == 200)
        #expect(response.headers["etag"] != nil && response.headers["x-ratelimit-remaining"] != nil)
        let request = try #require(github.requests.first)
        #expect(request.header("user-agent") == "repodigest/9.9")
        #expect(request.header("accept") == "application/vnd.github+json")
        #expect(request.header("x-github-api-version") == "2022-11-28")
        #expect(request.header("authorization") == "Bearer \(FixtureWorld.token)")
        #expect(request.header("accept-encoding")?.contains("gzip") == true)
    }

    @Test("connections are kept alive: one connection for many sequential requests")
    func keepAlive() async throws {
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        // A generous timeout: a transfer cut short by a loaded machine would open a second
        // connection; and so would a pause of two minutes between two requests (a CI run
        // beside a build once took 151 s for these ten), past libcurl's idle lifetime.
        let client = client(github, concurrency: 1, timeout: .seconds(30), idleLifetime: .seconds(3_600))
        for _ in 0..<10 { _ = try await client.send(HTTPRequest(url: github.baseURL + "/users/mona")) }
        #expect(github.connectionsAccepted == 1)
        #expect(client.connectionsOpened == 1)
    }

    @Test("a connection idle past its lifetime is not used again")
    func idleLifetime() async throws {
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        let client = client(github, concurrency: 1, timeout: .seconds(30), idleLifetime: .seconds(1))
        _ = try await client.send(HTTPRequest(url: github.baseURL + "/users/mona"))
        try await Task.sleep(for: .milliseconds(2_100))
        _ = try await client.send(HTTPRequest(url: github.baseURL + "/users/mona"))
        #expect(client.connectionsOpened == 2)
    }

    @Test("never more requests in flight than the limit", arguments: [1, 2, 4])
    func concurrencyLimit(limit: Int) async throws {
        let github = FixtureWorld.make()
        github.latency = 0.02
        try github.start()
        defer { github.stop() }
        let client = client(github, concurrency: limit)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask { _ = try await client.send(HTTPRequest(url: github.baseURL + "/users/mona")) }
            }
            try await group.waitForAll()
        }
        #expect(github.requests.count == 12)
        #expect(github.maxRequestsInFlight <= limit)
        #expect(github.connectionsAccepted <= limit)
    }

    @Test("a redirect to another host is followed without the token")
    func noTokenToOtherHosts() async throws {
        let api = FixtureWorld.make()
        let elsewhere = FixtureWorld.make()
        try api.start()
        try elsewhere.start()
        defer {
            api.stop()
            elsewhere.stop()
        }
        api.inject(.redirect(to: elsewhere.baseURL + "/users/mona"), at: "/users/mona")
        let response = try await client(api).send(HTTPRequest(url: api.baseURL + "/users/mona"))
        #expect(response.status == 200)
        #expect(response.url == elsewhere.baseURL + "/users/mona")
        #expect(api.requests.first?.header("authorization") != nil)
        #expect(elsewhere.requests.count == 1)
        #expect(elsewhere.requests.first?.header("authorization") == nil)
    }

    @Test("a redirect loop ends in an error, not a hang")
    func redirectLoop() async throws {
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        github.inject(.redirect(to: github.baseURL + "/b"), at: "/a", times: 10)
        github.inject(.redirect(to: github.baseURL + "/a"), at: "/b", times: 10)
        await #expect(throws: HTTPClientError.self) {
            try await client(github).send(HTTPRequest(url: github.baseURL + "/a"))
        }
    }

    @Test(
        "no answer is an error that says what happened",
        arguments: [
            (FakeGitHub.Fault.drop, HTTPClientError.Kind.connectionDropped),
            (.dropMidBody, .connectionDropped),
            (.slow(seconds: 1.5), .timedOut),
        ])
    func failures(fault: FakeGitHub.Fault, kind: HTTPClientError.Kind) async throws {
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        github.inject(fault, at: "/users/mona")
        let error = await #expect(throws: HTTPClientError.self) {
            try await client(github, timeout: .milliseconds(500)).send(HTTPRequest(url: github.baseURL + "/users/mona"))
        }
        #expect(error?.kind == kind)
        #expect(error?.isTransient == true)
    }

    @Test("a refused connection is a cannotConnect error")
    func cannotConnect() async throws {
        let client = CurlHTTPClient(configuration: .init(apiURL: "http://127.0.0.1:1", connectTimeout: .seconds(2)))
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: "http://127.0.0.1:1/x"))
        }
        #expect(error?.kind == .cannotConnect)
    }
}
