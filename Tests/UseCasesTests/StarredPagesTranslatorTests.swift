import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// Builders for the starred-list and feed tests; named apart from the shared test helpers.
enum StarredFixture {
    static let epoch = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

    static func repo(
        _ fullName: String, id: Int64, stars: Int = 10, language: String? = nil, topics: [String] = [],
        pushedDaysAgo: Double? = nil
    ) -> GitHubRepo {
        let name = try! RepoName(parsing: fullName)
        return GitHubRepo(
            id: GitHubRepo.ID(rawValue: id), name: name,
            owner: Owner(login: name.owner, id: id, kind: .user, htmlURL: "https://github.com/\(name.owner)"),
            htmlURL: "https://github.com/\(fullName)", language: language, topics: topics, stars: stars,
            pushedAt: pushedDaysAgo.map { epoch.addingTimeInterval(-$0 * 86_400) })
    }

    static func star(_ repo: GitHubRepo, daysAgo: Double?) -> Star {
        Star(repo: repo, starredAt: daysAgo.map { epoch.addingTimeInterval(-$0 * 86_400) })
    }

    /// Newest star first, as `CollectStarred` hands them over.
    static let stars = [
        star(
            repo("a/swift-low", id: 1, stars: 5, language: "Swift", topics: ["cli", "swift"], pushedDaysAgo: 9),
            daysAgo: 1),
        star(repo("b/rust-high", id: 2, stars: 900, language: "Rust", topics: ["cli"], pushedDaysAgo: 1), daysAgo: 2),
        star(repo("c/none", id: 3, stars: 50, language: nil, topics: [], pushedDaysAgo: nil), daysAgo: 3),
        star(
            repo("d/swift-high", id: 4, stars: 700, language: "swift", topics: ["Swift"], pushedDaysAgo: 3),
            daysAgo: nil),
    ]

    static func translator(
        _ grouping: StarredArrangement.Grouping, _ order: StarredArrangement.Order, pageSize: Int = 30
    )
        -> StarredPagesTranslator
    {
        StarredPagesTranslator(
            cards: RepoCardTranslator(favourites: [], format: .english), lists: ListPageTranslator(pageSize: pageSize),
            arrangement: StarredArrangement(grouping: grouping, order: order))
    }
}

@Suite struct StarredPagesTranslatorTests {
    typealias F = StarredFixture

    func names(_ groups: [CardGroup]) -> [String] {
        groups.map { ($0.title ?? "-") + ": " + $0.cards.map(\.fullName).joined(separator: " ") }
    }

    @Test(arguments: [
        (StarredArrangement.Order.starred, ["a/swift-low", "b/rust-high", "c/none", "d/swift-high"]),
        (.stars, ["b/rust-high", "d/swift-high", "c/none", "a/swift-low"]),
        (.pushed, ["b/rust-high", "d/swift-high", "a/swift-low", "c/none"]),
    ])
    func ungroupedListsFollowTheChosenOrder(_ order: StarredArrangement.Order, _ expected: [String]) {
        let groups = F.translator(.none, order).groups(F.stars)
        #expect(groups.count == 1 && groups[0].title == nil)
        #expect(groups[0].cards.map(\.fullName) == expected)
    }

    @Test(
        "the cards made already for the digest page are the ones listed, whatever the order and grouping",
        arguments: [StarredArrangement.Grouping.none, .language, .topic],
        [StarredArrangement.Order.starred, .stars, .pushed])
    func cardsMadeAlreadyAreTheOnesListed(_ grouping: StarredArrangement.Grouping, _ order: StarredArrangement.Order) {
        let translator = F.translator(grouping, order)
        // Each card marked with its star's position, to tell it came from the given ones.
        let made = F.stars.enumerated().map { offset, star in
            var card = translator.cards.card(for: star.repo, starredAt: star.starredAt)
            card.note = "made \(offset)"
            return card
        }
        let given = translator.groups(F.stars, cards: made)
        let plain = translator.groups(F.stars)
        #expect(names(given) == names(plain))
        for (group, same) in zip(given, plain) {
            for (card, other) in zip(group.cards, same.cards) {
                let offset = F.stars.firstIndex { $0.repo.name.description == card.fullName }!
                #expect(card.note == "made \(offset)")
                var unmarked = card
                unmarked.note = nil
                #expect(unmarked.fields == other.fields)
            }
        }
    }

    @Test func groupingByLanguageIgnoresCaseAndPutsTheUnknownLast() {
        let groups = F.translator(.language, .stars).groups(F.stars)
        #expect(names(groups) == ["Rust: b/rust-high", "swift: d/swift-high a/swift-low", "No language: c/none"])
    }

