import Entities
import FakeGitHubServer
import Foundation
import Testing
import UseCases

@testable import GitHubData

@Suite("GitHubDataStore endpoints against the fake GitHub")
struct GitHubDataStoreTests {
    @Test("starred lists follow Link over pages of 100, with the star+json media type")
    func starredPaging() async throws {
        let harness = try LiveHarness(github: FixtureWorld.make(starCount: 230))
        let stars = try await harness.store().starred(by: "mona")
        // 230 tools and lantern; the private diary only because the token owner asks.
        #expect(stars.count == 232)
        #expect(stars.first?.repo.name.description == "lumen-labs/lantern")
        #expect(stars.first?.starredAt != nil)
        let requests = harness.github.requests.filter { $0.path == "/users/mona/starred" }
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.query["per_page"] == "100" })
        #expect(requests.allSatisfy { $0.header("accept") == "application/vnd.github.star+json" })
    }

    @Test("@me uses /user/starred with a token, and needs one")
    func starredByMe() async throws {
        let harness = try LiveHarness()
        let stars = try await harness.store().starred(by: "@me")
        #expect(stars.contains { $0.repo.name.description == "mona/diary" })
        #expect(harness.github.requests.map(\.path) == ["/user/starred"])
        await #expect(throws: GitHubDataError.self) { try await harness.store(token: nil).starred(by: "@me") }
    }

    @Test("users and organisations: /users or /orgs by what the account is")
    func owners() async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        let org = try await store.owner("lumen-labs")
        #expect(org.kind == .organization && org.displayName == "Lumen Labs" && org.bio == "Light tools")
        #expect(try await store.repositories(of: org).map(\.name.name).sorted() == ["lantern", "prism"])
        let user = try await store.owner("kit-harbor")
        #expect(user.kind == .user)
        _ = try await store.repositories(of: user)
        #expect(
            harness.github.requests.map(\.path) == [
                "/users/lumen-labs", "/orgs/lumen-labs/repos", "/users/kit-harbor", "/users/kit-harbor/repos",
            ])
    }

    @Test("@me lists the token owner's own repositories, private ones included, from /user and /user/repos")
    func ownerMe() async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        let me = try await store.owner("@me")
        #expect(me.login == "mona")
        let repos = try await store.repositories(of: me)
        #expect(Set(repos.map(\.name.name)) == ["diary", "dotfiles"])
        #expect(repos.contains { $0.isPrivate })
        #expect(harness.github.requests.map(\.path) == ["/user", "/user/repos"])
        #expect(harness.github.requests.last?.query["affiliation"] == "owner")
    }

    @Test("the token's owner, which the pages name @me by: one GET /user a run, none without a token")
    func tokenOwner() async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        #expect(await store.tokenOwner() == "mona")
        #expect(await store.tokenOwner() == "mona")
        _ = try await store.owner("@me")
        #expect(harness.github.requests.map(\.path) == ["/user"], "owners' @me too: asked once")
        #expect(await harness.store(token: nil).tokenOwner() == nil)
        #expect(harness.github.requests.count == 1)
    }

    @Test("search keeps at most the limit, asks for no more than it needs, sorts as configured")
    func search() async throws {
        let harness = try LiveHarness()
        var search = SavedSearch(name: "SSG", query: "static site generator language:swift", sort: .stars, limit: 2)
        let found = try await harness.store().search(search)
        #expect(found.map(\.name.name) == ["lantern", "knot"])
        let request = try #require(harness.github.requests.first)
        #expect(request.path == "/search/repositories")
        #expect(request.query["q"] == "static site generator language:swift")
        #expect(
            request.query["per_page"] == "2" && request.query["sort"] == "stars" && request.query["order"] == "desc")
        search.limit = 1000
        search.sort = .bestMatch
        _ = try await harness.store().search(search)
        #expect(harness.github.requests.last?.query["per_page"] == "100")
        #expect(harness.github.requests.last?.query["sort"] == nil)
    }

    @Test("search never pages past the API's 1,000-result cap")
    func searchCap() async throws {
        let github = FixtureWorld.make(starCount: 1100)
        github.search("many", finds: (0..<1100).map { "kit-harbor/tool-\($0)" })
        let harness = try LiveHarness(github: github)
        let found = try await harness.store().search(SavedSearch(name: "many", query: "many", limit: 1000))
        #expect(found.count == 1000)
        #expect(harness.github.requests.count == 10)
    }

    @Test("releases: published ones only, newest first, following Link to /repositories/{id}")
    func releases() async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        let repo = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        let releases = try await store.releases(of: repo, limit: 3)
        #expect(releases.map(\.tagName) == ["v1.5", "v1.4", "v1.3"])
        #expect(releases.allSatisfy { !$0.isDraft })
        #expect(harness.github.requests.last?.query["per_page"] == "100")

        harness.github.add(
            .init(
                id: 777, owner: "kit-harbor", name: "busy",
                releases: (1...150).reversed().map { .init(id: Int64(7000 + $0), tag: "r\($0)") }))
        let busy = try await store.repository(RepoName(owner: "kit-harbor", name: "busy"))
        #expect(try await store.releases(of: busy, limit: 120).count == 120)
        #expect(
            harness.github.requests.suffix(2).map(\.path) == [
                "/repos/kit-harbor/busy/releases", "/repositories/777/releases",
            ])
    }

    @Test("a renamed repository's 301 is followed; a deleted one is reported as not found")
    func renamedAndGone() async throws {
        let harness = try LiveHarness()
        harness.github.rename("kit-harbor/knot", to: "kit-harbor/knot2")
        let store = harness.store()
        let repo = try await store.repository(RepoName(owner: "kit-harbor", name: "knot"))
        #expect(repo.name.description == "kit-harbor/knot2")
        #expect(harness.github.log.map(\.status) == [301, 200])
        #expect(harness.github.requests.last?.path == "/repositories/201")

        harness.github.remove(repo: "lumen-labs/prism")
        await #expect(
            throws: RepositoryNotFound(name: RepoName(owner: "lumen-labs", name: "prism")),
            "a 404 is news, in the port's terms"
        ) {
            try await store.repository(RepoName(owner: "lumen-labs", name: "prism"))
        }
    }

    @Test("a README decodes from base64; none is nil, not an error")
    func readme() async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        let lantern = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        #expect(try await store.readme(of: lantern)?.markdown == "# Lantern\n\nLights the way.")
        let prism = try await store.repository(RepoName(owner: "lumen-labs", name: "prism"))
        #expect(try await store.readme(of: prism) == nil)
        #expect(try await store.releases(of: prism, limit: 3).isEmpty)
    }

    @Test("a README whose text cannot be had costs that README, said and linked, not the build")
    func unreadableReadme() async throws {
        let harness = try LiveHarness()
        harness.github.inject(
            .rewriteBody(target: "\"encoding\":\"base64\"", replacement: "\"encoding\":\"rot13\""),
            at: "/repos/lumen-labs/lantern/readme")
        let store = harness.store()
        let lantern = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        let readme = try #require(try await store.readme(of: lantern))
        #expect(readme.isUnreadable && readme.markdown.isEmpty && readme.htmlURL?.hasSuffix("/README.md") == true)
        #expect(
            store.report.dataWarnings.contains {
                $0.hasSuffix(
                    "/readme: could not decode the answer at encoding: unknown encoding 'rot13'; "
                        + "the page links to the README on GitHub"
                )
            }, "\(store.report.dataWarnings)")
    }
}
