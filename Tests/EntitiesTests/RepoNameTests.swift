import Entities
import Testing

@Suite struct RepoNameTests {
    @Test func parsesOwnerSlashName() throws {
        let name = try RepoName(parsing: "apple/swift-nio")
        #expect(name.owner == "apple")
        #expect(name.name == "swift-nio")
        #expect(name.description == "apple/swift-nio")
    }

    @Test(arguments: [
        "", "apple", "apple/", "/nio", "a/b/c", "apple/swift nio", "../etc/passwd", "a/..", "a/.", "ap ple/x", "é/x",
    ])
    func rejectsWhatGitHubWouldNot(_ text: String) {
        #expect(throws: RepoName.ParseError(text: text)) { try RepoName(parsing: text) }
    }

    @Test("names past GitHub's limits are refused; names at them are not")
    func lengthLimits() throws {
        let login = String(repeating: "a", count: GitHubName.maxLoginLength)
        let name = String(repeating: "n", count: GitHubName.maxRepositoryLength)
        #expect(try RepoName(parsing: "\(login)/\(name)").name == name)
        #expect(throws: RepoName.ParseError.self) { try RepoName(parsing: "\(login)a/x") }
        #expect(throws: RepoName.ParseError.self) { try RepoName(parsing: "o/\(name)n") }
        #expect(!GitHubName.isLogin("") && !GitHubName.isLogin("a.b") && !GitHubName.isLogin("a\u{1}"))
        #expect(!GitHubName.isLogin("-bad-") && GitHubName.isLogin("old-") && GitHubName.isLogin("a--b"))
        #expect(
            GitHubName.isLogin("emu_user_acme") && GitHubName.isRepository(".github") && GitHubName.isRepository("a..b")
        )
    }

    @Test func errorNamesTheValueAndTheExpectedForm() {
        let error = RepoName.ParseError(text: "nope")
        #expect(error.description.contains("'nope'"))
        #expect(error.description.contains("OWNER/NAME"))
    }

    @Test func comparesWithoutRegardToCase() {
        #expect(RepoName(owner: "Apple", name: "Swift").matches(RepoName(owner: "apple", name: "swift")))
        #expect(!RepoName(owner: "apple", name: "swift").matches(RepoName(owner: "apple", name: "swiftly")))
    }

    /// A clone address or a repository's page pasted where a name goes: the error says the
    /// name meant; a name with a clone address's `.git` names no repository on GitHub.
    @Test(
        "a pasted address or clone address is refused naming the OWNER/NAME meant",
        arguments: [
            "https://github.com/apple/swift-nio", "https://github.com/apple/swift-nio.git",
            "git@github.com:apple/swift-nio.git", "https://github.com/apple/swift-nio/tree/main", "apple/swift-nio.git",
        ])
    func aPastedAddressNamesTheRepositoryMeant(text: String) {
        #expect(RepoName.meant(by: text) == RepoName(owner: "apple", name: "swift-nio"))
        #expect {
            try RepoName(parsingWritten: text)
        } throws: { error in
            "\(error)".hasSuffix("write OWNER/NAME, here 'apple/swift-nio'")
        }
        #expect(RepoName.meant(by: "apple/swift-nio") == nil)
        #expect((try? RepoName(parsingWritten: "apple/swift.nio")) != nil)
    }
}
