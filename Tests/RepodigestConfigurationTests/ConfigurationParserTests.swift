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
        ("[digest]\nowners = []\n[{x}]\n", 3, 2, "{"), ("\u{FEFF}[!", 1, 2, "!"),
    ])
    func aHeaderThatCrashedTOMLKitIsAnErrorAtItsPlace(text: String, line: Int, column: Int, found: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(
            error.message.contains("a table header must start with a key") && error.message.contains("'\(found)'"),
            "\(error)")
    }

    @Test(arguments: [
        ("a = 1979-05-27t:\n", 1, 5, "1979-05-27t:"), ("title = 1979-05-27 1\n", 1, 9, "1979-05-27"),
        ("[digest]\nowners = [\n  \"a\",\n  1979-05-27T:,\n]\n", 4, 3, "1979-05-27T:"),
        ("[digest]\nsearches = [{ name = \"n\", limit = 1e3 }]\n", 2, 35, "1e3"), ("x = inf\n", 1, 5, "inf"),
        ("[github]\nconcurrency = 2.5\n", 2, 15, "2.5"), ("x = -nan\n", 1, 5, "-nan"), ("title = e2\n", 1, 9, "e2"),
    ])
    func aValueThatCrashedTOMLKitIsAnErrorAtItsPlace(text: String, line: Int, column: Int, found: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        let number = !found.hasPrefix("1979") && found != "e2"
        #expect(
            error.message.contains(
                number
                    ? "'\(found)' is not a whole number: every number repodigest reads is an integer"
                    : "'\(found)' is not a value repodigest reads"), "\(error)")
    }

    @Test(arguments: [("owners = [}]\n", 1, 11), ("owners = [ # a comment\n}]\n", 2, 1), ("a = { b = [1 }\n", 1, 14)])
    func aBracketClosingTheWrongThingIsAnError(text: String, line: Int, column: Int) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains("does not close the"), "\(error)")
    }

    @Test("a byte order mark is no part of the first line: its key and header are found, their errors at their lines")
    func aByteOrderMark() throws {
        let range = try #require(Self.error("\u{FEFF}[digest]\npage_size = 0\n"))
        #expect(range.line == 2 && range.column == 1, "\(range)")
        let unknown = try #require(Self.error("\u{FEFF}titel = \"a\"\n"))
        #expect(unknown.line == 1 && unknown.column == 1, "\(unknown)")
        let fine = try Configuration(toml: "\u{FEFF}title = \"a\"\n", source: "repodigest.toml")
        #expect(fine.title == "a")
    }

    @Test("a file that is not UTF-8 is an error at the line and column of the first such byte")
    func aFileThatIsNotUTF8IsAnErrorAtItsPlace() {
        let bytes = Data("title = \"Mes dépôts\"\n[digest]\nowners = [\"caf".utf8) + Data([0xE9, 0x22, 0x5D, 0x0A])
        #expect(
            throws: ConfigurationError(
                source: "repodigest.toml", line: 3, column: 15, message: "the configuration is not UTF-8 text")
        ) {
            _ = try Configuration(tomlBytes: bytes, source: "repodigest.toml")
        }
    }

    @Test(
        "a NUL or any other control character TOML forbids is an error at its line and column, wherever it is",
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

    @Test(
        "a NUL written as an escape in a string is an error at its place: TOMLKit would cut the string there",
        arguments: [
            ("title = \"a\\u0000b\"\n", 1, 11), ("[digest]\nowners = [\"x\", \"\"\"\ny\\U00000000\"\"\"]\n", 3, 2),
        ])
    func aNULEscapeIsAnError(text: String, line: Int, column: Int) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.column == column && error.message.contains("\\u0000"), "\(error)")
    }

    @Test("tabs and Windows line ends are not control characters TOML forbids")
    func tabsAndCRLFAreFine() throws {
        let configuration = try Configuration(
            toml: "title =\t\"a b\"\t\r\n[digest]\r\nowners = [\"x\"]\r\n", source: "repodigest.toml")
        #expect(configuration.title == "a b" && configuration.owners == ["x"])
    }

    @Test(
        "a text value that reaches pages is refused at its line when blank, too long or holding a control character",
        arguments: [
            ("title = \"\"\n", "title must not be empty"),
            ("title = \"\\t\\n \"\n", "title must not be blank (white space only)"),
            ("title = \"" + String(repeating: "é", count: 201) + "\"\n", "title must be at most 200 characters"),
            ("title = \"a\\u0085\"\n", "title must not hold a control character, found U+0085"),
            ("theme = \"x\\n\"\n", "theme must not hold a control character"),
            (
                "[digest]\nsearches = [{ name = \"n\", query = \"" + String(repeating: "q", count: 257) + "\" }]\n",
                "search 1 ('n'): a search's query must be at most 256 characters"
            ),
            (
                "[digest]\nsearches = [{ name = \"n\\u0007\", query = \"q\" }]\n",
                "search 1: a search's name must not hold a control character"
            ),
            (
                "[digest]\nowners = [\"a b\"]\n",
                "digest.owners must be GitHub account names (ASCII letters, digits, '-' or '_', not '-' first, at most 39), found 'a b'"
            ),
            ("[digest]\nowners = [\"@me\"]\n", "digest.owners must be GitHub account names"),
            ("[digest]\nowners = [\"vapor\", \"Vapor\"]\n", "digest.owners names 'Vapor' twice (logins ignore case)"),
            (
                "[digest]\nstarred_by = [\"tester\", \"Tester\"]\n",
                "digest.starred_by names 'Tester' twice (logins ignore case)"
            ),
            (
                "[digest]\nfavourites = [\"vapor/vapor\", \"Vapor/Vapor\"]\n",
                "digest.favourites names 'Vapor/Vapor' twice (names ignore case)"
            ),
            ("[digest]\nstarred_by = [\"\"]\n", "digest.starred_by must be GitHub account names"),
            (
                "[github]\napi_url = \"https://" + String(repeating: "a", count: 3000) + ".example/\"\n",
                "api_url must be an absolute http(s) URL"
            ),
            (
                "[github]\napi_url = \"http://127.0.0.1:8790/?x=1#f\"\n",
                "api_url must not hold a query ('?') or a fragment"
            ),
            (
                "[github]\napi_url = \"https://api.example.org#f\"\n",
                "api_url must not hold a query ('?') or a fragment"
            ),
            (
                "[github]\napi_url = \"HTTPS://ghe.example/api/v3\"\n",
                "api_url must begin with 'https://' in lower case, found 'HTTPS://ghe.example/api/v3'"
            ),
        ])
    func aTextValueIsChecked(text: String, message: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line != nil && error.message.contains(message), "\(error.description.prefix(300))")
    }

    @Test(
        "a password in the API URL is refused without being repeated, written with // or without",
        arguments: ["http://user:s3cretpw@127.0.0.1:8790", "user:s3cretpw@127.0.0.1", "http:user:s3cretpw@host"])
    func aPasswordInTheAPIURLIsRefusedWithoutBeingRepeated(url: String) throws {
        let error = try #require(Self.error("[github]\napi_url = \"\(url)\"\n"))
        #expect(error.line == 2 && error.message.contains("must not hold a user name or password"))
        #expect(!error.description.contains("s3cretpw"))
    }

    @Test(
        "an error names the line of its key however the key is written: dotted, quoted, in an inline table, after a multi-line string",
        arguments: [
            ("title = \"t\"\n\ndigest.page_size = 0\n", 3),
            ("[digest]\n\"page_size\" = 0\n", 2),
            ("title = \"t\"\ndigest = { page_size = 0 }\n", 2),
            ("[digest]\nmarkdown = \"\"\"\npage_size = 2\n\"\"\"\npage_size = 0\n", 5),
            // In an array of several: the search's own line, past strings and comments holding braces.
            ("[digest]\nowners = []\nsearches = [\n  { name = \"a\", query = \"b\", limt = 3 },\n]\n", 4),
            // An element that is no table is counted as one.
            ("[digest]\nsearches = [\n  \"oops\",\n  { name = \"a\", query = \"b\" },\n]\n", 3),
            ("[digest]\nsearches = [ { name = \"a\", query = \"b\" }, \"oops\" ]\n", 2),
            (
                "[digest]\nsearches = [ # {\n  { name = \"{a\", query = 'b}' }, # }\n  { name = \"c\", query = \"d\", sort = \"x\" },\n]\n",
                4
            ),
            (
                "[digest]\n[[digest.searches]]\nname = \"a\"\nquery = \"b\"\nlimit = 3\n[[digest.searches]]\nname = \"c\"\nquery = \"d\"\nlimit = \"3\"\n",
                6
            ),
            (
                "[digest]\n[[digest.searches]]\nname = \"a\"\nquery = \"b\"\n[[digest.searches]]\nname = \"a\"\nquery = \"d\"\n",
                5
            ),
            ("[digest]\n\n[[digest.searches]]\nname = \"a\"\nquery = \"b\"\nlimit = \"3\"\n", 6),
            ("title = '''x''' # '''\n[digest]\npage_size = \"x\"\n", 3),
            ("title = \"a ''' b\"\n[digest]\npage_size = \"x\"\n", 3),
            // An unknown table written as a dotted key: the first line under it.
            ("title = \"t\"\n\nextra.foo = 1\n", 3),
        ])
    func anErrorNamesTheLineOfItsKey(text: String, line: Int) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line, "\(error)")
    }

    @Test("an 8 MB title is refused by the parser, long before any page is rendered")
    func aHugeTitleIsRefused() throws {
        let error = try #require(Self.error("title = \"" + String(repeating: "x", count: 8 << 20) + "\"\n"))
        #expect(
            error.line == 1
                && error.message == "title must be at most 200 characters and 6400 bytes long, found 8388608 bytes")
    }

    @Test("the title's limit counts characters: 200 flags of 8 bytes each are a title, 201 are not")
    func aTitleIsCountedInCharacters() throws {
        let flag = "🇯🇵"
        #expect(Self.error("title = \"" + String(repeating: flag, count: 200) + "\"\n") == nil)
        let error = try #require(Self.error("title = \"" + String(repeating: flag, count: 201) + "\"\n"))
        #expect(error.message == "title must be at most 200 characters long, found 201 characters")
        // One character carrying 10,000 combining marks: refused by its bytes, never walked.
        let marks = try #require(Self.error("title = \"e" + String(repeating: "\u{301}", count: 10_000) + "\"\n"))
        #expect(marks.message == "title must be at most 200 characters and 6400 bytes long, found 20001 bytes")
    }

    @Test(
        "base_url may hold no user name, password, query or fragment, and the message never repeats a password",
        arguments: [
            "https://u:secret@example.org/", "https://secret@example.org/", "http://u:secret@example.org",
            "https://example.org/?q=1/", "https://example.org/#top/", "https://example.org/a#/",
        ])
    func aBaseURLThatWouldPublishTooMuchIsRefused(url: String) throws {
        let error = try #require(Self.error("title = \"t\"\nbase_url = \"\(url)\"\n"))
        #expect(error.line == 2, "\(error)")
        #expect(!error.message.contains("secret"), "\(error)")
        #expect(!Configuration.isValidBaseURL(url))
    }

    @Test(
        "a port no server can have or a '%' that escapes nothing is refused in base_url and api_url, at its line",
        arguments: [
            ("https://example.org:70000/", "the port '70000'"), ("https://example.org:0/", "the port '0'"),
            ("https://example.org:/", "the port ''"), ("https://example.org:+80/", "the port '+80'"),
            ("https://example.org/%zz/", "'%zz'"),
            ("https://example.org/a%2/", "'%2/'"),
        ])
    func aPortOrEscapeNoOneCanReadIsRefused(url: String, says: String) throws {
        let base = try #require(Self.error("title = \"t\"\nbase_url = \"\(url)\"\n"))
        #expect(base.line == 2 && base.message.contains("has \(says)"), "\(base)")
        let api = try #require(Self.error("title = \"t\"\n[github]\napi_url = \"\(url.dropLast())\"\n"))
        // Refused too; where URLComponents cannot read it at all, as no URL.
        #expect(api.line == 3 && api.message.hasPrefix("api_url "), "\(api)")
        for fine in ["https://example.org:8443/", "https://[::1]:8443/x/", "https://example.org/a%20b/"] {
            #expect(Configuration.isValidBaseURL(fine), "\(fine)")
        }
    }

    @Test(
        "a base_url whose scheme is in capitals, with a '.' or '..' segment, non-ASCII or a space is refused saying which",
        arguments: [
            ("HTTPS://example.org/", "written in lower case"), ("Http://example.org/", "written in lower case"),
            ("https://example.org/../x/", "'..' path segment"), ("https://example.org/a/./", "'..' path segment"),
            ("https://example.org/%2E%2e/x/", "'..' path segment"),
            ("https://bücher.example/", "in ASCII: a host in its xn-- form"),
            ("https://example.org/my site/", "must not hold a space"),
        ])
    func aBaseURLThatReadsAsAnotherIsRefused(url: String, says: String) throws {
        let error = try #require(Self.error("title = \"t\"\nbase_url = \"\(url)\"\n"))
        #expect(error.line == 2 && error.message.contains(says), "\(error)")
        #expect(Configuration.isValidBaseURL("https://example.org/a..b/.well/"))
    }

    @Test("ordinary values still pass: @me, logins with '-' and '_', a long but bounded title, base_url with a path")
    func ordinaryValuesPass() throws {
        let configuration = try Configuration(
            toml: "title = \"" + String(repeating: "t", count: 200) + "\"\nbase_url = \"https://example.org/a/b/\"\n"
                + "[digest]\nstarred_by = [\"@me\", \"mona-sample\"]\nowners = [\"user_shortcode\"]\n",
            source: "repodigest.toml")
        #expect(configuration.title.count == 200 && configuration.owners == ["user_shortcode"])
    }

    @Test func aFileWithWindowsLineEndsIsReportedAtTheRightLine() throws {
        let error = try #require(Self.error("title = \"x\"\r\n\r\n[digest]\r\nowners = []\r\nowner = []\r\n"))
        #expect(error.line == 5, "\(error)")
        #expect(error.message.contains("unknown key 'digest.owner'"), "\(error)")
    }

    @Test(
        "an integer past 64 bits is said at its place, not at a column past the line",
        arguments: [
            "99999999999999999999", "0xFFFFFFFFFFFFFFFFF", "-9223372036854775809", "9999999999999999999999999",
            "1_000_000_000_000_000_000_000_0",
        ])
    func anIntegerTooLarge(_ number: String) throws {
        let error = try #require(Self.error("[github]\nconcurrency = \(number)\n"))
        #expect(error.line == 2 && error.column == 15, "\(error)")
        #expect(error.message.contains("is past what an integer holds (-9223372036854775808 to"), "\(error)")
        #expect(try Configuration(toml: "[github]\nconcurrency = 0x4\n", source: "r").concurrency == 4)
    }

    @Test(
        "an unknown key names the key it was likely meant to be: spelt nearly so, or of another table",
        arguments: [
            (
                "[github]\nconcurency = 4\n",
                "unknown key 'github.concurency': did you mean 'concurrency'? Expected one of:"
            ),
            ("[digest]\nfavorites = []\n", "did you mean 'favourites'?"),
            ("Base-URL = \"\"\n", "did you mean 'base_url'?"),
            ("[digest]\ntitle = \"x\"\n", "'title' belongs at the top of the file, before the first [table]."),
            ("[digest]\nconcurrency = 4\n", "'concurrency' belongs in the [github] table."),
            ("[digest]\nbase-url = \"\"\n", "'base_url' belongs at the top of the file, before the first [table]."),
            ("[github]\ndigest = 1\n", "unknown key 'github.digest'; expected one of:"),
            ("[digest]\nsearches = [{ name = \"a\", query = \"b\", limt = 3 }]\n", "did you mean 'limit'?"),
            ("zzz = 1\n", "unknown key 'zzz'; expected one of: avatars,"),
            ("[digest]\nowner = []\n", "did you mean 'owners'?"),
        ])
    func anUnknownKeysHint(text: String, message: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.message.contains(message), "\(error)")
    }

    @Test func aMistakeBeforeThatHeaderIsTheOneReported() throws {
        let error = try #require(Self.error("title = \n[é]\n"))
        #expect(error.line == 1, "\(error)")
    }

    @Test func bracketsInStringsCommentsAndValuesAreNotHeaders() throws {
        let text = #"""
            title = """
            [é] is not a header here, nor [=]"""
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
