import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

@Suite("Kept releases are read all at once, as one repository at a time would read them")
struct KeptReleasesTests {
    @Test("those kept and not due, with nothing more to page through, and no request sent")
    func asOneAtATime() async throws {
        let github = FixtureWorld.make()
        github.update("kit-harbor/knot") {
            $0.releases = [
                .init(id: 2002, tag: "1.0.0-draft", isDraft: true), .init(id: 2001, tag: "0.9.0", body: "Fixes #7."),
            ]
        }
        // A first page of drafts only: the next page is read one repository at a time, as ever.
        github.update("lumen-labs/lantern") {
            $0.releases =
                (0..<100).map { .init(id: 3000 + Int64($0), tag: "draft-\($0)", isDraft: true) }
                + [.init(id: 4000, tag: "1.0.0")]
        }
        let harness = try LiveHarness(github: github)
        let store = harness.store()
        let names = ["kit-harbor/knot", "lumen-labs/lantern", "lumen-labs/prism", "mona/diary"]
        var repos: [GitHubRepo] = []
        for name in names { repos.append(try await store.repository(RepoName(parsing: name))) }
        for repo in repos.dropLast() { _ = try await store.releases(of: repo, limit: 3) }
        harness.github.clearLog()

        let kept = await store.keptReleases(of: repos, due: [], limit: 3)
        #expect(harness.github.log.isEmpty, "nothing asked")
        #expect(kept[repos[0].id]?.map(\.tagName) == ["0.9.0"], "drafts left out")
        #expect(kept[repos[1].id] == nil, "a next page to read")
        #expect(kept[repos[2].id] == [], "kept, with none")
        #expect(kept[repos[3].id] == nil, "never kept")
        for repo in repos where kept[repo.id] != nil {
            #expect(try await kept[repo.id] == store.releases(of: repo, limit: 3, from: .kept))
        }
        #expect(await store.keptReleases(of: repos, due: [repos[0].id], limit: 3)[repos[0].id] == nil, "due: asked")
        let offline = harness.store { $0.offline = true }
        let all = await offline.keptReleases(of: repos, due: Set(repos.map(\.id)), limit: 3)
        #expect(all[repos[0].id]?.map(\.tagName) == ["0.9.0"], "offline, due or not")
    }
}
