import Entities
import Foundation
import PageModels

/// Entities → `RepoCard`: one repository as it appears in any list.
struct RepoCardTranslator: Sendable {
    /// Repositories to mark as favourites wherever they appear.
    var favourites: Set<GitHubRepo.ID>

    func card(for repo: GitHubRepo, starredAt: Date? = nil) -> RepoCard {
        var badges: [Badge] = []
        if favourites.contains(repo.id) { badges.append(.favourite) }
        if repo.isArchived { badges.append(.archived) }
        if repo.isFork { badges.append(.fork) }
        return RepoCard(
            route: Self.route(for: repo),
            fullName: repo.name.description,
            description: repo.description.flatMap { $0.isEmpty ? nil : $0 },
            language: repo.language.map { PageLink(title: $0, route: Route(.language(name: $0))) },
            topics: repo.topics.map { PageLink(title: $0, route: Route(.topic(name: $0))) },
            stars: repo.stars,
            starsText: DisplayFormat.compact(repo.stars),
            forksText: DisplayFormat.compact(repo.forks),
            pushedText: repo.pushedAt.map { "Pushed " + DisplayFormat.day($0) },
            starredText: starredAt.map { "Starred " + DisplayFormat.day($0) },
            badges: badges,
            gitHubURL: Self.gitHubURL(of: repo)
        )
    }

    static func route(for repo: GitHubRepo) -> Route {
        Route(.repository(owner: repo.name.owner, name: repo.name.name))
    }

    static func gitHubURL(of repo: GitHubRepo) -> String {
        SafeURL.http(repo.htmlURL) ?? SafeURL.gitHub(repo.name.owner, repo.name.name)
    }
}
