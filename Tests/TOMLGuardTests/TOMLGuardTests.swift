import Testing

@testable import TOMLGuard

/// The guard stops, at their line and column, the inputs on which toml++ aborts the
/// process, and lets through everything repodigest's files use.
@Suite struct TOMLGuardTests {
    @Test(
        "headers no key can start, and date-times that are not, are problems at their place",
        arguments: [
            ("[é]\n", 1, 2), ("title = \"x\"\n[=]\n", 2, 2), ("[[[digest]]]\n", 1, 3), ("when = 1979-05-27T:\n", 1, 8),
        ])
    func findsWhatCrashesTOMLKit(text: String, line: Int, column: Int) throws {
        let problem = try #require(TOMLGuard.problem(in: text))
        #expect(problem.line == line)
        #expect(problem.column == column)
        #expect(!problem.message.isEmpty)
    }

    @Test(
        "a string left open is named where it opens, with the quotes that close it",
        arguments: [
            ("title = \"abc\nbase_url = \"\"\n", 1, 9, "not closed on its line: add its closing \""),
            ("title = 'abc\n", 1, 9, "not closed on its line: add its closing '"),
            ("a = 1\ntitle = \"\"\"abc\nmore\n", 2, 9, "not closed before the end of the file: add its closing \"\"\""),
        ])
    func findsAStringLeftOpen(text: String, line: Int, column: Int, says: String) throws {
        let problem = try #require(TOMLGuard.problem(in: text))
        #expect(problem.line == line && problem.column == column, "\(problem)")
        #expect(problem.message.hasPrefix("this string is ") && problem.message.hasSuffix(says), "\(problem.message)")
        #expect(TOMLGuard.problem(in: "a = \"\"\nb = ''\nc = \"\"\"\n\"\"\"\nd = \"\"\"x\"\"\"\"\n") == nil)
    }

    @Test("a key or header of thousands of dotted parts is a problem at its 64th dot, not toml++'s stack overflow")
    func aDeeplyDottedKeyIsRefused() throws {
        let deep = Array(repeating: "a", count: 40_000).joined(separator: ".")
        for (text, line) in [
            ("name = \"x\"\n\(deep) = \"x\"\n", 2), ("[\(deep)]\n", 1), ("t = { \(deep) = 1 }\n", 1),
        ] {
            let problem = try #require(TOMLGuard.problem(in: text))
            #expect(problem.line == line && problem.message.contains("more than 64 dotted parts"), "\(problem)")
        }
        let sixtyFour = Array(repeating: "a", count: 64).joined(separator: ".")
        #expect(TOMLGuard.problem(in: "\(sixtyFour) = 1\n[\(sixtyFour)]\nx = \"a.b.c\"\n") == nil, "64 parts pass")
        #expect(TOMLGuard.problem(in: "\(sixtyFour).a = 1\n") != nil)
    }

    @Test("strings, comments, arrays over lines and inline tables pass")
    func passesWhatRepodigestUses() {
        let text = """
            # a comment with [brackets] and = signs
            title = "Swift [things] # not a comment"
            base_url = ''
            [github]
            concurrency = 4
            include_private = false
            [digest]
            starred_by = [
              "octocat", # one
              "mona",
            ]
            searches = [{ name = "Swift", query = "language:swift", limit = 60 }]
            """
        #expect(TOMLGuard.problem(in: text) == nil)
    }

    @Test("bytes that are not UTF-8 are named at the line and column of the first, in scalars")
    func findsTheFirstByteThatIsNotUTF8() {
        func place(_ bytes: [UInt8]) -> [Int]? {
            guard case .failure(let place) = TOMLGuard.utf8Text(bytes) else { return nil }
            return [place.line, place.column]
        }
        #expect(TOMLGuard.utf8Text(Array("title = \"café\"\n".utf8)) == .success("title = \"café\"\n"))
        // "é" is one column; 0xE9 alone (Latin-1) is not UTF-8, nor is a sequence cut short.
        #expect(place(Array("a = 1\nb = \"é".utf8) + [0xE9]) == [2, 7])
        #expect(place([0x61, 0xC3]) == [1, 2])
        // A byte order mark takes no column: the first line's columns are its text's.
        #expect(place([0xEF, 0xBB, 0xBF] + Array("t = \"".utf8) + [0xFF]) == [1, 6])
    }

    @Test("windows line ends count lines as Unix ones do")
    func countsLinesWithCarriageReturns() throws {
        let problem = try #require(TOMLGuard.problem(in: "title = \"x\"\r\n\r\n[é]\r\n"))
        #expect(problem.line == 3)
    }

    @Test(
        "TOMLKit's parse errors in repodigest's words",
        arguments: [
            (
                "Error while parsing key-value pair: expected value, saw '\\n'",
                "in a key = value line: expected a value, found the end of the line"
            ),
            (
                "Error while parsing key-value pair: cannot redefine existing string 'title'",
                "in a key = value line: 'title' is set twice (a key is set once in its table)"
            ),
            ("Error while parsing array: encountered end-of-file", "in an [array]: the file ends before it is closed"),
            (
                "Error while parsing root table: expected keys, tables, whitespace or comments, saw '='",
                "in the file: expected keys, tables, whitespace or comments, found '='"
            ),
            ("Error while parsing something new: odd", "in something new: odd"),
            ("no such shape", "no such shape"),
        ])
    func reworded(said: String, meant: String) {
        #expect(TOMLGuard.reworded(said) == meant)
    }

    @Test("a key is found at its line however TOML lets it be written: quoted, escaped, dotted, spaced")
    func keysAreFoundAsTOMLReadsThem() {
        let text = """
            title = "x"
            [digest]
            "page\\u005Fsize" = 0
            'starred_by' . "x.y" = 1
            a . b = 2
            """
        #expect(TOMLGuard.line(of: ["digest", "page_size"], in: text) == 3)
        #expect(TOMLGuard.line(of: ["digest", "starred_by", "x.y"], in: text) == 4)
        #expect(TOMLGuard.line(of: ["digest", "a", "b"], in: text) == 5)
        #expect(TOMLGuard.keyParts(#""\u202Eevil".'l\t'"#) == ["\u{202E}evil", #"l\t"#])
    }
}
