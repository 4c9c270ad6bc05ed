import Entities
import Testing

@testable import UseCases

/// The details a run loaded, put back in the order of the repositories it shows.
@Suite struct DetailsInOrderTests {
    let repos = (1...5).map { Make.repo("o/r\($0)", id: Int64($0)) }

    func detail(_ repo: GitHubRepo, tag: String) -> RepositoryDetail {
        RepositoryDetail(
            repo: repo, releases: [Release(id: repo.id.rawValue, tagName: tag, htmlURL: "https://example.org/\(tag)")],
            readme: nil)
    }

    @Test("those due from the refreshed, the others from the kept, in the repositories' order")
    func merged() {
        let due: Set = [repos[1].id, repos[3].id]
        let refreshed = [repos[1], repos[3]].map { detail($0, tag: "new") }
        let kept = [repos[0], repos[2], repos[4]].map { detail($0, tag: "kept") }
        let details = BuildDigest.inOrder(repos, due: due, refreshed: refreshed, kept: kept)
        #expect(details.map(\.repo.id) == repos.map(\.id))
        #expect(details.map { $0.releases[0].tagName } == ["kept", "new", "kept", "new", "kept"])
    }

    @Test("a detail missing or out of place is looked up by id: each repository gets its own")
    func lookedUpWhenNotInOrder() {
        let due: Set = [repos[1].id]
        let refreshed = [detail(repos[1], tag: "new")]
        let kept = [repos[4], repos[0], repos[2]].map { detail($0, tag: "kept") }
        let details = BuildDigest.inOrder(repos, due: due, refreshed: refreshed, kept: kept)
        #expect(details.map(\.repo.id) == [repos[0], repos[1], repos[2], repos[4]].map(\.id))
        #expect(details.map { $0.releases[0].tagName } == ["kept", "new", "kept", "kept"])
    }
}