    @Test func groupingByTopicListsARepositoryUnderEachOfItsTopics() {
        let groups = F.translator(.topic, .starred).groups(F.stars)
        #expect(
            names(groups) == [
                "cli: a/swift-low b/rust-high", "swift: a/swift-low d/swift-high", "No topics: c/none",
            ])
    }

    @Test("A grouped list is paginated by group: no group continues on the next page")
    func groupsNeverSplitAcrossPages() {
        let pages = F.translator(.topic, .starred, pageSize: 3).pages(F.stars, starredBy: ["mona"])
        #expect(
            pages.map { names($0.groups) } == [
                ["cli: a/swift-low b/rust-high"],
                ["swift: a/swift-low d/swift-high", "No topics: c/none"],
            ])
        #expect(pages[1].pagination?.previous == Route(.starred))
        #expect(pages[0].summary == "4 repositories starred by mona, grouped by topic, newest first")
    }

    @Test func theSummarySaysHowTheListIsArranged() {
        let page = F.translator(.language, .pushed).pages(F.stars, starredBy: ["mona", "hubot"])[0]
        #expect(
            page.summary == "4 repositories starred by mona, hubot, grouped by language, most recently pushed first")
        // Each login where the text put it, as places a page keeps whole.
        let names = page.summaryNames.map { Array(page.summary)[$0].map(String.init).joined() }
        #expect(names == ["mona", "hubot"], "\(page.summaryNames)")
    }

    @Test("A name in a summary is marked where the text put it, not where the same word first stands")
    func summaryNamesAreFoundByPlace() {
        let marked = "12 repositories tagged " + SummaryNames.mark("repositories")
        let (text, names) = SummaryNames.unmark(marked)
        #expect(text == "12 repositories tagged repositories")
        #expect(names == [23..<35])
        #expect(SummaryNames.unmark(SummaryNames.mark("a\u{E001}b") + " and " + SummaryNames.mark("")).names == [0..<2])
    }
}

@Suite struct ListPagingTests {
    @Test("Every page of a list longer than the threshold gets the filter box, which searches the whole list")
    func everyPageOfALongListGetsAFilterBox() {
        let cards = (1...12).map {
            RepoCardTranslator(favourites: [], format: .english).card(
                for: StarredFixture.repo("x/r\($0)", id: Int64($0)))
        }
        let pages = ListPageTranslator(pageSize: 11).pages(.favourites, title: "F", summary: "", cards: cards)
        #expect(pages.map(\.isFilterable) == [true, true])
        #expect(pages.map(\.cards.count) == [11, 1])
        let short = ListPageTranslator(pageSize: 11).pages(
            .favourites, title: "F", summary: "", cards: Array(cards.prefix(10)))
        #expect(short.map(\.isFilterable) == [false])
    }

    @Test("A group longer than a page has a page of its own, never shared and never split")
    func aLongGroupHasAPageToItself() {
        let cards = (1...5).map {
            RepoCardTranslator(favourites: [], format: .english).card(
                for: StarredFixture.repo("x/r\($0)", id: Int64($0)))
        }
        let groups = [
            CardGroup(title: "A", cards: [cards[0]]), CardGroup(title: "B", cards: Array(cards[1...3])),
            CardGroup(title: "C", cards: [cards[4]]),
        ]
        let pages = ListPageTranslator(pageSize: 2).pages(.starred, title: "S", summary: "", groups: groups)
        #expect(pages.map { $0.groups.map { $0.title ?? "" } } == [["A"], ["B"], ["C"]])
        #expect(pages.map(\.cards.count) == [1, 3, 1])
        #expect(
            pages.last?.pagination == Pagination(page: 3, pageCount: 3, previous: Route(.starred, page: 2), next: nil))
    }

    @Test func ownerAndSearchPagesLinkToGitHub() {
        let search = SavedSearch(name: "SSG", query: "static site language:swift & more", sort: .stars)
        #expect(
            SiteTranslator.gitHubSearchURL(search, on: .gitHubCom)
                == "https://github.com/search?q=static%20site%20language%3Aswift%20%26%20more&type=repositories&s=stars&o=desc"
        )
        #expect(
            SiteTranslator.gitHubSearchURL(SavedSearch(name: "x", query: "a"), on: .gitHubCom)
                == "https://github.com/search?q=a&type=repositories")
        #expect(
            SiteTranslator.gitHubSearchURL(
                SavedSearch(name: "x", query: "a"), on: GitHubWeb(apiURL: "https://ghe.example.com/api/v3"))
                == "https://ghe.example.com/search?q=a&type=repositories")
    }
}
