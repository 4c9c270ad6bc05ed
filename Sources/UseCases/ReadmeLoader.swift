import Entities
import PageModels

/// Reads the READMEs a deferred site left out, for the pages asked for, from the source the
/// build gathered from; each becomes `MarkdownText` as `RepoPageTranslator` would make it.
struct ReadmeLoader: DeferredReadmes {
    private let source: any RepositorySource
    private let repositories: [Route: GitHubRepo]

    init(source: any RepositorySource, repositories: [GitHubRepo]) {
        self.source = source
        self.repositories = Dictionary(
            repositories.map { (RepoCardTranslator.route(for: $0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    func readmes(for pages: [RepoPage]) async throws -> [MarkdownText?] {
        let source = self.source
        let repos = pages.map { repositories[$0.card.route] }
        return try await withThrowingTaskGroup(of: (Int, MarkdownText?).self) { group in
            for (index, repo) in repos.enumerated() {
                guard let repo else { continue }
                group.addTask {
                    do {
                        return (index, try await source.readme(of: repo).map { RepoPageTranslator.markdown(of: $0, in: repo) })
                    } catch {
                        throw UseCaseFailure(step: "loading the README of \(repo.name)", underlying: error)
                    }
                }
            }
            var texts = [MarkdownText?](repeating: nil, count: pages.count)
            for try await (index, text) in group { texts[index] = text }
            return texts
        }
    }
}
