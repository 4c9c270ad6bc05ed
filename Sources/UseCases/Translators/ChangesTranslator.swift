import Entities
import Foundation
import PageModels

/// `ComputeChanges`' outcome → the digest's "since the last run" section and feed entries.
struct ChangesTranslator: Sendable {
    /// Routes of the repositories that have a page in this build.
    var pages: Set<Route>
    /// The site's language.
    var format = DisplayFormat(Phrasebook())
    /// The Star Lists of this build by the name the news gives them (a name two Lists share is
    /// left out): repositories added together to one of them link it.
    var lists: [String: ListLink] = [:]
    /// Where a repository in the news is linked on GitHub.
    var web = GitHubWeb.gitHubCom

    /// A Star List's page on this site, and on GitHub (empty where its login is not known).
    struct ListLink: Sendable {
        var route: Route
        var url: String
    }

    /// `changes`, those of a List whose name is one of `shared` marked `toldApart`: a change
    /// names its List by name alone, so such a List's cannot be told from another's.
    static func markingApart(_ changes: [DigestChange], shared: Set<String>) -> [DigestChange] {
        guard !shared.isEmpty else { return changes }
        return changes.map { change in
            var change = change
            if let list = list(of: change), shared.contains(list) { change.toldApart = true }
            return change
        }
    }

    /// The names two or more Lists share of those `snapshots` record their repositories in
    /// (a List deleted since is in the run before's only).
    static func sharedNames(in snapshots: [RunSnapshot]) -> Set<String> {
        var lists: [String: Set<String>] = [:]
        for repo in snapshots.lazy.flatMap(\.repositories) where !repo.listMemberships.isEmpty {
            for membership in repo.listMemberships.compactMap(ListMembership.init(recorded:)) {
                lists[membership.name, default: []].insert(membership.account + "\u{1F}" + membership.list)
            }
        }
        return Set(lists.filter { $0.value.count > 1 }.keys)
    }

