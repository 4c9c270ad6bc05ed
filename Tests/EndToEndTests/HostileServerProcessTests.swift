import FakeGitHubServer
import Foundation
import Testing

/// `repodigest build` as cron runs it, against an API that sends it elsewhere, forgets a
/// favourite or promises pages without end: where the token goes, what every log line
/// says, and what the run reports. (Exit codes 2 and 3 are in `LiveBuildProcessTests`.)
@Suite struct HostileServerProcessTests {
    static let token = LiveBuildProcessTests.token

    /// Each line of a `--log-format json` run as an object; a line that is not one fails.
    static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            return object
        }
    }

    @Test func theTokenGoesOnlyToTheAPIHostAndIntoNoLogLineFileOrMessage() throws {
        let folder = try TemporaryFolder()
        let api = try LiveBuildProcessTests.world()
        // The same data on another port: another origin, so another host to the client.
        let elsewhere = try LiveBuildProcessTests.world()
        defer {
            api.stop()
            elsewhere.stop()
        }
        api.inject(
            .redirect(to: elsewhere.baseURL + "/orgs/lumen-labs/repos?per_page=100"), at: "/orgs/lumen-labs/repos")
        api.inject(
            .redirect(to: elsewhere.baseURL + "/repos/lumen-labs/lantern/readme"),
            at: "/repos/lumen-labs/lantern/readme")
        api.inject(
            .link(next: elsewhere.baseURL + "/users/mona/starred?per_page=100&page=2"), at: "/users/mona/starred")
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: api)

        let outcome = try run.build(extra: ["--log-format", "json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = Self.jsonLines(outcome.standardError)
        #expect(lines.contains { ($0["message"] as? String)?.hasPrefix("Published") == true })

        let redirected = elsewhere.requests.map(\.path)
        #expect(
            Set(redirected) == ["/orgs/lumen-labs/repos", "/repos/lumen-labs/lantern/readme", "/users/mona/starred"])
        for request in elsewhere.requests {
            #expect(request.header("authorization") == nil, "\(request.target) got credentials")
            #expect(
                !request.target.contains(Self.token) && !request.headers.values.contains { $0.contains(Self.token) })
        }
        for request in api.requests {
            #expect(request.header("authorization") == "Bearer \(Self.token)")
            #expect(!request.target.contains(Self.token))
            #expect(request.headers.filter { $0.value.contains(Self.token) }.map(\.key) == ["authorization"])
        }

        let wrong = "ghp_WRONG_SENTINEL_json_logs_7777"
        let refused = try run.build(token: wrong, extra: ["--log-format", "json"])
        #expect(refused.status == 3, "\(refused.standardError)")
        let errors = Self.jsonLines(refused.standardError).filter { $0["level"] as? String == "error" }
        #expect(
            errors.contains { ($0["message"] as? String)?.contains("GITHUB_TOKEN") == true }, "named by its variable")

        for secret in [Self.token, wrong] {
            for text in [outcome.standardError, outcome.standardOutput, refused.standardError, refused.standardOutput] {
                #expect(!text.contains(secret), "a log line or message holds the token")
            }
            for (path, data) in SiteFolder.files(in: folder.url) where !path.hasSuffix("repodigest.toml") {
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(path) holds the token")
            }
        }
    }

    @Test func aDeletedFavouriteIsNamedLeftOutAndReportedGone() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.add(.init(id: 201, owner: "kit-harbor", name: "knot", description: "Tie things", stars: 300))
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let favourite = #"favourites = ["kit-harbor/knot"]"#
        #expect(try run.build(digest: favourite).status == 0)

        github.remove(repo: "kit-harbor/knot")
        let outcome = try run.build(digest: favourite)
        #expect(outcome.status == 0, "a deleted favourite is news, not a failure: \(outcome.standardError)")
        #expect(
            outcome.standardError.contains("favourite kit-harbor/knot: GitHub has no such repository (HTTP 404 or 410)")
        )
        #expect(
            outcome.standardError.contains("Left out; remove it from `favourites` in the configuration"),
            "named in the configuration: removed there, not with `favourites remove`")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains(">kit-harbor/knot</a> no longer exists on GitHub"))
        #expect(!FileManager.default.fileExists(atPath: run.output.appending(path: "repos/kit-harbor/knot.html").path))
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
    }

    @Test func aListWhoseLinkLoopsIsPublishedAsFarAsItWasReadWithExitCode2() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let first = github.baseURL + "/users/mona/starred?per_page=100"
        github.inject(.link(next: first), at: "/users/mona/starred")
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build()
        #expect(outcome.status == 2, "a list not read whole is a source that failed: \(outcome.standardError)")
        #expect(outcome.standardError.contains("GET \(first): the list's Link leads back to a page already read"))
        #expect(outcome.standardError.contains("published, but 1 resource(s) could not be refreshed"))
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("could not be read whole from GitHub"), "every page says so")
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)

        let mended = try run.build()
        #expect(mended.status == 0, "\(mended.standardError)")
    }

    @Test func aListWhoseLinkClaims10000PagesIsReadToTheBoundAndTheRunSaysSo() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.inject(.endlessPages(claimedLast: 10_000), at: "/users/mona/starred", times: 10_000)
        let outcome = try LiveBuildProcessTests.Run(folder: folder.url, github: github).build()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(github.requests.filter { $0.path == "/users/mona/starred" }.count == 100)
        #expect(
            outcome.standardError.contains(
                "/users/mona/starred?per_page=100: the list offers more pages than repodigest reads"))
    }
}
