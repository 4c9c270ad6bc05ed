import Testing

@testable import SiteRenderer

/// A list's summary in runs, its names (logins, a topic) each a run a theme keeps whole.
@Suite struct SummaryPartsTests {
    static func runs(_ text: String, _ names: [String]) -> [String] {
        PageContext.parts(of: text, names: names).map { $0.isName ? "[\($0.text)]" : $0.text }
    }

    @Test("Each name is a run of its own, with the punctuation that touches it")
    func namesAreRunsWithTheirPunctuation() {
        #expect(
            Self.runs(
                "44 repositories starred by mona-sample, swift-server and s, newest first",
                ["mona-sample", "swift-server", "s"])
                == [
                    "44 repositories starred by ", "[mona-sample,]", " ", "[swift-server]", " and ", "[s,]",
                    " newest first",
                ])
        #expect(
            Self.runs("トピック「static-site」のリポジトリ 8 件", ["static-site"])
                == ["トピック", "[「static-site」]", "のリポジトリ 8 件"])
        #expect(Self.runs("mona-sample がスターした", ["mona-sample"]) == ["[mona-sample]", " がスターした"])
    }

    @Test("A name found only inside a longer word, or not at all, is no run; no names, one run")
    func onlyWholeWordsAreNames() {
        #expect(Self.runs("12 repositories written in C", ["s", "Go", "C"]) == ["12 repositories written in ", "[C]"])
        #expect(Self.runs("5 pinned repositories", []) == ["5 pinned repositories"])
        #expect(Self.runs("", ["x"]).isEmpty)
    }
}
