import FakeGitHubServer
import Foundation
import Testing

/// Two cron runs against the fake GitHub with the world changed in between: the second
/// digest, its feed and its Markdown all say what changed.
@Suite struct ChangesProcessTests {
    @Test func aSecondRunReportsWhatChangedEverywhere() throws {
        let folder = try TemporaryFolder()
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: try LiveBuildProcessTests.world())
        defer { run.github.stop() }
        let first = try run.build(extra: ["--base-url", "https://example.org/digest/"])
        #expect(first.status == 0, "\(first.standardError)")

        run.github.update("lumen-labs/lantern") { repo in
            repo.stars = 1_500
            // A release with a new tag pushes that tag: `pushed_at` moves.
            repo.releases.insert(.init(id: 1002, tag: "v2.0", name: "Lantern 2", body: "Bigger"), at: 0)
            repo.pushedAt = "2026-11-22T00:30:00Z"
        }
        run.github.add(.init(id: 103, owner: "lumen-labs", name: "beacon", description: "New", stars: 9))
        run.github.star("lumen-labs/beacon", by: "mona", at: "2026-11-22T01:00:00Z")
        let second = try run.build(extra: ["--base-url", "https://example.org/digest/"])
        #expect(second.status == 0, "\(second.standardError)")

        func read(_ path: String) throws -> String {
            try String(contentsOf: run.output.appending(path: path), encoding: .utf8)
        }
        let index = try read("index.html")
        #expect(index.contains("Since the last run"))
        // The name alone is the link, the rest of the sentence its text.
        #expect(index.contains(">lumen-labs/lantern</a> v2.0 (was v1.0)</span>"))
        #expect(index.contains(">lumen-labs/lantern</a>: 1,200 → 1,500 stars (+300, +25.0%)</span>"))
        #expect(index.contains(">lumen-labs/beacon<"), "the new star")
        let feed = try read("feed.xml")
        #expect(feed.contains("<title>lumen-labs/lantern: 1,200 → 1,500 stars (+300, +25.0%)</title>"))
        #expect(feed.contains("urn:repodigest:change:stars:101:"), "a stable id for the star gain")
        #expect(feed.contains("https://github.com/lumen-labs/lantern/releases/tag/v2.0"), "the release has its entry")
        let markdown = try read("digest.md")
        #expect(markdown.contains("## Since the last run"))
        #expect(markdown.contains("**New release**"))
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
    }

    @Test("an account left out of starred_by is a configuration change, not a digest of unstars")
    func aRemovedAccountReportsNoUnstars() throws {
        let folder = try TemporaryFolder()
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: try LiveBuildProcessTests.world())
        defer { run.github.stop() }
        let first = try run.build()
        #expect(first.status == 0, "\(first.standardError)")

        let config = folder.url.appending(path: "without-stars.toml")
        try Data(
            """
            title = "Live"
            [github]
            api_url = "\(run.github.baseURL)"
            [digest]
            owners = ["lumen-labs"]
            """.utf8
        ).write(to: config)
        let second = try RepodigestProcess.run(
            ["build", "--config", config.path, "--output", run.output.path, "--state-dir", run.state.path],
            environment: ["GH_TOKEN": "", "GITHUB_TOKEN": LiveBuildProcessTests.token])
        #expect(second.status == 0, "\(second.standardError)")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(!index.contains("Unstarred") && !index.contains("no longer starred"))
        let markdown = try String(contentsOf: run.output.appending(path: "digest.md"), encoding: .utf8)
        #expect(!markdown.contains("no longer starred"))
    }

    @Test("a --sample build whose configuration lists no starred_by reports no unstars")
    func aSampleBuildWithoutStarredByReportsNoUnstars() throws {
        let folder = try TemporaryFolder()
        try Data("title = \"Sample, no stars\"\n[digest]\nowners = [\"lumen-labs\"]\n".utf8)
            .write(to: folder.url.appending(path: "repodigest.toml"))
        let outcome = try RepodigestProcess.run(
            ["build", "--sample", "--config", "repodigest.toml", "--output", "site", "--state-dir", "state"],
            in: folder.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let index = try String(contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(!index.contains("no longer starred"))
        #expect(index.contains("Since the last run"), "the sample still has changes to show")
    }
}
