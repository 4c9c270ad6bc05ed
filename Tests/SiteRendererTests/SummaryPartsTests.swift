import Testing

@testable import SiteRenderer

/// A list's summary in runs, its names (logins, a topic) each a run a theme keeps whole.
@Suite struct SummaryPartsTests {
    static func runs(_ text: String, _ names: [Range<Int>]) -> [String] {
        PageContext.parts(of: text, names: names).map { $0.isName ? "[\($0.text)]" : $0.text }
    }

    @Test("Each name is a run of its own, with the punctuation that touches it")
    func namesAreRunsWithTheirPunctuation() {
        #expect(
            Self.runs(
                "44 repositories starred by mona-sample, swift-server and s, newest first", [27..<38, 40..<52, 57..<58])
                == [
                    "44 repositories starred by ", "[mona-sample,]", " ", "[swift-server]", " and ", "[s,]",
                    " newest first",
                ])
        #expect(Self.runs("トピック「static-site」のリポジトリ 8 件", [5..<16]) == ["トピック", "[「static-site」]", "のリポジトリ 8 件"])
        #expect(Self.runs("mona-sample がスターした", [0..<11]) == ["[mona-sample]", " がスターした"])
    }

    @Test("A name is where the summary put it, never a word that reads the same; no names, one run")
    func namesAreFoundByPlace() {
        #expect(
            Self.runs("12 repositories tagged repositories", [23..<35])
                == ["12 repositories tagged ", "[repositories]"])
        #expect(Self.runs("5 pinned repositories", []) == ["5 pinned repositories"])
        #expect(Self.runs("", [0..<1]).isEmpty, "a place past the text is none")
    }
}
