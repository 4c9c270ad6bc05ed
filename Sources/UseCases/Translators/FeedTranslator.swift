import Entities
import Foundation
import PageModels

/// Stars and releases → the digest's feed entries, newest first.
///
/// Entry ids are URLs on GitHub, which never change for the same star or release: a release's
/// own page, or the repository's with `#starred`. Entries without a date are left out, since a
/// feed entry must say when it happened.
struct FeedTranslator: Sendable {
    var cards: RepoCardTranslator
    /// At most this many entries, the newest.
    var limit = 50

    /// - Parameter changes: this run's other changes, dated at the run.
    func entries(stars: [Star], details: [RepositoryDetail], changes: [FeedEntry] = []) -> [FeedEntry] {
        var entries: [(date: Date, entry: FeedEntry)] = changes.compactMap { entry in
            (try? Date(entry.dateISO, strategy: .iso8601)).map { ($0, entry) }
        }
        for star in stars {
            guard let date = star.starredAt else { continue }
            let card = cards.card(for: star.repo)
            entries.append(
                (
                    date,
                    FeedEntry(
                        id: card.gitHubURL + "#starred", kind: .starred,
                        title: cards.format.text("feed.starred", ["repository": card.fullName]),
                        repository: card.fullName, route: card.route, url: card.gitHubURL,
                        dateISO: DisplayFormat.iso(date), dateText: cards.format.day(date),
                        summary: card.description, content: nil)
                ))
        }
        for detail in details {
            let card = cards.card(for: detail.repo)
            let items = RepoPageTranslator.releaseItems(of: detail, format: cards.format)
            for (release, item) in zip(detail.releases.filter { !$0.isDraft }, items) {
                guard let date = release.publishedAt else { continue }
                let name = item.title == item.tag ? item.tag : "\(item.tag): \(item.title)"
                let id =
                    SafeURL.http(release.htmlURL)
                    ?? RepoPageTranslator.releasesURL(of: detail.repo, tag: release.tagName)
                entries.append(
                    (
                        date,
                        FeedEntry(
                            id: id, kind: .release, title: "\(card.fullName) \(name)",
                            repository: card.fullName, route: card.route, url: item.url,
                            dateISO: DisplayFormat.iso(date), dateText: cards.format.day(date),
                            summary: card.description, content: item.notes)
                    ))
            }
        }
        // Newest first; the id breaks ties, so the order never depends on the input's.
        return
            entries
            .sorted { ($1.date, $0.entry.id) < ($0.date, $1.entry.id) }
            .prefix(limit)
            .map(\.entry)
    }
}
