import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// Counts are whatever a server (or a history an older version wrote) says: Int's extremes,
/// negatives. No translator may trap on them (a trap is a crash in every later run, since
/// the answer is cached), and no page shows a negative count.
@Suite("Counts at Int's extremes")
struct ExtremeCountsTests {
    static let extremes = [Int.min, -5, -1, 0, 1, Int.max - 1, Int.max]

    @Test("every display of a count is total, and a negative one reads as 0", arguments: extremes)
    func displayFormatsAreTotal(_ value: Int) {
        for text in [
            DisplayFormat.english.grouped(value), DisplayFormat.english.compact(value),
            DisplayFormat.english.bytes(value),
            DisplayFormat.english.count(value, "repositories"),
        ] {
            #expect(!text.contains("-"), "\(value) shown as \(text)")
        }
        #expect(DisplayFormat.english.grouped(Int.max) == "9,223,372,036,854,775,807")
    }

    @Test("a star gain between extremes saturates instead of trapping, in the section and the feed")
    func starGainBetweenExtremes() {
        let repo = RepoSnapshot(id: .init(rawValue: 1), name: RepoName(owner: "o", name: "r"), stars: .max)
        let changes = [(-1, Int.max), (Int.min, Int.max), (0, Int.max), (Int.max - 1, Int.max)].map { from, to in
            DigestChange(kind: .starGain(from: from, to: to), repo: repo, noticedAt: Make.epoch)
        }
        let translator = ChangesTranslator(pages: [], format: .english)
        let section = translator.section(Changes(outcome: .changes(changes), since: Make.epoch))
        #expect(section.items.count == 4)
        #expect(
            section.items.contains {
                $0.text.contains("0 → 9,223,372,036,854,775,807 stars (+9,223,372,036,854,775,807")
            })
        #expect(section.items.allSatisfy { !$0.text.contains("-") }, "\(section.items.map(\.text))")
        #expect(
            translator.feedEntries(Changes(outcome: .changes(changes), since: Make.epoch)).count == 4)
    }

    @Test("the largest gains are ranked without trapping when a history holds extremes")
    func computeChangesWithExtremes() {
        func snapshot(_ stars: [Int]) -> RunSnapshot {
            RunSnapshot(
                takenAt: Make.epoch,
                repositories: stars.enumerated().map { index, count in
                    RepoSnapshot(
                        id: .init(rawValue: Int64(index)), name: RepoName(owner: "o", name: "r\(index)"), stars: count)
                })
        }
        let outcome = ComputeChanges(topGains: 2, minimumStarsForRelativeGain: 0)(
            previous: snapshot([Int.min, -1, 0, 100]), current: snapshot([Int.max, Int.max, Int.max, 200]))
        guard case .changes(let changes) = outcome else {
            Issue.record("expected changes")
            return
        }
        #expect(changes.count == 4, "two by absolute gain, two by relative gain")
    }

    @Test("a repository of extreme counts makes its card and its page")
    func cardsAndPagesOfExtremes() {
        for stars in [Int.min, Int.max] {
            var repo = Make.repo("o/r", id: 1, stars: stars)
            repo.forks = stars
            repo.openIssues = stars
            repo.watchers = stars
            let cards = RepoCardTranslator(favourites: [], format: .english)
            let card = cards.card(for: repo)
            #expect(!card.starsText.contains("-") && !card.forksText.contains("-"))
            let page = RepoPageTranslator(cards: cards, ownersWithPages: [])
                .page(for: RepositoryDetail(repo: repo, releases: [], readme: nil), starredAt: nil)
            #expect(page.facts.allSatisfy { !$0.value.hasPrefix("-") }, "\(page.facts)")
        }
    }

    @Test("a stale notice dated anywhere in a Double's range reads as an age, without trapping")
    func noticeOfAnyAge() {
        for fetchedAt in [Date.distantPast, Date(timeIntervalSince1970: -1e300), Date(timeIntervalSince1970: 1e300)] {
            let notices = NoticeTranslator(now: Make.epoch, format: .english).notices(for: [
                StaleData(resource: "GET x", fetchedAt: fetchedAt, cause: .refused("r"))
            ])
            #expect(notices.count == 1)
        }
    }
}
