import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// What the pages say, where issue 14 found it said wrong, said twice or not at all.
@Suite struct CopyFixesTests {
    static func site(favourites: [Favourite], repos: [GitHubRepo]) async throws -> Site {
        var source = FakeRepositorySource()
        source.repos = Dictionary(uniqueKeysWithValues: repos.map { ($0.name.description, $0) })
        let request = BuildDigest.Request(title: "Digest", starredBy: [], favourites: favourites).english
        return try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch)).build(request).site
    }

    @Test("The favourites list puts no Favourite badge on its cards; other lists still do")
    func favouritesListDropsItsOwnBadge() async throws {
        let pinned = Make.repo("kit/pinned", id: 1, archived: true)
        let site = try await Self.site(favourites: [Favourite(name: pinned.name)], repos: [pinned])
        let list = try #require(site.listPages.first { $0.route.kind == .favourites })
        #expect(list.cards.map(\.badges) == [[.archived]])
        let page = try #require(site.repositories.first)
        #expect(page.card.badges == [.favourite, .archived])
    }

    @Test("A favourite's note shows on its cards and its page")
    func favouriteNoteIsShown() async throws {
        let pinned = Make.repo("kit/pinned", id: 1)
        let other = Make.repo("kit/plain", id: 2)
        let site = try await Self.site(
            favourites: [
                Favourite(name: pinned.name, note: "Read before the migration"),
                Favourite(name: other.name, note: "  "),
            ],
            repos: [pinned, other])
        let list = try #require(site.listPages.first { $0.route.kind == .favourites })
        #expect(list.cards.map(\.note) == ["Read before the migration", nil], "a blank note is no note")
        #expect(site.repositories.first { $0.card.fullName == "kit/pinned" }?.card.note == "Read before the migration")
        #expect(
            site.digest.sections.flatMap(\.cards).first { $0.fullName == "kit/pinned" }?.note
                == "Read before the migration")
    }

    @Test("A repository GitHub sent no licence for has no Licence fact, not \"None detected\"")
    func missingLicenceIsOmitted() {
        let translator = RepoPageTranslator(
            cards: RepoCardTranslator(favourites: [], format: .english), ownersWithPages: [])
        let bare = translator.page(
            for: RepositoryDetail(repo: Make.repo("x/y", id: 1), releases: [], readme: nil), starredAt: nil)
        #expect(!bare.facts.contains { $0.label == "Licence" })
        var licensed = Make.repo("x/z", id: 2)
        licensed.license = License(spdxID: "MIT", name: "MIT License")
        let page = translator.page(for: RepositoryDetail(repo: licensed, releases: [], readme: nil), starredAt: nil)
        #expect(page.facts.first { $0.label == "Licence" }?.value == "MIT License")
    }

    @Test("Cards carry GitHub's colour for their language, and none for a language without one")
    func languageColours() {
        let cards = RepoCardTranslator(favourites: [], format: .english)
        #expect(cards.card(for: Make.repo("x/swift", id: 1, language: "Swift")).languageColor == "#f05138")
        #expect(cards.card(for: Make.repo("x/cpp", id: 2, language: "C++")).languageColor == "#f34b7d")
        #expect(cards.card(for: Make.repo("x/odd", id: 3, language: "Nonesuch")).languageColor == nil)
        #expect(cards.card(for: Make.repo("x/none", id: 4, language: nil)).languageColor == nil)
    }

    @Test("Changes of one kind come largest first: the biggest star gain, then the better-known projects")
    func changesAreOrderedBySize() throws {
        func change(_ name: String, id: Int64, stars: Int, _ kind: DigestChange.Kind) throws -> DigestChange {
            DigestChange(
                kind: kind,
                repo: RepoSnapshot(id: GitHubRepo.ID(rawValue: id), name: try RepoName(parsing: name), stars: stars),
                noticedAt: Make.epoch)
        }
        let changes = Changes(
            outcome: .changes([
                try change("a/small-gain", id: 1, stars: 5_000, .starGain(from: 4_900, to: 5_000)),
                try change("b/big-gain", id: 2, stars: 800, .starGain(from: 300, to: 800)),
                try change("c/tiny", id: 3, stars: 12, .newRelease(tag: "v2", previous: "v1")),
                try change("d/famous", id: 4, stars: 90_000, .newRelease(tag: "v9", previous: "v8")),
            ]),
            since: Make.epoch)
        let items = ChangesTranslator(pages: [], format: .english).section(changes).items
        #expect(items.map(\.repository) == ["d/famous", "c/tiny", "b/big-gain", "a/small-gain"])
    }
}
