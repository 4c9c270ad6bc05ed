import FakeGitHubServer
import Foundation
import Testing

/// `lists_of` in whole builds against the fake GitHub's GraphQL: pages, a failing query as
/// stale data (exit 2), GraphQL's rate limit (exit 3), and `--offline` from the cache.
@Suite struct StarListsProcessTests {
    static func run(_ folder: borrowing TemporaryFolder) throws -> LiveBuildProcessTests.Run {
        let github = try LiveBuildProcessTests.world()
        github.setStarLists(
            [
                .init(
                    name: "Lights", slug: "lights", description: "Things that glow",
                    repos: ["lumen-labs/lantern", "lumen-labs/prism"])
            ], of: "mona")
        return LiveBuildProcessTests.Run(folder: folder.url, github: github)
    }

    static func page(_ run: LiveBuildProcessTests.Run) -> String? {
        try? String(contentsOf: run.output.appending(path: "lists/mona/lights/index.html"), encoding: .utf8)
    }

    @Test(
        "a live build gives each List a valid page; a query answered with errors keeps the cached List and exits 2 naming it"
    )
    func liveThenStale() throws {
        let folder = try TemporaryFolder()
        let run = try Self.run(folder)
        defer { run.github.stop() }
        let first = try run.build(digest: "lists_of = [\"mona\"]")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(Self.page(run)?.contains("Things that glow") == true)
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)

        run.github.inject(.graphQLErrors(["Something went wrong"]), at: "/graphql", times: 5)
        let stale = try run.build(extra: ["--force"], digest: "lists_of = [\"mona\"]")
        #expect(stale.status == 2, "\(stale.standardError)")
        #expect(stale.standardError.contains("UserStarLists"), "\(stale.standardError)")
        #expect(Self.page(run)?.contains("lumen-labs/prism") == true, "the List is still shown, from the cache")
    }

    @Test("--offline shows the Lists a live run cached, without a token")
    func offline() throws {
        let folder = try TemporaryFolder()
        let run = try Self.run(folder)
        defer { run.github.stop() }
        #expect(try run.build(digest: "lists_of = [\"mona\"]").status == 0)
        try FileManager.default.removeItem(at: run.output)
        run.github.clearLog()
        let offline = try run.build(token: nil, extra: ["--offline"], digest: "lists_of = [\"mona\"]")
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(Self.page(run)?.contains("Things that glow") == true)
        #expect(run.github.requests.isEmpty)
    }

    @Test("GraphQL's rate limit, spent past the run's allowance, publishes nothing and exits 3")
    func rateLimited() throws {
        let folder = try TemporaryFolder()
        let run = try Self.run(folder)
        defer { run.github.stop() }
        run.github.inject(.graphQLRateLimited(resetIn: 3600), at: "/graphql", times: 5)
        let outcome = try run.build(digest: "lists_of = [\"mona\"]")
        #expect(outcome.status == 3, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("rate limit"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.output.path), "nothing published")
    }

    @Test("a repeat run with the Lists unchanged is up to date; a repository added to a List publishes, reporting it")
    func upToDateUntilAListChanges() throws {
        let folder = try TemporaryFolder()
        let run = try Self.run(folder)
        defer { run.github.stop() }
        #expect(try run.build(digest: "lists_of = [\"mona\"]").status == 0)
        let again = try run.build(digest: "lists_of = [\"mona\"]")
        #expect(again.status == 0 && again.standardError.contains("Up to date"), "\(again.standardError)")

        run.github.setStarLists([.init(name: "Lights", slug: "lights", repos: ["lumen-labs/prism"])], of: "mona")
        let changed = try run.build(digest: "lists_of = [\"mona\"]")
        #expect(changed.status == 0 && !changed.standardError.contains("Up to date"), "\(changed.standardError)")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains(">lumen-labs/lantern</a> was removed from the List Lights"))
    }
}
