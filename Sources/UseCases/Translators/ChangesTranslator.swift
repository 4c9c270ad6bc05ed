import Entities
import Foundation
import PageModels

/// `ComputeChanges`' outcome → the digest's "since the last run" section and feed entries.
struct ChangesTranslator: Sendable {
    /// Routes of the repositories that have a page in this build.
    var pages: Set<Route>

    /// News first: releases and new stars, then gains, then what went away.
    private static let order: [ChangeItem.Kind] = [
        .release, .starred, .favourite, .addedToList, .stars, .archived, .renamed, .removedFromList, .gone, .unstarred,
    ]

    /// How big a change is, for the order within its kind (largest first): a star gain by the
    /// stars gained, anything else by the repository's stars, so the projects most people
    /// know lead and a list of fifty releases does not read alphabetically.
    static func size(of change: DigestChange) -> Int {
        if case .starGain(let from, let to) = change.kind { return to.saturatingMinus(from) }
        return DisplayFormat.shown(change.repo.stars)
    }

    func section(_ changes: Changes) -> ChangesSection {
        let since = changes.since.map(DisplayFormat.minute) ?? ""
        guard case .changes(let all) = changes.outcome else {
            return ChangesSection(
                summary:
                    "Nothing to compare with yet: this is the first run. From the next one on, this shows what changed.",
                items: [])
        }
        let items = all.map { (item: item($0), size: Self.size(of: $0)) }.sorted {
            (Self.order.firstIndex(of: $0.item.kind)!, $1.size, $0.item.repository.lowercased(), $0.item.id)
                < (Self.order.firstIndex(of: $1.item.kind)!, $0.size, $1.item.repository.lowercased(), $1.item.id)
        }.map(\.item)
        let summary =
            items.isEmpty
            ? "No changes since \(since)."
            : DisplayFormat.count(items.count, "change", "changes") + " since \(since)."
        return ChangesSection(summary: summary, items: items)
    }

    /// Feed entries for the changes the feed does not already carry (stars and releases have
    /// entries of their own, dated by GitHub), dated at this run.
    func feedEntries(_ changes: Changes, at date: Date) -> [FeedEntry] {
        guard case .changes(let all) = changes.outcome else { return [] }
        return all.map(item).filter { ![.starred, .release].contains($0.kind) }.map { item in
            FeedEntry(
                id: "urn:repodigest:change:" + item.id, kind: .change, title: item.text, repository: item.repository,
                route: item.route, url: item.url,
                dateISO: DisplayFormat.iso(date), dateText: DisplayFormat.day(date), summary: nil, content: nil)
        }
    }

    private func item(_ change: DigestChange) -> ChangeItem {
        let name = change.repo.name.description
        let gitHub = SafeURL.gitHub(change.repo.name.owner, change.repo.name.name)
        let route = Route(.repository(owner: change.repo.name.owner, name: change.repo.name.name))
        func item(_ kind: ChangeItem.Kind, _ label: String, _ text: String, url: String = gitHub) -> ChangeItem {
            ChangeItem(
                id: change.id, kind: kind, label: label, text: text, repository: name,
                route: pages.contains(route) ? route : nil, url: url)
        }
        switch change.kind {
        case .newlyStarred: return item(.starred, "Starred", name)
        case .unstarred: return item(.unstarred, "Unstarred", "\(name) is no longer starred")
        case .newFavourite: return item(.favourite, "Favourite", "\(name) is a new favourite")
        case .newRelease(let tag, let previous):
            let tagPath = tag.addingPercentEncoding(withAllowedCharacters: SafeURL.unreserved) ?? ""
            return item(
                .release, "New release", "\(name) \(tag)" + (previous.map { " (was \($0))" } ?? ""),
                url: "\(gitHub)/releases/tag/\(tagPath)")
        case .starGain(let from, let to):
            // In Doubles and saturating: both counts come from the data, and may be extremes.
            let percent = from > 0 ? String(format: ", +%.1f%%", (Double(to) - Double(from)) * 100 / Double(from)) : ""
            return item(
                .stars, "Stars",
                "\(name): \(DisplayFormat.grouped(from)) → \(DisplayFormat.grouped(to)) stars "
                    + "(+\(DisplayFormat.grouped(to.saturatingMinus(from)))\(percent))")
        case .archived: return item(.archived, "Archived", "\(name) was archived")
        case .renamed(let from): return item(.renamed, "Renamed", "\(from) is now \(name)")
        case .gone: return item(.gone, "Gone", "\(name) no longer exists on GitHub")
        case .addedToList(let list):
            return item(.addedToList, "Added to a List", "\(name) was added to the List \(list)")
        case .removedFromList(let list):
            return item(.removedFromList, "Removed from a List", "\(name) was removed from the List \(list)")
        }
    }
}
