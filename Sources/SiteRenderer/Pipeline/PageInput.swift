import PageModels
import ParallelWork

/// A page model's contribution to its page's inputs fingerprint (`SitePlan+Inputs.swift`), fed
/// field by field into a `StableHasher`. Routes go in as the paths the router gives them: a
/// page's links follow the router's paths, which another route's arrival can move (two
/// names that differ only by case), while the model stays the same.
///
/// Every stored property of a model must be fed here: one left out would let a page that
/// shows it be carried over unchanged. `PageInputTests` lists each model's fields and fails
/// when a model gains one, as a reminder.
protocol PageInput {
    /// Feeds the model into `hasher`, its routes as `feeder`'s router gives them.
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder)
}

extension Array where Element: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(count)
        for element in self { element.feed(&hasher, with: feeder) }
    }
}

extension Optional where Wrapped: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(self != nil)
        self?.feed(&hasher, with: feeder)
    }
}

extension Route: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(feeder.router.path(for: self))
    }
}

extension PageLink: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(title)
        route.feed(&hasher, with: feeder)
        hasher.combine(count)
        hasher.combine(color)
    }
}

extension StarListEntry: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(title)
        route.feed(&hasher, with: feeder)
        hasher.combine(label)
        hasher.combine(isPrivate)
        hasher.combine(description)
        hasher.combine(count)
    }
}

extension MarkdownText: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(source)
        hasher.combine(markup == .markdown ? "markdown" : "html")
        hasher.combine(linkBase)
        hasher.combine(imageBase)
        hasher.combine(rootLinkBase)
        hasher.combine(rootImageBase)
        hasher.combine(localImages.count)
        for (url, name) in localImages.sorted(by: { $0.key < $1.key }) {
            hasher.combine(url)
            hasher.combine(name)
        }
    }
}

extension Phrasebook: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(language)
        hasher.combine(entries.count)
        for (key, text) in entries.sorted(by: { $0.key < $1.key }) {
            hasher.combine(key)
            hasher.combine(text)
        }
    }
}

extension Notice: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(text)
    }
}

extension RepoCard: PageInput {
    /// The fingerprint of its fields, made once for every list that shows it (`InputFeeder`).
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(feeder.fingerprint(of: self))
    }
}

extension RepoCard.Fields: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        route.feed(&hasher, with: feeder)
        hasher.combine(fullName)
        hasher.combine(description)
        language.feed(&hasher, with: feeder)
        topics.feed(&hasher, with: feeder)
        hasher.combine(stars)
        hasher.combine(starsText)
        hasher.combine(forksText)
        hasher.combine(pushedText)
        hasher.combine(starredText)
        hasher.combine(badges.count)
        for badge in badges { hasher.combine(badge.rawValue) }
        hasher.combine(gitHubURL)
        hasher.combine(note)
        avatar.feed(&hasher, with: feeder)
        hasher.combine(ownerIsOrganisation)
        starLists.feed(&hasher, with: feeder)
        hasher.combine(starListsLabel)
    }
}

extension RepoPage: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        card.feed(&hasher, with: feeder)
        owner.feed(&hasher, with: feeder)
        hasher.combine(ownerLogin)
        hasher.combine(ownerGitHubURL)
        hasher.combine(facts.count)
        for fact in facts {
            hasher.combine(fact.label)
            hasher.combine(fact.value)
        }
        hasher.combine(homepageURL)
        releases.feed(&hasher, with: feeder)
        hasher.combine(releasesKnown)
        hasher.combine(readmeKnown)
        // The README's name where there is one, whether or not its text has arrived: the same
        // fingerprint before the README is read (to carry the page over) and after (to render it).
        if let readmeVersion {
            hasher.combine("readme version")
            hasher.combine(readmeVersion)
        } else {
            readme.feed(&hasher, with: feeder)
        }
    }
}

extension ReleaseItem: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(title)
        hasher.combine(tag)
        hasher.combine(dateText)
        hasher.combine(dateISO)
        hasher.combine(isPrerelease)
        hasher.combine(url)
        notes.feed(&hasher, with: feeder)
    }
}

