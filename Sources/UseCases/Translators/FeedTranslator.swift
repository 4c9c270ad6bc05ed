import Entities
import Foundation
import PageModels

/// Stars, releases and this run's other changes → the digest's feed entries, newest first.
///
/// An entry's id never changes for the same event, and names no other: a `urn:repodigest:`
/// of GitHub's number for the repository (which a rename or a transfer keeps, where its
/// address changes) and the star's time or the release's tag (a change's id, made by
/// `ChangesTranslator`, holds its run's time). Entries without a date are left out, since a
/// feed entry must say when it happened.
struct FeedTranslator: Sendable {
    var cards: RepoCardTranslator
    /// At most this many entries, the newest.
    var limit = Self.defaultLimit
    static let defaultLimit = 50
    /// The run's time: a star or release dated more than a day after it (a clock far off, or
    /// a server's `9999-12-31`) is left out, rather than head the feed, and date it, for ever.
    var now: Date? = nil

    /// - Parameter changes: this run's other changes, dated at the run.
    func entries(stars: [Star], details: [RepositoryDetail], changes: [FeedEntry] = []) -> [FeedEntry] {
        guard limit > 0 else { return [] }
        let latest = now.map { $0.addingTimeInterval(86_400) } ?? .distantFuture
        // Every dated star and release is a candidate, but only the newest become entries:
        // formatting them all (at 10,000 repositories, every star and every release's notes)
        // cost more than the rest of the site's models.
        var candidates: [(date: Date, source: Source)] = changes.indices.compactMap { index in
            (try? Date(changes[index].dateISO, strategy: .iso8601)).map { ($0, .change(index)) }
        }
        for (index, star) in stars.enumerated() {
            if let date = star.starredAt, date <= latest { candidates.append((date, .star(index))) }
        }
        for (index, detail) in details.enumerated() {
            for release in detail.releases where !release.isDraft {
                if let date = release.publishedAt, date <= latest {
                    candidates.append((date, .release(index, release)))
                }
            }
        }
        // Those as new as the `limit`-th newest, ties included: the id orders them below.
        if candidates.count > limit {
            let oldest = candidates.map(\.date).sorted(by: >)[limit - 1]
            candidates.removeAll { $0.date < oldest }
        }
        let entries = candidates.map { candidate in
            (date: candidate.date, entry: entry(candidate.source, date: candidate.date, changes, stars, details))
        }
        // Newest first; the id breaks ties, so the order never depends on the input's.
        return
            entries
            .sorted { ($1.date, $0.entry.id) < ($0.date, $1.entry.id) }
            .prefix(limit)
            .map(\.entry)
    }

    /// `urn:repodigest:KIND:ID`, every character of `id` an IRI may not hold as it is
    /// (a tag's `|`, a List's space) percent-encoded: Atom's ids are IRIs.
    static func urn(_ kind: String, _ id: String) -> String {
        "urn:repodigest:\(kind):" + SafeURL.encoded(id, keeping: ":/@!$&'()*+,;=")
    }

    /// Where a candidate entry comes from.
    private enum Source {
        case change(Int)
        case star(Int)
        case release(Int, Release)
    }

    private func entry(
        _ source: Source, date: Date, _ changes: [FeedEntry], _ stars: [Star], _ details: [RepositoryDetail]
    ) -> FeedEntry {
        switch source {
        case .change(let index):
            return changes[index]
        case .star(let index):
            let card = cards.card(for: stars[index].repo)
            return FeedEntry(
                id: Self.urn("star", "\(stars[index].repo.id.rawValue):\(Int(date.timeIntervalSince1970))"),
                kind: .starred,
                title: cards.format.text("feed.starred", ["repository": card.fullName]),
                repository: card.fullName, route: card.route, url: card.gitHubURL,
                dateISO: DisplayFormat.iso(date), dateText: cards.format.day(date),
                summary: card.description, content: nil)
        case .release(let index, let release):
            let detail = details[index]
            let card = cards.card(for: detail.repo)
            let item = RepoPageTranslator.releaseItem(release, of: detail.repo, format: cards.format)
            let name =
                item.title == item.tag
                ? item.tag : item.tag + cards.format.text("punctuation.after_name", [:]) + item.title
            return FeedEntry(
                id: Self.urn("release", "\(detail.repo.id.rawValue):\(release.tagName)"), kind: .release,
                title: "\(card.fullName) \(name)",
                repository: card.fullName, route: card.route, url: item.url,
                dateISO: DisplayFormat.iso(date), dateText: cards.format.day(date),
                summary: card.description, content: item.notes, releaseName: item.title,
                releaseTag: item.title == item.tag ? nil : item.tag, isPrerelease: item.isPrerelease)
        }
    }
}
