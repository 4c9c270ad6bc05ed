import Foundation
import RepodigestConfiguration
import Testing

/// The configuration parser on text that once crashed it: toml++ (inside TOMLKit) aborts the
/// process on a table header that starts with a character no key starts with, and on values
/// that look like a date and time but are not. `make fuzz` found both; each is now an error
/// at its line and column (`TOMLGuard`).
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
        ("[digest]\nowners = []\n[{x}]\n", 3, 2, "{"), ("\u{FEFF}[!", 1, 3, "!"),
    ])
    func aHeaderThatCrashedTOMLKitIsAnErrorAtItsPlace(text: String, line: Int, column: Int, found: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains("a table header must start with a key") && error.message.contains("'\(found)'"), "\(error)")
    }

    @Test(arguments: [
        ("a = 1979-05-27t:\n", 1, 5, "1979-05-27t:"), ("title = 1979-05-27 1\n", 1, 9, "1979-05-27"),
        ("[digest]\nowners = [\n  \"a\",\n  1979-05-27T:,\n]\n", 4, 3, "1979-05-27T:"),
        ("[digest]\nsearches = [{ name = \"n\", limit = 1e3 }]\n", 2, 35, "1e3"), ("x = inf\n", 1, 5, "inf"),
    ])
    func aValueThatCrashedTOMLKitIsAnErrorAtItsPlace(text: String, line: Int, column: Int, found: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains("'\(found)' is not a value repodigest reads"), "\(error)")
    }

    @Test(arguments: [("owners = [}]\n", 1, 11), ("owners = [ # a comment\n}]\n", 2, 1), ("a = { b = [1 }\n", 1, 14)])
    func aBracketClosingTheWrongThingIsAnError(text: String, line: Int, column: Int) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains("does not close the"), "\(error)")
    }

    @Test("a NUL or any other control character TOML forbids is an error at its line and column, wherever it is",
          arguments: [
              ("title = \"x\"\n\u{0}\n[digest]\nno_such_key = 1\n", 2, 1, "U+0000"),
              ("title = \"a\u{0}b\"\n", 1, 11, "U+0000"), ("# a comment \u{0}\n", 1, 13, "U+0000"),
              ("[digest]\nowners = [\"a\", \"\u{1B}[31mb\"]\n", 2, 17, "U+001B"),
              ("title = \"\"\"\nx\u{7F}\"\"\"\n", 2, 2, "U+007F"), ("title = \"x\"\r[digest]\n", 1, 12, "U+000D"),
              ("base_url = \"\"\u{C}\n", 1, 14, "U+000C"),
          ])
    func aControlCharacterIsAnErrorAtItsPlace(text: String, line: Int, column: Int, name: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains("the control character \(name) is not allowed in TOML"), "\(error)")
    }

    @Test("tabs and Windows line ends are not control characters TOML forbids")
    func tabsAndCRLFAreFine() throws {
        let configuration = try Configuration(toml: "title =\t\"a\tb\"\r\n[digest]\r\nowners = [\"x\"]\r\n", source: "repodigest.toml")
        #expect(configuration.title == "a\tb" && configuration.owners == ["x"])
    }

    @Test func aFileWithWindowsLineEndsIsReportedAtTheRightLine() throws {
        let error = try #require(Self.error("title = \"x\"\r\n\r\n[digest]\r\nowners = []\r\nowner = []\r\n"))
        #expect(error.line == 5, "\(error)")
        #expect(error.message.contains("unknown key 'digest.owner'"), "\(error)")
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
            page_size = +1_0
            [ "github" ]
            concurrency = 0x2
            include_private = false
            """#
        let configuration = try Configuration(toml: text, source: "repodigest.toml")
        #expect(configuration.owners == ["a", "b"])
        #expect(configuration.searches.map(\.name) == [#"[é] " [=]"#, #"two"""#])
        #expect(configuration.concurrency == 2 && configuration.pageSize == 10 && !configuration.includePrivate)
    }
}
