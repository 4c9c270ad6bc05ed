import Entities
import Foundation
import PageModels
import ParallelWork

/// All gathered entities → the `Site`: every page model one build publishes.
struct SiteTranslator: Sendable {
    let now: Date
    let request: BuildDigest.Request
    /// The site's language, from the request's catalogue.
    let format: DisplayFormat

    init(now: Date, request: BuildDigest.Request) {
        self.now = now
        self.request = request
        format = DisplayFormat(request.phrasebook)
    }

    func translate(_ gathered: DigestData, changes: Changes? = nil) -> Site {
        let data = listsToldApart(gathered)
        let all = data.allRepositories
        let cards = RepoCardTranslator(
            favourites: Set(data.favourites.map(\.repo.id)),
            notes: Dictionary(
                data.favourites.compactMap { entry in entry.favourite.note.map { (entry.repo.id, $0) } },
                uniquingKeysWith: { first, _ in first }),
            avatars: AvatarChoice(mode: request.avatars, avatars: data.avatars), lists: data.starLists,
            format: format, web: request.gitHubWeb
        ).knowing(all)
        let starredAt = Dictionary(
            data.stars.compactMap { star in star.starredAt.map { (star.repo.id, $0) } },
            uniquingKeysWith: { first, _ in first })

        let allCards = all.map { cards.card(for: $0) }

        let starred = data.stars.concurrentMap { cards.card(for: $0.repo, starredAt: $0.starredAt) }
        let favourites = data.favourites.map { Self.unmarked(cards.card(for: $0.repo)) }
        let changesTranslator = ChangesTranslator(
            pages: Set(data.details.map { RepoCardTranslator.route(for: $0.repo) }), format: format,
            // By the names the news gives them: as GitHub names them, before `listsToldApart`.
            lists: Dictionary(grouping: gathered.starLists, by: \.name).compactMapValues { lists in
                guard lists.count == 1, let list = lists.first else { return nil }
                return ChangesTranslator.ListLink(
                    route: Self.entry(for: list, format: format).route,
                    url: Self.gitHubStarListURL(list, account: data.shown(list.account), on: request.gitHubWeb) ?? "")
            }, web: request.gitHubWeb)
        let feed = FeedTranslator(cards: cards, now: now).entries(
            stars: data.stars, details: data.details,
            changes: changes.map(changesTranslator.feedEntries) ?? [])

        let pages = RepoPageTranslator(
            cards: cards, ownersWithPages: Set(data.owners.map { $0.owner.login.lowercased() }),
            images: data.readmeImages)
        // What shows every repository at once (the list pages, the front page, the followed
        // repositories: grouping and sorting, one core's work) is made on one core while the
        // repository pages take the others.
        let details = data.details
        let (repositories, whole) = Parallel.map(
            details.count,
            beside: {
                let terms = DigestPageTranslator.Terms(of: allCards)
                return (
                    listPages: listPages(data, cards: cards, starred: starred),
                    digest: digestPage(
                        data, cards: cards, starred: starred, favourites: favourites, all: allCards, terms: terms,
                        feed: feed, changes: changes.map(changesTranslator.section)),
                    followed: Self.followed(starred + favourites),
                    terms: terms
                )
            }
        ) {
            pages.page(for: details[$0], starredAt: starredAt[details[$0].repo.id])
        }
        var site = Site(
            title: request.title,
            generatedText: format.minute(now),
            generatedISO: DisplayFormat.iso(now),
            navigation: navigation(data),
            digest: whole.digest,
            listPages: whole.listPages,
            repositories: repositories,
            feed: feed,
            notices: NoticeTranslator(now: now, format: format).notices(for: data.stale))
        site.phrasebook = request.phrasebook
        if site.digest.allTopics != nil { site.topics = whole.terms.topics }
        site.languages = whole.terms.languages
        site.avatars = Dictionary(
            uniqueKeysWithValues: data.avatars.map {
                (AvatarChoice.fileName(login: $0.key, $0.value), [UInt8]($0.value.data))
            })
        site.readmeImages = data.readmeImages.files
        site.followed = whole.followed
        site.starLists = data.starLists.map { Self.entry(for: $0, format: format) }
        if request.markdown == .list {
            let listed = data.stars.isEmpty ? all : data.stars.map(\.repo)
            site.markdownList = Self.byLanguage(listed, other: format.text("list.other")).map { language, repos in
                CardGroup(title: language, cards: repos.map { cards.card(for: $0) })
            }
        }
        return site
    }

