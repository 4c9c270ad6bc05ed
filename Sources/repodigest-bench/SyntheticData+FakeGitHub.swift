import FakeGitHubServer

extension SyntheticData {
    /// Puts the repositories into a fake GitHub's world; `starredBy` stars each of them at its
    /// `starredAt`, or none when nil (favourites are pinned, not starred).
    func add(to github: FakeGitHub, starredBy login: String?) {
        var owners = Set<String>()
        for repo in repositories {
            if owners.insert(repo.owner).inserted {
                github.add(.init(login: repo.owner, id: 1_000_000 + Int64(owners.count)))
            }
            github.add(fakeRepo(repo))
        }
        if let login { github.star(repositories.map { ($0.fullName, $0.starredAt) }, by: login) }
    }

    func fakeRepo(_ repo: Repository) -> FakeGitHub.Repo {
        FakeGitHub.Repo(
            id: repo.id, owner: repo.owner, name: repo.name, description: repo.description, language: repo.language,
            topics: repo.topics, stars: repo.stars, pushedAt: repo.pushedAt,
            releases: repo.releases.map {
                FakeGitHub.Release(id: $0.id, tag: $0.tag, name: $0.name, body: $0.body, publishedAt: $0.publishedAt)
            },
            readme: repo.readme)
    }
}
