import Entities
import Foundation
import PageModels
import ParallelWork
import Synchronization

/// Entities → `RepoCard`: one repository as it appears in any list.
struct RepoCardTranslator: Sendable {
    /// Repositories to mark as favourites wherever they appear.
    var favourites: Set<GitHubRepo.ID>
    /// The reader's own notes on favourites (`favourites add --note`), shown on their cards.
    var notes: [GitHubRepo.ID: String]
    /// How owners' pictures are shown, and the files of those the site publishes itself.
    var avatars: AvatarChoice
    /// The Star Lists that hold each repository.
    var lists: [GitHubRepo.ID: [PageLink]] = [:]
    /// The site's language.
    var format: DisplayFormat
    /// GitHub's website, where an owner with no address of its own is linked.
    var web: GitHubWeb
    /// Each repository's card, made once per build: one repository shows on up to half a
    /// dozen lists, and its cards then share their text instead of formatting it again.
    /// (`DigestData` gives one repository the same data everywhere, so its id suffices.)
    private let made = Memo()
    /// Cards made ahead (`knowing(_:)`), read without the memo's lock.
    private var known: [GitHubRepo.ID: RepoCard] = [:]

    init(
        favourites: Set<GitHubRepo.ID>, notes: [GitHubRepo.ID: String] = [:], avatars: AvatarChoice = AvatarChoice(),
        lists: [StarList] = [], format: DisplayFormat = DisplayFormat(Phrasebook()), web: GitHubWeb = .gitHubCom
    ) {
        self.format = format
        self.web = web
        self.avatars = avatars
        self.favourites = favourites
        self.notes = notes.filter { !$0.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        for list in lists {
            let link = PageLink(title: list.name, route: Route(.starList(account: list.account, slug: list.slug)))
            for repo in list.repositories where self.lists[repo.id]?.contains(link) != true {
                self.lists[repo.id, default: []].append(link)
            }
        }
    }

    /// This translator with the cards of `repos` made ahead, on every core: a site's pages
    /// ask for each card many times over from every core, and asking one memo under one lock
    /// kept the cores waiting on each other.
    func knowing(_ repos: [GitHubRepo]) -> RepoCardTranslator {
        var translator = self
        let cards = repos.concurrentMap { makeCard(for: $0) }
        translator.known = Dictionary(zip(repos.map(\.id), cards), uniquingKeysWith: { first, _ in first })
        return translator
    }

    func card(for repo: GitHubRepo, starredAt: Date? = nil) -> RepoCard {
        var card =
            known[repo.id] ?? made.cards.withLock { $0[repo.id] }
            ?? {
                let card = makeCard(for: repo)
                made.cards.withLock { $0[repo.id] = card }
                return card
            }()
        // Only a starred card changes its copy (`RepoCard` copies its fields on a change).
        if let starredAt { card.starredText = format.text("card.starred", "date", format.day(starredAt)) }
        return card
    }

    private func makeCard(for repo: GitHubRepo) -> RepoCard {
        var badges: [Badge] = []
        if favourites.contains(repo.id) { badges.append(.favourite) }
        if repo.isArchived { badges.append(.archived) }
        if repo.isFork { badges.append(.fork) }
        var card = RepoCard(
            route: Self.route(for: repo),
            fullName: repo.name.description,
            description: repo.description.flatMap { $0.isEmpty ? nil : Emoji.replacingShortcodes(in: $0) },
            language: repo.language.map {
                PageLink(title: $0, route: Route(.language(name: $0)), color: LanguageColors.hex(for: $0))
            },
            topics: repo.topics.map { PageLink(title: $0, route: Route(.topic(name: $0))) },
            stars: repo.stars,
            starsText: format.compact(repo.stars),
            forksText: format.compact(repo.forks),
            pushedText: repo.pushedAt.map { format.text("card.pushed", "date", format.day($0)) },
            starredText: nil,
            badges: badges,
            gitHubURL: Self.gitHubURL(of: repo),
            note: notes[repo.id],
            avatar: avatars.image(for: repo.owner)
        )
        card.ownerIsOrganisation = repo.owner.kind == .organization
        card.starLists = lists[repo.id] ?? []
        card.starListsLabel = format.text("card.in_lists")
        return card
    }

    static func route(for repo: GitHubRepo) -> Route {
        Route(.repository(owner: repo.name.owner, name: repo.name.name))
    }

    /// The repository on GitHub: its `html_url`, which names the right host. Only where that
    /// is unusable (which GitHub's answers never are, and where the data layer has put
    /// github.com's already for one missing) is it built on github.com.
    static func gitHubURL(of repo: GitHubRepo) -> String {
        SafeURL.http(repo.htmlURL) ?? GitHubWeb.gitHubCom.page(repo.name.owner, repo.name.name)
    }
}

extension RepoCardTranslator {
    /// The cards made so far; a class, so that copies of the translator share it.
    private final class Memo: Sendable {
        let cards = Mutex<[GitHubRepo.ID: RepoCard]>([:])
    }
}
