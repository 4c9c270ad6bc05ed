import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// Topics trimmed on the front page with a page for all, and digest.md as the whole list.
@Suite struct DigestListingTests {
    static func build(_ repos: [GitHubRepo], markdown: MarkdownDigest = .digest) async throws -> Site {
        var source = FakeRepositorySource()
        source.stars["mona"] = repos.map { Make.star($0, daysAgo: 1) }
        var request = BuildDigest.Request(title: "Digest", starredBy: ["mona"]).english
        request.markdown = markdown
        return try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch)).build(request).site
    }

    @Test("The front page lists the most used topics and links a page with every one")
    func topicsAreTrimmedWithAPageForAll() async throws {
        let repos = (1...30).map { Make.repo("x/r\($0)", id: Int64($0), topics: ["common", "t\($0)"]) }
        let site = try await Self.build(repos)
        #expect(site.digest.topics.count == 24)
        #expect(site.digest.topics.first?.title == "common")
        #expect(site.digest.allTopics == PageLink(title: "All 31 topics", route: .topics, count: 31))
        #expect(site.topics.count == 31)
        #expect(site.topics.first == PageLink(title: "common", route: Route(.topic(name: "common")), count: 30))
    }

    @Test("A few topics all fit on the front page: no page for them all")
    func fewTopicsNeedNoPage() async throws {
        let site = try await Self.build([Make.repo("x/a", id: 1, topics: ["one", "two"])])
        #expect(site.digest.topics.count == 2)
        #expect(site.digest.allTopics == nil)
        #expect(site.topics.isEmpty)
    }

    @Test("Every language has a place on the page of them all: most used first, then by name, with its colour")
    func everyLanguageIsListed() async throws {
        let site = try await Self.build([
            Make.repo("x/a", id: 1, language: "Swift"), Make.repo("x/b", id: 2, language: "Go"),
            Make.repo("x/c", id: 3, language: "Swift"), Make.repo("x/d", id: 4, language: "C"),
            Make.repo("x/e", id: 5, language: "Swift"), Make.repo("x/f", id: 6, language: nil),
        ])
        #expect(site.languages.map(\.title) == ["Swift", "C", "Go"])
        #expect(site.languages.map(\.count) == [3, 1, 1])
        #expect(site.languages.first?.route == Route(.language(name: "Swift")))
        #expect(site.languages.first?.color == "#f05138")
        #expect(try await Self.build([Make.repo("x/a", id: 1, language: nil)]).languages.isEmpty)
    }

    @Test("markdown = list: every starred repository once, by language, most stars first, without language last")
    func markdownListGroupsByLanguage() async throws {
        let site = try await Self.build(
            [
                Make.repo("x/small-swift", id: 1, stars: 5, language: "Swift"),
                Make.repo("x/big-swift", id: 2, stars: 500, language: "Swift"),
                Make.repo("x/plain", id: 3, language: nil),
                Make.repo("x/c", id: 4, language: "c"),
                Make.repo("x/rust", id: 5, language: "Rust"),
            ], markdown: .list)
        let groups = try #require(site.markdownList)
        #expect(groups.map(\.title) == ["c", "Rust", "Swift", "Other"])
        #expect(groups[2].cards.map(\.fullName) == ["x/big-swift", "x/small-swift"])
        #expect(
            try await Self.build([Make.repo("x/a", id: 1)]).markdownList == nil, "digest.md is the digest by default")
    }
}
