import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

@Suite struct DisplayFormatTests {
    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1k"), (1_234, "1.2k"), (12_345, "12.3k"), (99_949, "99.9k"),
        (99_999, "100k"), (100_000, "100k"), (123_456, "123k"), (999_499, "999k"), (999_600, "1M"),
        (1_000_000, "1M"), (2_540_000, "2.5M"),
    ])
    func compactCountsReadLikeGitHubs(_ value: Int, _ text: String) {
        #expect(DisplayFormat.english.compact(value) == text)
    }

    @Test(
        "A compact count rounds to the nearest: 1,990 stars read 2k, not 1.9k",
        arguments: [
            (1_990, "2k"), (1_950, "2k"), (1_949, "1.9k"), (1_250, "1.3k"), (2_560_000, "2.6M"), (1_999_999, "2M"),
        ])
    func compactCountsRoundToTheNearest(_ value: Int, _ text: String) {
        #expect(DisplayFormat.english.compact(value) == text)
    }

    @Test func groupedCountsUseThousandsSeparators() {
        #expect(DisplayFormat.english.grouped(0) == "0")
        #expect(DisplayFormat.english.grouped(1_234_567) == "1,234,567")
        #expect(DisplayFormat.english.grouped(-1_000) == "0", "a count is never negative")
    }

    @Test func datesAreEnglishAndUTC() {
        #expect(DisplayFormat.english.day(Make.epoch) == "18 Nov 2026")
        #expect(DisplayFormat.english.minute(Make.epoch) == "18 Nov 2026, 11:06 UTC")
        #expect(DisplayFormat.iso(Make.epoch) == "2026-11-18T11:06:40Z")
    }

    @Test("a day by arithmetic is the day the Gregorian calendar in UTC gives, leap days and all")
    func daysByArithmeticMatchTheCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Every 7th hour from 1970 past 2100 (a century not a leap year), and the edges.
        let seconds =
            Array(stride(from: 0.0, to: 4_200_000_000, by: 25_199)) + [
                -1, 0, 86_399.999, 951_782_400, 951_868_800, 4_107_542_400, 253_402_300_799, 253_402_300_800, -1e12,
            ]
        // A moment before midnight that the time since 1970 would round up into the next day.
        let edges = [-1e-9, -5e-8, 86_400 - 1e-9].map { Date(timeIntervalSinceReferenceDate: $0) }
        for date in seconds.map({ Date(timeIntervalSince1970: $0) }) + edges {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let day = DisplayFormat.utcDay(of: date)
            #expect(day.year == parts.year && day.month == parts.month && day.day == parts.day, "\(date)")
        }
    }
}

@Suite struct SafeURLTests {
    @Test("a folder some levels up, never above the first segment after the host")
    func folderUp() {
        let folder = "https://github.com/o/r/blob/main/.github/"
        #expect(SafeURL.folder(folder, up: 1) == "https://github.com/o/r/blob/main/")
        #expect(SafeURL.folder(folder, up: 4) == "https://github.com/o/")
        #expect(SafeURL.folder(folder, up: 5) == nil)
        #expect(SafeURL.folder(folder, up: 50) == nil)
        #expect(SafeURL.folder(nil, up: 1) == nil)
    }

