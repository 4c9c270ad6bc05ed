import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// POST, which GraphQL needs, through the same libcurl client and connections as every GET.
@Suite("CurlHTTPClient POST")
struct CurlHTTPClientPostTests {
    /// One connection for all, even after a long pause of a loaded machine between requests.
    private func client(_ github: FakeGitHub) -> CurlHTTPClient {
        var configuration = CurlHTTPClient.Configuration(
            apiURL: github.baseURL, token: FixtureWorld.token, userAgent: "repodigest/9.9", concurrency: 1,
            connectTimeout: .seconds(2), totalTimeout: .seconds(30))
        configuration.idleConnectionLifetime = .seconds(3_600)
        return CurlHTTPClient(configuration: configuration)
    }

    @Test(
        "a request with a body is a POST of exactly those bytes, with the token, and the next GET on the connection is a GET"
    )
    func postSendsTheBody() async throws {
        let github = FixtureWorld.make()
        try github.start()
        defer { github.stop() }
        let client = client(github)
        let body = Data(#"{"query":"{ viewer { login } }"}"#.utf8) + Data([0, 0xFF]) + Data("é".utf8)
        _ = try await client.send(HTTPRequest(url: github.baseURL + "/graphql", body: body))
        let after = try await client.send(HTTPRequest(url: github.baseURL + "/users/mona"))
        #expect(after.status == 200)
        let requests = github.requests
        #expect(requests.map(\.method) == ["POST", "GET"])
        #expect(requests[0].body == body)
        #expect(requests[0].header("authorization") == "Bearer \(FixtureWorld.token)")
        #expect(requests[1].body.isEmpty)
        #expect(client.connectionsOpened == 1, "the POST and the GET share one connection")
    }

    @Test("a POST answered with a redirect is not followed: the query and token go only where they were sent")
    func postIsNotRedirected() async throws {
        let api = FixtureWorld.make()
        let elsewhere = FixtureWorld.make()
        try api.start()
        try elsewhere.start()
        defer {
            api.stop()
            elsewhere.stop()
        }
        api.inject(.redirect(to: elsewhere.baseURL + "/graphql"), at: "/graphql")
        let response = try await client(api).send(HTTPRequest(url: api.baseURL + "/graphql", body: Data("{}".utf8)))
        #expect(response.status == 301)
        #expect(elsewhere.requests.isEmpty)
    }
}
