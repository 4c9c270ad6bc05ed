import Foundation
import PageModels
import SiteRenderer
import Testing

@testable import UseCases

/// Numbers and dates in the Japanese edition: 2026年11月23日, 12,345, and compact counts by
/// 万 and 億 as Japanese counts them (1.2万 for 12,000; plain and grouped below 10,000).
@Suite struct JapaneseFormatTests {
    static let japanese = DisplayFormat(try! Theme.builtIn("default").phrasebook(language: "ja").phrasebook)

    @Test func dates() throws {
        let date = try Date("2026-11-23T09:12:44Z", strategy: .iso8601)
        #expect(Self.japanese.day(date) == "2026年11月23日")
        #expect(Self.japanese.minute(date) == "2026年11月23日 09:12 UTC")
        #expect(DisplayFormat.english.minute(date) == "23 Nov 2026, 09:12 UTC")
    }

    @Test(arguments: [
        (0, "0"), (999, "999"), (9_999, "9,999"), (10_000, "1万"), (12_345, "1.2万"), (99_400, "9.9万"),
        (99_960, "10万"), (1_234_567, "123万"), (99_994_999, "9999万"), (99_996_000, "1億"), (123_456_789, "1.2億"),
        (-5, "0"),
    ])
    func compactCounts(_ value: Int, _ text: String) {
        #expect(Self.japanese.compact(value) == text)
    }

    @Test func groupedCountsAndWords() {
        #expect(Self.japanese.grouped(12_345) == "12,345")
        #expect(Self.japanese.count(1, "repositories") == "リポジトリ\u{A0}1\u{A0}件", "Japanese has no singular")
        #expect(Self.japanese.count(12_345, "repositories") == "リポジトリ\u{A0}12,345\u{A0}件")
        #expect(Self.japanese.bytes(812) == "812\u{A0}バイト")
        #expect(Self.japanese.bytes(12_300) == "12.3 KB")
        _ = Self.japanese.compact(Int.max)
    }

    @Test("a theme's own step and unit: tenths while a Double holds them, whole numbers past that, and no trap")
    func compactCountsOfATheme() {
        func format(step: Int, units: String) -> DisplayFormat {
            DisplayFormat(Phrasebook(entries: ["format.compact_step": "\(step)", "format.compact_units": units]))
        }
        #expect(format(step: 10, units: "h").compact(Int.max) == "922337203685477632h")
        #expect(format(step: 100, units: "h").compact(12_345) == "123.5h")
        #expect(format(step: 1_000, units: "k").compact(Int.max) == "9223372036854776k")
    }

    @Test func aSiteInJapanese() async throws {
        let repo = Make.repo("lumen/lantern", id: 1, stars: 12_345)
        var source = FakeRepositorySource()
        source.stars["mona"] = [Make.star(repo, daysAgo: 0)]
        var request = BuildDigest.Request(title: "T", starredBy: ["mona"])
        request.phrasebook = Self.japanese.phrasebook
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(request)
        #expect(site.phrasebook.language == "ja")
        #expect(site.navigation.map(\.title) == ["ダイジェスト", "スター"])
        #expect(site.digest.summary == "リポジトリ\u{A0}1\u{A0}件（mona のスター）")
        let card = try #require(site.digest.sections.first?.cards.first)
        #expect(card.starsText == "1.2万")
        #expect(card.starredText == "2026年11月18日にスター")
        #expect(
            site.listPages.first { $0.route.kind == .starred }?.summary == "mona がスターしたリポジトリ\u{A0}1\u{A0}件、スターした日の新しい順")
    }
}
