import FakeGitHubServer
import Foundation
import Testing

/// `repodigest favourites` against the fake GitHub, and the favourites it keeps showing up
/// in the next build.
@Suite struct FavouritesCommandTests {
    @Test("a note with a control character or of megabytes is refused before the state folder is touched")
    func aHostileNoteIsRefused() throws {
        let folder = try TemporaryFolder()
        for note in ["\u{1B}]0;forged\u{7}", String(repeating: "n", count: 501)] {
            let outcome = try RepodigestProcess.run(
                ["favourites", "add", "o/r", "--offline", "--note", note, "--state-dir", "state"], in: folder.url)
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("--note: the note must"), "\(outcome.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing touched")
    }

    @Test("--offline still reads --config: a file that is not there is said, and nothing is touched")
    func offlineReadsTheConfiguration() throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run(
            ["favourites", "add", "o/r", "--offline", "--config", "nosuch.toml", "--state-dir", "state"],
            in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("nosuch.toml"), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing touched")
    }

    @Test("every command that takes --api-url refuses a malformed one as build does, before anything is touched")
    func aMalformedAPIURLIsRefusedByEveryCommand() throws {
        let folder = try TemporaryFolder()
        try Data("title = \"t\"\n".utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        for command in [
            ["build", "--output", "site"], ["favourites", "list"], ["favourites", "list", "--json"],
            ["favourites", "remove", "o/r"], ["favourites", "add", "o/r", "--offline"], ["favourites", "add", "o/r"],
        ] {
            let outcome = try RepodigestProcess.run(
                command + ["--api-url", "notaurl", "--state-dir", "state"],
                environment: ["GITHUB_TOKEN": "", "GH_TOKEN": ""], in: folder.url)
            #expect(outcome.status == 1, "\(command): \(outcome.standardError)")
            #expect(
                outcome.standardError.contains(
                    "--api-url: the API URL must be an absolute http(s) URL, found 'notaurl'"),
                "\(command): \(outcome.standardError)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["repodigest.toml"],
                "\(command) touched nothing")
        }
        // Plain http is refused where a token would cross it (`TokenSafetyProcessTests`); a
        // command that sends nothing, as `build --offline`, takes it.
        let listed = try RepodigestProcess.run(
            ["favourites", "list", "--api-url", "http://192.0.2.1:9", "--state-dir", "state"],
            environment: ["GITHUB_TOKEN": TokenSafetyProcessTests.token], in: folder.url)
        #expect(listed.status == 0, "\(listed.standardError)")
    }

    @Test("listing makes nothing: a state folder not made yet (or named with a typo) is not created")
    func listingCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let listed = try RepodigestProcess.run(["favourites", "list", "--state-dir", "no/such/state"], in: folder.url)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("No favourites yet"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing made")
    }

    @Test("one in the configuration and added too is listed as both; --json leaves out a note there is not")
    func oneNamedInBothIsListedAsBoth() throws {
        let folder = try TemporaryFolder()
        try Data("[digest]\nfavourites = [\"o/both\", \"o/config\"]\n".utf8)
            .write(to: folder.url.appending(path: "repodigest.toml"))
        let common = ["--state-dir", "state"]
        let added = try RepodigestProcess.run(
            ["favourites", "add", "o/both", "--offline", "--note", "networking"] + common, in: folder.url)
        #expect(added.status == 0, "\(added.standardError)")
        let json = try RepodigestProcess.run(["favourites", "list", "--json"] + common, in: folder.url)
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: String]])
        #expect(
            listed == [
                ["name": "o/both", "source": "both", "note": "networking"],
                ["name": "o/config", "source": "configuration"],
            ])
        #expect(!json.standardOutput.contains("\"note\" : \"\""), "no note, no key: \(json.standardOutput)")
    }

    @Test("a note's bidi override is kept, and listed escaped so that it cannot reorder the line")
    func aBidiOverrideInANoteIsListedEscaped() throws {
        let folder = try TemporaryFolder()
        let common = ["--state-dir", "state"]
        let added = try RepodigestProcess.run(
            ["favourites", "add", "o/r", "--offline", "--note", "abc\u{202E}def"] + common, in: folder.url)
        #expect(added.status == 0, "\(added.standardError)")
        let listed = try RepodigestProcess.run(["favourites", "list"] + common, in: folder.url)
        #expect(listed.standardOutput.contains("abc\\u{202E}def"), "\(listed.standardOutput)")
        #expect(!listed.standardOutput.contains("\u{202E}"))
    }

    @Test func addListRemoveAndTheNextBuildShowsThem() throws {
        let folder = try TemporaryFolder()
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: try LiveBuildProcessTests.world())
        defer { run.github.stop() }
        let common = ["--state-dir", run.state.path, "--api-url", run.github.baseURL]
        let environment = ["GITHUB_TOKEN": LiveBuildProcessTests.token, "GH_TOKEN": ""]
        func favourites(_ arguments: [String]) throws -> RepodigestProcess.Outcome {
            try RepodigestProcess.run(["favourites"] + arguments + common, environment: environment, in: folder.url)
        }

        let added = try favourites(["add", "Lumen-Labs/Prism", "--note", "highlighting"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput == "Added lumen-labs/prism to the favourites.\n", "kept under GitHub's spelling")
        let again = try favourites(["add", "lumen-labs/prism"])
        #expect(again.status == 0 && again.standardOutput.contains("is a favourite already"))
        // Moved on GitHub: added under its new name, the one given said beside it.
        run.github.rename("lumen-labs/lantern", to: "lumen-labs/beacon")
        let moved = try favourites(["add", "lumen-labs/lantern"])
        #expect(
            moved.standardOutput == "Added lumen-labs/beacon (asked as lumen-labs/lantern) to the favourites.\n",
            "\(moved.standardOutput)\(moved.standardError)")
        _ = try favourites(["remove", "lumen-labs/beacon"])

        let missing = try favourites(["add", "lumen-labs/nothing"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("lumen-labs/nothing"), "\(missing.standardError)")
        let malformed = try favourites(["add", "not a repo"])
        #expect(malformed.status == 1 && malformed.standardError.contains("OWNER/NAME"))
        #expect(try favourites(["add", "someone/unchecked", "--offline"]).status == 0)

        let json = try favourites(["list", "--json"])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: String]])
        #expect(listed.map { $0["name"] } == ["lumen-labs/prism", "someone/unchecked"])
        #expect(listed.first?["note"] == "highlighting")
        #expect(try favourites(["list"]).standardOutput.contains("lumen-labs/prism"))

        #expect(try favourites(["remove", "someone/unchecked"]).status == 0)
        #expect(try favourites(["remove", "someone/unchecked"]).status == 1, "removing twice says so")

        let build = try run.build()
        #expect(build.status == 0, "\(build.standardError)")
        let page = try String(contentsOf: run.output.appending(path: "repos/lumen-labs/prism.html"), encoding: .utf8)
        #expect(page.contains("Favourite"), "a stored favourite is badged in the next build")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("Nothing to compare with yet"), "the first live run says so")

        let second = try run.build()
        #expect(second.status == 0)
        #expect(second.standardError.contains("Up to date"), "nothing new, nothing published: \(second.standardError)")
        #expect(try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8) == index)

        let third = try run.build(extra: ["--force"])
        #expect(third.status == 0 && !third.standardError.contains("Up to date"))
        let next = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(next.contains("No changes since"), "the third run compares with the first: \(next)")
    }
}
