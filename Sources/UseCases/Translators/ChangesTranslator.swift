import Entities
import Foundation
import PageModels

/// `ComputeChanges`' outcome → the digest's "since the last run" section and feed entries.
struct ChangesTranslator: Sendable {
    /// Routes of the repositories that have a page in this build.
    var pages: Set<Route>
    /// The site's language.
    var format = DisplayFormat(Phrasebook())

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
        let since = changes.since.map(format.minute) ?? ""
        guard case .changes(let all) = changes.outcome else {
            return ChangesSection(summary: format.text("changes.first_run"), items: [])
        }
        let items = all.map { (item: item($0), size: Self.size(of: $0)) }.sorted {
            (Self.order.firstIndex(of: $0.item.kind)!, $1.size, $0.item.repository.lowercased(), $0.item.id)
                < (Self.order.firstIndex(of: $1.item.kind)!, $0.size, $1.item.repository.lowercased(), $1.item.id)
        }.map(\.item)
        let summary =
            items.isEmpty
            ? format.text("changes.none", ["since": since])
            : format.text("changes.some", ["changes": format.count(items.count, "changes"), "since": since])
        return ChangesSection(summary: summary, items: items)
    }

    /// Feed entries for the changes the feed does not already carry (stars and releases have
    /// entries of their own, dated by GitHub), dated at the run that noticed them: this one,
    /// or for news shown again by a run that had none, the run that found it.
    /// Earlier runs' news that they kept (`Changes.earlier`) follows, each change once.
    func feedEntries(_ changes: Changes) -> [FeedEntry] {
        let found: [DigestChange]
        if case .changes(let all) = changes.outcome { found = all } else { found = [] }
        var seen = Set(found.map(\.id))
        let all = found + changes.earlier.filter { seen.insert($0.id).inserted }
        return all.filter(Self.isToldInFeeds).map { change in
            let (item, date) = (item(change), change.noticedAt)
            return FeedEntry(
                id: FeedTranslator.urn("change", item.id), kind: .change, title: item.text,
                repository: item.repository, route: item.route, url: item.url,
                dateISO: DisplayFormat.iso(date), dateText: format.day(date), summary: nil, content: nil)
        }
    }

    /// What a run keeps of its news for later runs' feeds (`RunSnapshot.news`): the changes
    /// `feedEntries` tells, as many as a feed holds, in the order the feed breaks ties in.
    static func keptForFeeds(_ changes: [DigestChange], limit: Int = FeedTranslator.defaultLimit) -> [DigestChange] {
        Array(changes.filter(isToldInFeeds).sorted { $0.id < $1.id }.prefix(limit))
    }

    /// Whether the feeds tell `change` as a change of its own: new stars and releases have
    /// entries of their own, dated by GitHub.
    static func isToldInFeeds(_ change: DigestChange) -> Bool {
        switch change.kind {
        case .newlyStarred, .newRelease: false
        default: true
        }
    }

    private func item(_ change: DigestChange) -> ChangeItem {
        let name = change.repo.name.description
        let gitHub = SafeURL.gitHub(change.repo.name.owner, change.repo.name.name)
        let route = Route(.repository(owner: change.repo.name.owner, name: change.repo.name.name))
        /// The change's label and text, `changes.label.KEY` and `changes.text.KEY`.
        func item(_ kind: ChangeItem.Kind, _ key: String, _ values: [String: String] = [:], url: String = gitHub)
            -> ChangeItem
        {
            var item = ChangeItem(
                id: change.id, kind: kind, label: format.text("changes.label." + key), text: "", repository: name,
                route: pages.contains(route) ? route : nil, url: url)
            item.phrase("changes.text." + key, values, format: format)
            return item
        }
        switch change.kind {
        case .newlyStarred: return item(.starred, "starred")
        case .unstarred: return item(.unstarred, "unstarred")
        case .newFavourite: return item(.favourite, "favourite")
        case .newRelease(let tag, let previous):
            let tagPath = SafeURL.encoded(tag)
            let item = item(.release, "release", ["tag": tag], url: "\(gitHub)/releases/tag/\(tagPath)")
            guard let previous else { return item }
            var after = item
            after.phrase("changes.text.release_after", ["tag": tag, "previous": previous], format: format)
            return after
        case .starGain(let from, let to):
            var values = [
                "from": format.grouped(from), "to": format.grouped(to),
                "gain": format.grouped(to.saturatingMinus(from)),
            ]
            guard from > 0 else { return item(.stars, "stars", values) }
            // In Doubles and saturating: both counts come from the data, and may be extremes.
            values["percent"] = format.decimal((Double(to) - Double(from)) * 100 / Double(from))
            var item = item(.stars, "stars", values)
            item.phrase("changes.text.stars_percent", values, format: format)
            return item
        case .archived: return item(.archived, "archived")
        case .renamed(let from): return item(.renamed, "renamed", ["old": from.description])
        case .gone: return item(.gone, "gone")
        case .addedToList(let list): return item(.addedToList, "added_to_list", ["list": list])
        case .removedFromList(let list): return item(.removedFromList, "removed_from_list", ["list": list])
        }
    }
}

extension ChangeItem {
    /// Sets `text` to the catalogue's text `key`, `{name}` the repository's, and `around` to
    /// what comes before and after the name: the text is filled with a mark for the name, which
    /// no value holds (no GitHub name or tag holds a control character), then split at it.
    fileprivate mutating func phrase(_ key: String, _ values: [String: String], format: DisplayFormat) {
        let mark = "\u{1}name\u{1}"
        let parts = format.text(key, values.merging(["name": mark]) { $1 }).components(separatedBy: mark)
        text = parts.joined(separator: repository)
        around = parts.count == 2 ? Around(before: parts[0], after: parts[1]) : nil
    }
}