    /// Each card's repository once, by name without regard to case (the last card of a name
    /// wins), sorted so: `Site.followed`.
    static func followed(_ cards: [RepoCard]) -> [FollowedRepository] {
        var byName: [String: FollowedRepository] = [:]
        for card in cards {
            byName[card.fullName.lowercased()] = FollowedRepository(fullName: card.fullName, gitHubURL: card.gitHubURL)
        }
        return byName.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Each repository once, under its language (languages by name, "Other" last), most
    /// stars first: the arrangement of starred-list READMEs.
    static func byLanguage(_ repos: [GitHubRepo], other title: String) -> [(String, [GitHubRepo])] {
        var seen = Set<GitHubRepo.ID>()
        let unique = mostStarredFirst(repos.filter { seen.insert($0.id).inserted })
        let languages = unique.filter { $0.language != nil }
        let named = grouped(languages, by: { [$0.language!] })
            .map { language, members in (language, members.map { languages[$0] }) }
            .sorted { ($0.0.lowercased(), $0.0) < ($1.0.lowercased(), $1.0) }
        let other = unique.filter { $0.language == nil }
        return named + (other.isEmpty ? [] : [(title, other)])
    }

    /// The front page: its sections, the most recently pushed repositories first among them.
    private func digestPage(
        _ data: DigestData, cards: RepoCardTranslator, starred: [RepoCard], favourites: [RepoCard],
        all allCards: [RepoCard], terms: DigestPageTranslator.Terms, feed: [FeedEntry], changes: ChangesSection?
    ) -> DigestPage {
        let all = data.allRepositories
        // Sorted as positions, not as repositories (10,000 moved about while sorting).
        let recentlyPushed = all.indices.filter { all[$0].pushedAt != nil }
            .sorted { (all[$0].pushedAt!, all[$1].name) > (all[$1].pushedAt!, all[$0].name) }
            .map { cards.card(for: all[$0]) }
        return DigestPageTranslator(format: format).page(
            title: request.title, starred: starred, favourites: favourites, all: allCards,
            recentlyPushed: recentlyPushed, sourcesSummary: sourcesSummary(data),
            releases: feed.filter { $0.kind == .release }, changes: changes, terms: terms)
    }

    private func navigation(_ data: DigestData) -> [PageLink] {
        var links = [PageLink(title: format.text("nav.digest"), route: .digest)]
        if !request.starredBy.isEmpty {
            links.append(PageLink(title: format.text("nav.starred"), route: Route(.starred)))
        }
        if !data.favourites.isEmpty {
            links.append(PageLink(title: format.text("nav.favourites"), route: Route(.favourites)))
        }
        links += data.owners.map { PageLink(title: $0.owner.login, route: Route(.owner(login: $0.owner.login))) }
        links += data.searches.map { PageLink(title: $0.search.name, route: Route(.search(name: $0.search.name))) }
        links += data.starLists.map {
            PageLink(title: $0.name, route: Route(.starList(account: $0.account, slug: $0.slug)))
        }
        return links
    }

    private func sourcesSummary(_ data: DigestData) -> String {
        let comma = format.text("punctuation.list")
        let parts = [
            data.stars.isEmpty
                ? nil
                : format.text(
                    "digest.starred_by", ["logins": request.starredBy.map(data.shown).joined(separator: comma)]),
            data.favourites.isEmpty ? nil : format.count(data.favourites.count, "favourites"),
            data.owners.isEmpty ? nil : format.count(data.owners.count, "owners"),
            data.searches.isEmpty ? nil : format.count(data.searches.count, "saved_searches"),
            data.starLists.isEmpty ? nil : format.count(data.starLists.count, "star_lists"),
        ]
        let named = parts.compactMap { $0 }
        // With no source at all, the count says it: no dangling "from".
        return named.isEmpty ? "" : format.text("digest.sources", ["sources": named.joined(separator: comma)])
    }

    /// Sorted as positions, not as repositories: 10,000 of them moved about while sorting
    /// were a tenth of translating the list pages.
    static func mostStarredFirst(_ repos: [GitHubRepo]) -> [GitHubRepo] {
        repos.indices.sorted { (repos[$1].stars, repos[$0].name) < (repos[$0].stars, repos[$1].name) }
            .map { repos[$0] }
    }

    /// The positions in `repos` grouped under each key their repository carries, groups in
    /// key order, members in the given order. Positions, not repositories: 10,000 of them
    /// copied into a group for each topic were a tenth of translating the list pages.
    static func grouped(_ repos: [GitHubRepo], by keys: (GitHubRepo) -> [String]) -> [(String, [Int])] {
        var groups: [String: [Int]] = [:]
        for (index, repo) in repos.enumerated() {
            let named = keys(repo)
            // Most carry one key (a language): no set needed to count it once.
            for key in named.count == 1 ? named : Array(Set(named)) { groups[key, default: []].append(index) }
        }
        return groups.sorted { $0.key < $1.key }
    }
}
