import RepodigestConfiguration
import Testing

/// `[digest] lists_of`: whose Star Lists get pages, checked where it is written.
@Suite struct StarListsConfigurationTests {
    @Test("lists_of takes @me and logins, and remembers its line")
    func listsOfIsRead() throws {
        let configuration = try Configuration(
            toml: "title = \"t\"\n[digest]\n\nlists_of = [\"@me\", \"mona-sample\"]\n", source: "repodigest.toml")
        #expect(configuration.listsOf == ["@me", "mona-sample"])
        #expect(configuration.listsOfSource == "repodigest.toml" && configuration.listsOfLine == 4)
        #expect(try Configuration(toml: "", source: "x").listsOf.isEmpty)
    }

    @Test(
        "a login GitHub cannot have, a login written twice or a value that is not an array of strings is an error at its line",
        arguments: [
            ("lists_of = [\"../etc\"]", "digest.lists_of"),
            ("lists_of = [\"mona\", \"Mona\"]", "names 'Mona' twice"),
            ("lists_of = \"mona\"", "must be an array of strings"),
            ("lists_of = [1]", "must be an array of strings"),
        ])
    func badEntriesAreErrors(line: String, message: String) throws {
        let error = try #require(ConfigurationParserTests.error("[digest]\nowners = []\n" + line + "\n"))
        #expect(error.source == "repodigest.toml" && error.line == 3, "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("without a token, lists_of is a problem naming the file, the line and the variables to set")
    func listsOfNeedsAToken() throws {
        let configuration = try Configuration(toml: "[digest]\nlists_of = [\"@me\"]\n", source: "repodigest.toml")
        let problem = try #require(configuration.listsOfProblem(hasToken: false))
        #expect(problem.description.hasPrefix("repodigest.toml:2:1: digest.lists_of needs a token"), "\(problem)")
        #expect(problem.message.contains("GITHUB_TOKEN or GH_TOKEN"))
        #expect(configuration.listsOfProblem(hasToken: true) == nil)
        #expect(Configuration().listsOfProblem(hasToken: false) == nil, "no lists_of, no token needed")
    }

    @Test("the starter configuration shows lists_of")
    func starterHasListsOf() throws {
        #expect(try Configuration(toml: Configuration.starter, source: "repodigest.toml").listsOf == ["mona-sample"])
    }
}