    @Test(arguments: ["https://example.org", "http://example.org/a?b=c", " https://example.org/x "])
    func keepsHTTP(_ url: String) {
        #expect(SafeURL.http(url) == url.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(7)", "data:text/html,x", "vbscript:x", "//evil.example",
        "/relative", "https://", "https://exa mple.org", "https://example.org/\"onmouseover=x", "", "ftp://x.org",
        // A host or port no browser can follow, which no encoding mends.
        "https://exa|mple.org/", "https://exa%20mple.org/", "https://example.org:99999/", "https://example.org:8a/",
        "https://[zz]/", "https://user@/x",
    ])
    func dropsEverythingElse(_ url: String) {
        #expect(SafeURL.http(url) == nil)
    }

    @Test(arguments: [
        "HTTPS://Example.org/x", "https://example.org/ü", "https://x.org/a\tb", "https://x.org/`", "https://x.org/\\",
        "https:///x", "https:/x", "http://", "https://x.org/\u{7F}", "https://x.org/<", "https://x.org/'",
    ])
    func agreesWithTheCharacterRules(_ url: String) {
        // What the byte-wise check must give: http(s), a host, no space, control character
        // or character that could end an attribute.
        let bad = "\"<>'`\\"
        let lowered = url.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : nil
        let expected =
            scheme.map { url.dropFirst($0).first.map { $0 != "/" } ?? false } == true
            && url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !bad.unicodeScalars.contains($0) }
        #expect((SafeURL.http(url) != nil) == expected)
    }

    @Test(arguments: ["plain-name_1.0~", "feature/x", "a b", "ü/ß", "<script>", "100%", "a?b=c&d#e", ""])
    func encodesAsFoundationDoes(_ text: String) {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        #expect(SafeURL.encoded(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved))
        #expect(
            SafeURL.path(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved.union(["/"])))
    }

    @Test(arguments: [
        ("betterspecs.org", "http://betterspecs.org"), ("docs.example.com/guide/", "http://docs.example.com/guide/"),
        (" my-site.io ", "http://my-site.io"), ("https://example.org", "https://example.org"),
    ])
    func linksAHomepageWrittenWithoutAScheme(_ homepage: String, _ link: String) {
        #expect(SafeURL.homepage(homepage) == link)
    }

    @Test(arguments: [
        "javascript:alert(1)", "localhost", "example.org\"onmouseover=x", "-x.org", ".x.org", "exa mple.org",
        "user@example.org", "example.org:8080", "ü.example", "", "mailto:a@b.org",
    ])
    func keepsOtherHomepagesUnlinked(_ homepage: String) {
        #expect(SafeURL.homepage(homepage) == nil)
    }

    @Test func folderOfAFileURL() {
        #expect(SafeURL.folder(of: "https://x.org/a/b/README.md") == "https://x.org/a/b/")
        #expect(SafeURL.folder(of: "https://x.org") == nil)
    }
}

@Suite struct RepoCardTranslatorTests {
    @Test func hostileHomepageNeverBecomesALink() {
        let repo = Make.repo("x/y", id: 1, homepage: "javascript:alert(6)")
        let page = RepoPageTranslator(cards: RepoCardTranslator(favourites: [], format: .english), ownersWithPages: [])
            .page(for: RepositoryDetail(repo: repo, releases: [], readme: nil), starredAt: nil)
        #expect(page.homepageURL == nil)
        #expect(page.readme == nil)
    }

    @Test func emptyDescriptionsAreAbsent() {
        let card = RepoCardTranslator(favourites: [], format: .english).card(
            for: Make.repo("x/y", id: 1, description: ""))
        #expect(card.description == nil)
    }

    @Test func cardFormatsCountsAndDates() {
        let card = RepoCardTranslator(favourites: [GitHubRepo.ID(rawValue: 1)], format: .english)
            .card(for: Make.repo("x/y", id: 1, stars: 48_000, archived: true), starredAt: Make.epoch)
        #expect(card.starsText == "48k")
        #expect(card.badges == [.favourite, .archived])
        #expect(card.pushedText == "Pushed 17 Nov 2026")
        #expect(card.starredText == "Starred 18 Nov 2026")
        #expect(card.route == Route(.repository(owner: "x", name: "y")))
    }

    @Test("a starred card is the repository's card with its date; the card made once stays without one")
    func starredCardsLeaveTheSharedCardAlone() {
        let cards = RepoCardTranslator(favourites: [], format: .english)
        let repo = Make.repo("x/y", id: 1)
        let starred = cards.card(for: repo, starredAt: Make.epoch)
        let plain = cards.card(for: repo)
        #expect(starred.starredText == "Starred 18 Nov 2026")
        #expect(plain.starredText == nil)
        var undated = starred
        undated.starredText = nil
        #expect(undated == plain)
    }
}

@Suite struct ListPageTranslatorTests {
    @Test func anEmptyListIsOnePageWithoutPagination() {
        let pages = ListPageTranslator(pageSize: 10).pages(.favourites, title: "F", summary: "", cards: [])
        #expect(pages.count == 1)
        #expect(pages[0].pagination == nil)
    }

    @Test func pagesHoldAtMostPageSizeCards() {
        let cards = (1...5).map {
            RepoCardTranslator(favourites: [], format: .english).card(for: Make.repo("x/r\($0)", id: Int64($0)))
        }
        let pages = ListPageTranslator(pageSize: 2).pages(.starred, title: "S", summary: "", cards: cards)
        #expect(pages.map(\.cards.count) == [2, 2, 1])
        #expect(pages[2].pagination?.next == nil)
    }
}
