import Foundation
import RepodigestConfiguration
import Testing

/// The configuration parser on text that once crashed it: toml++ (inside TOMLKit) aborts the
/// process on a table header that starts with a character no key starts with. `make fuzz`
/// found the first; each is now an error at its line and column.
@Suite struct ConfigurationParserTests {
    static func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try Configuration(toml: text, source: "repodigest.toml")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("[é]\n", 1, 2, "é"), ("title = \"x\"\n[=]\n", 2, 2, "="), ("[[[digest]]]\n", 1, 3, "["),
        ("# a comment\n\n  [ \u{FFFD}digest]\n", 3, 5, "\u{FFFD}"), ("[[ .x]]\n", 1, 4, "."),
        ("[digest]\nowners = []\n[{x}]\n", 3, 2, "{"),
    ])
    func aHeaderThatCrashedTOMLKitIsAnErrorAtItsPlace(text: String, line: Int, column: Int, found: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains("a table header must start with a key") && error.message.contains("'\(found)'"), "\(error)")
    }

    @Test func aMistakeBeforeThatHeaderIsTheOneReported() throws {
        let error = try #require(Self.error("title = \n[é]\n"))
        #expect(error.line == 1, "\(error)")
    }

    @Test func bracketsInStringsCommentsAndValuesAreNotHeaders() throws {
        let text = #"""
            title = """
            [é] is not a header here, nor [=]
            """
            base_url = '' # [é]

            [digest]
            owners = [
              "a", # [=]
              'b',
            ]
            searches = [
              { name = "[é] \" [=]", query = 'x [[[' },
              { name = """two""""", query = "q" },
            ]
            [ "github" ]
            concurrency = 2
            """#
        let configuration = try Configuration(toml: text, source: "repodigest.toml")
        #expect(configuration.owners == ["a", "b"])
        #expect(configuration.searches.map(\.name) == [#"[é] " [=]"#, #"two"""#])
        #expect(configuration.concurrency == 2)
    }
}
