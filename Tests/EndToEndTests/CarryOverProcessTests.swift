import FakeGitHubServer
import Foundation
import Testing

/// A run with news rewrites only the files that show it: every other page is carried over
/// from the published site, hard-linked, its inode kept, even with no `SOURCE_DATE_EPOCH`.
@Suite struct CarryOverProcessTests {
    static func world() throws -> FakeGitHub {
        let github = FakeGitHub(token: LiveBuildProcessTests.token, tokenOwner: "mona")
        github.add(.init(login: "mona", id: 1, name: "Mona"))
        github.add(.init(login: "lumen-labs", id: 3, isOrganization: true, name: "Lumen Labs"))
        let languages = ["Swift", "Rust", "Go"]
        for number in 0..<9 {
            github.add(
                .init(
                    id: Int64(200 + number), owner: "lumen-labs", name: "tool-\(number)", description: "Tool \(number)",
                    language: languages[number % 3], topics: ["topic-\(number % 4)"], stars: 100 + number,
                    releases: [
                        .init(id: Int64(2000 + number), tag: "v1.\(number)", name: "Tool \(number) 1", body: "Notes")
                    ],
                    readme: "# Tool \(number)\n\nDoes one thing."))
        }
        github.star("lumen-labs/tool-1", by: "mona", at: "2026-11-20T08:00:00Z")
        github.star("lumen-labs/tool-2", by: "mona", at: "2026-11-19T08:00:00Z")
        try github.start()
        return github
    }

    @Test(
        "a README GitHub sends without text (over 1 MB) is linked, not retried: the next run is up to date, its page carried"
    )
    func aReadmeWithoutTextIsKeptAsIs() throws {
        let folder = try TemporaryFolder()
        let github = try Self.world()
        defer { github.stop() }
        github.update("lumen-labs/tool-3") { $0.readme = "" }
        github.inject(
            .rewriteBody(target: "\"encoding\":\"base64\"", replacement: "\"encoding\":\"none\""),
            at: "/repos/lumen-labs/tool-3/readme", times: 100)
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let first = try run.build()
        #expect(first.status == 0, "\(first.standardError)")
        let page = try String(contentsOf: run.output.appending(path: "repos/lumen-labs/tool-3.html"), encoding: .utf8)
        #expect(page.contains("This README cannot be shown here:"))
        #expect(page.contains("href=\"https://github.com/lumen-labs/tool-3/blob/main/README.md\""))
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
        let before = SiteFolder.inodes(in: run.output)

        let again = try run.build()
        #expect(again.status == 0 && again.standardError.contains("Up to date"), "\(again.standardError)")
        github.update("lumen-labs/tool-4") { $0.stars += 500 }
        let third = try run.build()
        #expect(third.status == 0 && !third.standardError.contains("Up to date"), "\(third.standardError)")
        let after = SiteFolder.inodes(in: run.output)
        #expect(after["repos/lumen-labs/tool-3.html"] == before["repos/lumen-labs/tool-3.html"], "carried")
    }

    @Test("a run with one repository changed (stars, README) rewrites only the pages that show it")
    func oneChangeRewritesItsPages() throws {
        let folder = try TemporaryFolder()
        let github = try Self.world()
        defer { github.stop() }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let first = try run.build()
        #expect(first.status == 0, "\(first.standardError)")
        let before = SiteFolder.inodes(in: run.output)

        // tool-4: Rust (as are tool-1 and tool-7), topic-0 (as is tool-8), not starred.
        github.update("lumen-labs/tool-4") { repo in
            repo.stars += 500
            repo.readme = (repo.readme ?? "") + "\nA new paragraph.\n"
            repo.pushedAt = "2026-11-21T10:00:00Z"
        }
        let second = try run.build()
        #expect(second.status == 0 && !second.standardError.contains("Up to date"), "\(second.standardError)")
        let page = try String(contentsOf: run.output.appending(path: "repos/lumen-labs/tool-4.html"), encoding: .utf8)
        #expect(page.contains("A new paragraph."))
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)

        let after = SiteFolder.inodes(in: run.output)
        let rewritten = Set(after.keys.filter { ![".", ".repodigest-site"].contains($0) && before[$0] != after[$0] })
        #expect(
            rewritten == [
                "repos/lumen-labs/tool-4.html",
                // The lists its card is on: its owner's, its language's, its topic's.
                "owners/lumen-labs/index.html", "languages/rust/index.html", "topics/topic-0/index.html",
                // What the run's news and time are on.
                "index.html", "feed.xml", "feed.json", "digest.json", "digest.md",
            ])
        #expect(after["repos/lumen-labs/tool-7.html"] == before["repos/lumen-labs/tool-7.html"])
        #expect(after["starred/index.html"] == before["starred/index.html"])
    }
}