extension ListPage: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        route.feed(&hasher, with: feeder)
        hasher.combine(title)
        hasher.combine(summary)
        hasher.combine(summaryNames.count)
        for name in summaryNames {
            hasher.combine(name.lowerBound)
            hasher.combine(name.upperBound)
        }
        groups.feed(&hasher, with: feeder)
        pagination.feed(&hasher, with: feeder)
        hasher.combine(gitHubURL)
        hasher.combine(isFilterable)
        avatar.feed(&hasher, with: feeder)
        hasher.combine(isOrganisation)
    }
}

extension AvatarImage: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        switch self {
        case .remote(let url): hasher.combine("remote " + url)
        case .file(let name): hasher.combine("file " + name)
        }
    }
}

extension CardGroup: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(title)
        cards.feed(&hasher, with: feeder)
    }
}

extension Pagination: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(page)
        hasher.combine(pageCount)
        previous.feed(&hasher, with: feeder)
        next.feed(&hasher, with: feeder)
    }
}

extension DigestPage: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(title)
        hasher.combine(summary)
        sections.feed(&hasher, with: feeder)
        languages.feed(&hasher, with: feeder)
        topics.feed(&hasher, with: feeder)
        allTopics.feed(&hasher, with: feeder)
        releases.feed(&hasher, with: feeder)
        changes.feed(&hasher, with: feeder)
    }
}

extension DigestSection: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(title)
        cards.feed(&hasher, with: feeder)
        more.feed(&hasher, with: feeder)
    }
}

extension ChangesSection: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(summary)
        items.feed(&hasher, with: feeder)
    }
}

extension ChangeItem: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(id)
        hasher.combine(kind.rawValue)
        hasher.combine(label)
        hasher.combine(text)
        hasher.combine(around?.before)
        hasher.combine(around?.after)
        hasher.combine(repository)
        route.feed(&hasher, with: feeder)
        hasher.combine(url)
        members.feed(&hasher, with: feeder)
    }
}

extension ChangeItem.Member: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(name)
        route.feed(&hasher, with: feeder)
        hasher.combine(url)
    }
}

extension FeedEntry: PageInput {
    func feed(_ hasher: inout StableHasher, with feeder: InputFeeder) {
        hasher.combine(id)
        hasher.combine(kind.rawValue)
        hasher.combine(title)
        hasher.combine(repository)
        route.feed(&hasher, with: feeder)
        hasher.combine(url)
        hasher.combine(dateISO)
        hasher.combine(dateText)
        hasher.combine(summary)
        content.feed(&hasher, with: feeder)
        hasher.combine(releaseName)
        hasher.combine(releaseTag)
        hasher.combine(isPrerelease)
    }
}

/// What feeding a page model needs besides the model: the router, for its routes' paths, and
/// the fingerprint of each card the site holds, made once. A card shows on up to half a dozen
/// lists, and the search indexes feed their lists again: fed field by field each time, the
/// cards were most of the time a run that carries every page spends on telling it can.
struct InputFeeder: Sendable {
    let router: Router
    /// By the card's shared fields (`RepoCard.identity`), which no one changes while shared.
    private let cards: [ObjectIdentifier: (UInt64, UInt64)]

    /// Fingerprints every card of `site`'s repositories, lists and digest page, on every core.
    init(site: Site, router: Router) {
        self.router = router
        var unique: [ObjectIdentifier: RepoCard] = [:]
        func add(_ card: RepoCard) { unique[card.identity] = card }
        site.repositories.forEach { add($0.card) }
        for list in site.listPages { for group in list.groups { group.cards.forEach(add) } }
        for section in site.digest.sections { section.cards.forEach(add) }
        let cards = Array(unique.values)
        let bare = InputFeeder(router: router)
        let fingerprints = Parallel.map(cards.count) { bare.fingerprint(of: cards[$0]) }
        self.cards = Dictionary(uniqueKeysWithValues: zip(cards.map(\.identity), fingerprints))
    }

    /// One that fingerprints each card as it comes.
    init(router: Router) {
        self.router = router
        cards = [:]
    }

    func fingerprint(of card: RepoCard) -> (UInt64, UInt64) {
        if let known = cards[card.identity] { return known }
        var hasher = StableHasher()
        card.fields.feed(&hasher, with: self)
        return hasher.words()
    }
}