    /// From how many repositories added to one Star List in one run (or taken out of one) the
    /// news tells them as one change: a List filled or deleted at once is one line of the
    /// digest and one feed entry, naming its repositories, not a line for each.
    static let toldTogetherFrom = 3

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
        let items = Self.told(all).map { told in
            (item: item(told), size: told.map(Self.size(of:)).max() ?? 0)
        }.sorted {
            // Changes told together sort by their List's name (`repository`).
            (Self.order.firstIndex(of: $0.item.kind)!, $1.size, $0.item.repository.lowercased(), $0.item.id)
                < (Self.order.firstIndex(of: $1.item.kind)!, $0.size, $1.item.repository.lowercased(), $1.item.id)
        }.map(\.item)
        // Every repository's change counts, told together or not.
        let summary =
            items.isEmpty
            ? format.text("changes.none", ["since": since])
            : format.text("changes.some", ["changes": format.count(all.count, "changes"), "since": since])
        return ChangesSection(summary: summary, items: items)
    }

    /// The changes as the news tells them, in their order: each alone, but those of one run
    /// that add `toldTogetherFrom` or more repositories to one Star List (or take them out of
    /// one), which are told together where the first of them is; never those `toldApart`.
    static func told(_ changes: [DigestChange]) -> [[DigestChange]] {
        func togetherID(of change: DigestChange) -> String? {
            change.toldApart ? nil : Self.togetherID(of: change)
        }
        var counts: [String: Int] = [:]
        for change in changes {
            if let id = togetherID(of: change) { counts[id, default: 0] += 1 }
        }
        var told: [[DigestChange]] = []
        var at: [String: Int] = [:]
        for change in changes {
            guard let id = togetherID(of: change), counts[id, default: 0] >= toldTogetherFrom else {
                told.append([change])
                continue
            }
            if let index = at[id] {
                told[index].append(change)
            } else {
                at[id] = told.count
                told.append([change])
            }
        }
        return told
    }

    /// The id of the changes told together with `change`, if it is of a kind that can be: one
    /// Star List's, added or taken out, in one run. Never the id of a single change (whose
    /// kinds end in the repository's id and the List's name).
    static func togetherID(of change: DigestChange) -> String? {
        let run = "\(Int(change.noticedAt.timeIntervalSince1970))"
        switch change.kind {
        case .addedToList(let list): return "list-added-together:\(run):\(list)"
        case .removedFromList(let list): return "list-removed-together:\(run):\(list)"
        default: return nil
        }
    }

    /// The name of the Star List `change` adds to or takes out of.
    private static func list(of change: DigestChange) -> String? {
        switch change.kind {
        case .addedToList(let list), .removedFromList(let list): list
        default: nil
        }
    }

    /// The id of what `told` gives: a change's own, or that of the changes told together.
    static func id(of told: [DigestChange]) -> String {
        told.count > 1 ? togetherID(of: told[0]) ?? told[0].id : told[0].id
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
        return Self.told(all.filter(Self.isToldInFeeds)).map { changes in
            let (item, date) = (item(changes), changes[0].noticedAt)
            // Changes told together: the entry's summary names their repositories.
            let members = item.members.map(\.name).joined(separator: format.text("punctuation.list"))
            return FeedEntry(
                id: FeedTranslator.urn("change", item.id), kind: .change, title: item.text,
                repository: item.repository, route: item.route, url: item.url,
                dateISO: DisplayFormat.iso(date), dateText: format.day(date), summary: members.isEmpty ? nil : members,
                content: nil)
        }
    }

    /// What a run keeps of its news for later runs' feeds (`RunSnapshot.news`): the changes
    /// `feedEntries` tells, for as many entries as a feed holds (changes told together are one,
    /// kept whole), in the order the feed breaks ties in: by the entries' ids.
    static func keptForFeeds(
        _ changes: [DigestChange], limit: Int = FeedTranslator.defaultLimit
    ) -> [DigestChange] {
        let entries = told(changes.filter(isToldInFeeds).sorted { $0.id < $1.id })
        return Array(entries.sorted { id(of: $0) < id(of: $1) }.prefix(limit).joined())
    }

    /// Whether the feeds tell `change` as a change of its own: new stars and releases have
    /// entries of their own, dated by GitHub.
    static func isToldInFeeds(_ change: DigestChange) -> Bool {
        switch change.kind {
        case .newlyStarred, .newRelease: false
        default: true
        }
    }

    /// One change's item, or that of changes told together.
    private func item(_ changes: [DigestChange]) -> ChangeItem {
        changes.count > 1 ? item(together: changes) : item(changes[0])
    }

    /// Repositories added to one Star List, or taken out of it: "12 repositories were added to
    /// the List Databases", then each repository, the largest first. The List's name links its
    /// page where repositories were added to it (so it is this build's List of that name);
    /// else the text is not a link (its `url`, the first repository's, is for themes that
    /// link every change's text, and for the feeds).
    private func item(together changes: [DigestChange]) -> ChangeItem {
        let kind: (ChangeItem.Kind, key: String)
        switch changes[0].kind {
        case .addedToList: kind = (.addedToList, "added_to_list")
        case .removedFromList: kind = (.removedFromList, "removed_from_list")
        default: return item(changes[0])
        }
        let members = changes.map { (change: $0, size: Self.size(of: $0), name: $0.repo.name.description) }.sorted {
            ($1.size, $0.name.lowercased()) < ($0.size, $1.name.lowercased())
        }.map { told in
            let route = Route(.repository(owner: told.change.repo.name.owner, name: told.change.repo.name.name))
            return ChangeItem.Member(
                name: told.name, route: pages.contains(route) ? route : nil,
                url: web.page(told.change.repo.name.owner, told.change.repo.name.name))
        }
        let list = Self.list(of: changes[0]) ?? ""
        // Taken out of a List of this name: perhaps one deleted, another account's kept.
        let link = kind.0 == .addedToList ? lists[list] : nil
        var item = ChangeItem(
            id: Self.id(of: changes), kind: kind.0, label: format.text("changes.label." + kind.key), text: "",
            repository: list, route: link?.route,
            url: link.map(\.url).flatMap { $0.isEmpty ? nil : $0 } ?? members[0].url)
        item.phrase(
            "changes.text.\(kind.key)_together", ["repositories": format.count(changes.count, "repositories")],
            format: format)
        if link == nil { item.around = nil }
        item.members = members
        return item
    }

    private func item(_ change: DigestChange) -> ChangeItem {
        let name = change.repo.name.description
        let gitHub = web.page(change.repo.name.owner, change.repo.name.name)
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
