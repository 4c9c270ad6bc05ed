import FakeGitHubServer
import Foundation
import Testing

/// A run that finds the inputs of the published build again publishes nothing and records
/// no run; any input that changed (data, favourites, theme, options) builds anew.
@Suite struct UpToDateTests {
    /// Every published file's inode: an unchanged rebuild hard-links, a skipped one leaves
    /// even the folder as it was, so only the inode of the folder itself tells them apart.
    @Test(
        "a run with nothing new still clears what a stopped run left beside the output, the user's files back in the site"
    )
    func anUpToDateRunClearsLeftovers() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        let arguments = ["build", "--sample", "--output", output.path]
        #expect(try RepodigestProcess.run(arguments).status == 0)
        // As `kill -9` just after the swap leaves it: the old build beside the output, named as
        // a staging folder, holding a file of the user's the new one lacks.
        let leftover = folder.url.appending(path: ".site.staging-424242")
        try FileManager.default.copyItem(at: output, to: leftover)
        try Data("mine".utf8).write(to: leftover.appending(path: "notes.txt"))

        let again = try RepodigestProcess.run(arguments)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.contains("Up to date"), "\(again.standardError)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path), "\(again.standardError)")
        #expect(try String(contentsOf: output.appending(path: "notes.txt"), encoding: .utf8) == "mine")
    }

    @Test("a published file removed or edited by hand since is made again: the inputs alone are not up to date")
    func aDamagedSiteIsNotUpToDate() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        func build() throws -> RepodigestProcess.Outcome {
            try RepodigestProcess.run(
                ["build", "--sample", "--output", output.path], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        }
        #expect(try build().status == 0)
        let whole = SiteFolder.files(in: output).filter { $0.key != ".repodigest-site" }
        try FileManager.default.removeItem(at: output.appending(path: "index.html"))
        try FileManager.default.removeItem(at: output.appending(path: "repos"))
        try Data("hacked\n".utf8).write(to: output.appending(path: "feed.xml"))
        let again = try build()
        #expect(again.status == 0 && !again.standardError.contains("Up to date"), "\(again.standardError)")
        #expect(SiteFolder.files(in: output).filter { $0.key != ".repodigest-site" } == whole)
        #expect(try build().standardError.contains("Up to date"))

        // Live, where the published folder is read while GitHub is asked: the same.
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let live = folder.url.appending(path: "live")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        let run = LiveBuildProcessTests.Run(folder: live, github: github)
        #expect(try run.build().status == 0)
        try FileManager.default.removeItem(at: run.output.appending(path: "index.html"))
        let rebuilt = try run.build()
        #expect(rebuilt.status == 0 && !rebuilt.standardError.contains("Up to date"), "\(rebuilt.standardError)")
        // Made again (saying now that nothing changed since the first run, which the first did not).
        #expect(FileManager.default.fileExists(atPath: run.output.appending(path: "index.html").path))
        #expect(try run.build().standardError.contains("Up to date"))
    }

    @Test func theSampleBuiltTwiceIsBuiltOnceAndAnyChangedInputBuildsAgain() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        func build(_ extra: [String] = []) throws -> RepodigestProcess.Outcome {
            // A fixed clock: the forced rebuild below must not straddle a minute of the footer.
            try RepodigestProcess.run(
                ["build", "--sample", "--output", output.path] + extra,
                environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        }
        #expect(try build().status == 0)
        let first = SiteFolder.inodes(in: output)

        let again = try build()
        #expect(again.status == 0)
        #expect(again.standardError.contains("Up to date"), "\(again.standardError)")
        #expect(again.standardOutput.hasSuffix("index.html\n"), "still says where to open it")
        #expect(SiteFolder.inodes(in: output) == first, "not even the folder was swapped")

        let rebased = try build(["--base-url", "https://example.org/digest/"])
        #expect(!rebased.standardError.contains("Up to date"), "another base URL is another site")
        #expect(
            try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8).contains(
                "https://example.org/digest/"))

        // A user theme extending the default one, then one template of it changed.
        let theme = folder.url.appending(path: "mine")
        try FileManager.default.createDirectory(
            at: theme.appending(path: "templates"), withIntermediateDirectories: true)
        try Data("name = \"mine\"\nextends = \"default\"\n".utf8).write(to: theme.appending(path: "theme.toml"))
        let themed = ["--base-url", "https://example.org/digest/", "--theme", theme.path]
        #expect(try build(themed).status == 0)
        #expect(try build(themed).standardError.contains("Up to date"))
        try Data("<li class=\"card mine\">{{fullName}}</li>\n".utf8).write(
            to: theme.appending(path: "templates/card.mustache"))
        let retemplated = try build(themed)
        #expect(
            retemplated.status == 0 && !retemplated.standardError.contains("Up to date"), "\(retemplated.standardError)"
        )
        #expect(
            try String(contentsOf: output.appending(path: "starred/index.html"), encoding: .utf8).contains(
                "class=\"card mine\""))

        let forced = try build(themed + ["--force"])
        #expect(
            forced.standardError.contains("(0 written, "),
            "--force builds, and rewrites nothing: \(forced.standardError)")
    }

    @Test func aCronRunThatFindsNothingNewPublishesNothingAndRecordsNoRun() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)

        #expect(try run.build().status == 0)
        let first = SiteFolder.inodes(in: run.output)
        let firstIndex = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(firstIndex.contains("Nothing to compare with yet"))

        let second = try run.build()
        #expect(second.status == 0 && second.standardError.contains("Up to date"), "\(second.standardError)")
        #expect(SiteFolder.inodes(in: run.output) == first)
        let offline = try run.build(extra: ["--offline"])
        #expect(
            offline.status == 0 && offline.standardError.contains("Up to date"), "the cache holds what was published")

        // News on GitHub: built, and compared with the first run, the skipped ones unrecorded.
        github.update("lumen-labs/lantern") { $0.stars += 500 }
        let third = try run.build()
        #expect(third.status == 0 && !third.standardError.contains("Up to date"), "\(third.standardError)")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(index != firstIndex)
        #expect(!index.contains("Nothing to compare with yet"), "the second edition compares with the first")
        #expect(try run.build().standardError.contains("Up to date"))

        // A favourite added, then removed between runs with nothing new on GitHub: the
        // favourites are an input of their own.
        let favourites = { (arguments: [String]) throws -> Int32 in
            try RepodigestProcess.run(["favourites"] + arguments + ["--state-dir", run.state.path]).status
        }
        #expect(try favourites(["add", "lumen-labs/prism", "--offline"]) == 0)
        let fourth = try run.build()
        #expect(fourth.status == 0 && !fourth.standardError.contains("Up to date"), "\(fourth.standardError)")
        #expect(
            try String(contentsOf: run.output.appending(path: "favourites/index.html"), encoding: .utf8).contains(
                "prism"))
        #expect(try favourites(["remove", "lumen-labs/prism"]) == 0)
        let fifth = try run.build(extra: ["--offline"])
        #expect(fifth.status == 0 && !fifth.standardError.contains("Up to date"), "\(fifth.standardError)")
        #expect(try run.build(extra: ["--offline"]).standardError.contains("Up to date"))
    }

    @Test("a saved search whose answers carry no ETag: a run with no news is up to date, and the news stays")
    func searchWithoutValidators() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.searchesWithoutValidators = true
        github.search("lantern", finds: ["lumen-labs/lantern"])
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let search = #"searches = [{ name = "Lanterns", query = "lantern" }]"#
        #expect(try run.build(digest: search).status == 0)

        github.update("lumen-labs/lantern") { $0.stars += 500 }
        let news = try run.build(digest: search)
        #expect(news.status == 0 && !news.standardError.contains("Up to date"), "\(news.standardError)")
        let withNews = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(withNews.contains("+500"), "the star gain is the news")

        let quiet = try run.build(digest: search)
        #expect(quiet.status == 0 && quiet.standardError.contains("Up to date"), "\(quiet.standardError)")
        #expect(
            try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8) == withNews,
            "the news stays")
    }

    @Test(
        "a run whose pages change but that has no news, or one forced, keeps the latest news and records no run"
    )
    func aRunWithoutNewsKeepsTheNews() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        func front() throws -> String {
            try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        }
        func feed() throws -> String {
            try String(contentsOf: run.output.appending(path: "feed.json"), encoding: .utf8)
        }
        #expect(try run.build().status == 0)
        github.update("lumen-labs/lantern") { $0.stars += 500 }
        #expect(try run.build().status == 0)
        #expect(try front().contains("+500") && feed().contains("+500"), "the star gain is the news")

        // A description is no news, but the pages show it: published, the news kept.
        github.update("lumen-labs/lantern") { $0.description = "A brighter lantern" }
        let quiet = try run.build()
        #expect(quiet.status == 0 && !quiet.standardError.contains("Up to date"), "\(quiet.standardError)")
        #expect(try front().contains("A brighter lantern"))
        #expect(try front().contains("+500") && feed().contains("+500"), "the news stays")
        #expect(!(try front()).contains("No changes since"))
        // So does a build forced, with nothing new.
        #expect(try run.build(extra: ["--force"]).status == 0)
        #expect(try front().contains("+500") && feed().contains("+500"), "the news stays")

        // The next news is told against the last run that had news: 1,700 stars then.
        github.update("lumen-labs/lantern") { $0.stars += 10 }
        #expect(try run.build().status == 0)
        let page = try front()
        #expect(page.contains("1,700 → 1,710"), "\(page)")
        #expect(!page.contains("+500"))
    }

    @Test func aBuildWithStaleDataIsNeverTakenAsUpToDate() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        #expect(try run.build().status == 0)

        // A source fails: its cached copy is shown, with a notice dated against this run.
        github.inject(.status(502), at: "/orgs/lumen-labs/repos", times: 50)
        let partial = try run.build()
        #expect(partial.status == 2, "\(partial.standardError)")
        #expect(
            try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8).contains(
                "from GitHub failed"))

        // GitHub is back and nothing changed there: every answer a 304, yet the notice must go.
        github.clearFaults()
        let recovered = try run.build()
        #expect(recovered.status == 0 && !recovered.standardError.contains("Up to date"), "\(recovered.standardError)")
        #expect(
            try !String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8).contains(
                "from GitHub failed"))
        #expect(try run.build().standardError.contains("Up to date"))
    }
}
