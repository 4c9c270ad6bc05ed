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
            repo.releases.insert(.init(id: 1002, tag: "v2.0", name: "Lantern 2", body: "Bigger"), at: 0)
        }
        run.github.add(.init(id: 103, owner: "lumen-labs", name: "beacon", description: "New", stars: 9))
        run.github.star("lumen-labs/beacon", by: "mona", at: "2026-11-22T01:00:00Z")
        let second = try run.build(extra: ["--base-url", "https://example.org/digest/"])
        #expect(second.status == 0, "\(second.standardError)")

        func read(_ path: String) throws -> String { try String(contentsOf: run.output.appending(path: path), encoding: .utf8) }
        let index = try read("index.html")
        #expect(index.contains("Since the last run"))
        #expect(index.contains("lumen-labs/lantern v2.0 (was v1.0)"))
        #expect(index.contains("lumen-labs/lantern: 1,200 → 1,500 stars (+300, +25.0%)"))
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
}
