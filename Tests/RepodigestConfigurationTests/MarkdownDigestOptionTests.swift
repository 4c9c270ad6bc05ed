import RepodigestConfiguration
import Testing
import UseCases

/// `[digest] markdown`: what digest.md holds.
@Suite struct MarkdownDigestOptionTests {
    @Test("markdown defaults to the digest, \"list\" asks for the whole list, and reaches the build request")
    func markdownKey() throws {
        #expect(try Configuration(toml: "", source: "repodigest.toml").markdown == .digest)
        let list = try Configuration(toml: "[digest]\nmarkdown = \"list\"\n", source: "repodigest.toml")
        #expect(list.markdown == .list)
        #expect(list.digestRequest.markdown == .list)
    }

    @Test("Any other markdown value is an error that names the key, its line and the values allowed")
    func badMarkdownValue() {
        do {
            _ = try Configuration(toml: "[digest]\nmarkdown = \"awesome\"\n", source: "repodigest.toml")
            Issue.record("accepted")
        } catch {
            #expect(
                error.message.contains("'digest.markdown' must be one of \"digest\", \"list\", found \"awesome\""),
                "\(error)")
            #expect(error.line == 2, "\(error)")
        }
    }
}
