import FakeGitHubServer
import Foundation
import RepodigestConfiguration
import Testing

/// Names GitHub cannot have (`.`, `..`, empty, with `/`, control characters, too long) are
/// refused where they enter: the configuration's accounts and favourites are errors naming
/// the file and line, and `favourites add` refuses one before asking GitHub anything.
@Suite struct GitHubNameEntryTests {
    static let tooLongLogin = String(repeating: "a", count: 40)
    static let tooLongName = String(repeating: "n", count: 101)

    @Test(
        "an account or favourite GitHub cannot have is a configuration error at its line",
        arguments: [
            ("starred_by", #"[".."]"#, "'..'"), ("owners", #"["ok", "a/b"]"#, "'a/b'"), ("owners", #"[""]"#, "''"),
            ("owners", #"["x\u0001"]"#, "must be GitHub account names"),
            ("starred_by", "[\"\(tooLongLogin)\"]", tooLongLogin),
            ("favourites", #"["o/.."]"#, "'o/..'"), ("favourites", #"["./x"]"#, "'./x'"),
            ("favourites", "[\"o/\(tooLongName)\"]", tooLongName),
            ("favourites", "[\"\(tooLongLogin)/x\"]", tooLongLogin),
        ])
    func refusedInTheConfiguration(_ key: String, _ value: String, _ named: String) {
        let text = "title = \"T\"\n\n[digest]\n\(key) = \(value)\n"
        #expect(throws: ConfigurationError.self) { try Configuration(toml: text, source: "repodigest.toml") }
        do {
            _ = try Configuration(toml: text, source: "repodigest.toml")
        } catch {
            #expect(error.source == "repodigest.toml" && error.line == 4, "\(error)")
            #expect(error.message.contains(named), "\(error.message)")
        }
    }

    @Test("the token's owner and names at GitHub's limits are accepted")
    func acceptedAtTheLimits() throws {
        let login = String(repeating: "a", count: 39)
        let text = """
            [digest]
            starred_by = ["@me", "\(login)", "emu_user_acme"]
            owners = ["Lumen-Labs"]
            favourites = ["\(login)/\(String(repeating: "n", count: 100))", "o/.github", "o/a..b"]
            """
        let configuration = try Configuration(toml: text, source: "repodigest.toml")
        #expect(configuration.favourites.count == 3)
    }

    @Test("favourites add refuses a name GitHub cannot have, and asks GitHub nothing")
    func refusedByFavouritesAdd() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        for name in ["o/..", "../x", "o/.", "o/a b", "\(Self.tooLongLogin)/x", "o/\(Self.tooLongName)"] {
            let outcome = try RepodigestProcess.run(
                ["favourites", "add", name, "--state-dir", folder.url.path, "--api-url", github.baseURL],
                environment: ["GITHUB_TOKEN": LiveBuildProcessTests.token, "GH_TOKEN": ""], in: folder.url)
            #expect(outcome.status == 1, "\(name): \(outcome.standardError)")
            #expect(outcome.standardError.contains("is not a repository name"), "\(outcome.standardError)")
        }
        #expect(github.requests.filter { $0.path.hasPrefix("/repos") }.isEmpty, "\(github.requests.map(\.path))")
    }
}
