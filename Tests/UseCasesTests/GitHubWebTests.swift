import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// GitHub's website, derived from the API root once: what the pages link where the data gives
/// no address (topics, saved searches, Star Lists, the news) follows a GitHub Enterprise
/// `api_url` to its host, and stays on github.com for github.com and anything else.
@Suite struct GitHubWebTests {
    @Test(
        "the website of an API root",
        arguments: [
            ("https://api.github.com", "https://github.com"),
            ("https://api.github.com/", "https://github.com"),
            ("https://ghe.example.com/api/v3", "https://ghe.example.com"),
            ("https://ghe.example.com/api/v3/", "https://ghe.example.com"),
            ("https://GHE.example.com:8443/API/v3", "https://GHE.example.com:8443"),
            ("https://example.com/github/api/v3", "https://example.com/github"),
            ("http://127.0.0.1:8080/api/v3", "http://127.0.0.1:8080"),
            ("https://api.octo.ghe.com", "https://octo.ghe.com"),
            ("https://API.octo.ghe.com:8443", "https://octo.ghe.com:8443"),
            // A test server or a proxy on this machine serves github.com's data.
            ("http://127.0.0.1:9", "https://github.com"),
            ("http://localhost:8080/", "https://github.com"),
            ("notaurl", "https://github.com"),
        ])
    func origin(_ apiURL: String, _ origin: String) {
        #expect(GitHubWeb(apiURL: apiURL).origin == origin)
    }

    @Test func aPageIsNamedBySegmentsEachEncoded() {
        let web = GitHubWeb(apiURL: "https://ghe.example.com/api/v3")
        #expect(web.page("topics", "c++") == "https://ghe.example.com/topics/c%2B%2B")
        #expect(web.page("o", "\"><script>") == "https://ghe.example.com/o/%22%3E%3Cscript%3E")
        #expect(
            GitHubWeb.gitHubCom.page("stars", "mona", "lists", "tools") == "https://github.com/stars/mona/lists/tools")
    }

    @Test("a GitHub Enterprise build links its topics, searches and owners on its own host")
    func anEnterpriseBuildLinksItsHost() async throws {
        var request = BuildDigestTests.request
        request.gitHubWeb = GitHubWeb(apiURL: "https://ghe.example.com/api/v3")
        var source = BuildDigestTests.world()
        source.owners["lumen"]?.htmlURL = ""
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))(request)
        func url(_ kind: Route.Kind) -> String? { site.listPages.first { $0.route.kind == kind }?.gitHubURL }
        #expect(url(.topic(name: "cli")) == "https://ghe.example.com/topics/cli")
        #expect(url(.search(name: "Swift")) == "https://ghe.example.com/search?q=language%3Aswift&type=repositories")
        #expect(url(.owner(login: "lumen")) == "https://ghe.example.com/lumen", "an owner with no usable html_url")
    }

    @Test("a repository in the news is linked on the API's website")
    func theNewsLinksTheAPIsWebsite() {
        let repo = RepoSnapshot(id: .init(rawValue: 1), name: RepoName(owner: "o", name: "r"), stars: 5)
        let changes = Changes(
            outcome: .changes([DigestChange(kind: .newlyStarred, repo: repo, noticedAt: Make.epoch)]), since: Make.epoch
        )
        let web = GitHubWeb(apiURL: "https://ghe.example.com/api/v3")
        let translator = ChangesTranslator(pages: [], format: .english, web: web)
        #expect(translator.section(changes).items.map(\.url) == ["https://ghe.example.com/o/r"])
        #expect(
            ChangesTranslator(pages: [], format: .english).section(changes).items.map(\.url) == [
                "https://github.com/o/r"
            ])
    }
}
