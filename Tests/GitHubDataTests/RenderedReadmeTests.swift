import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

@Suite("READMEs in another markup: GitHub's own rendering, cached like every answer")
struct RenderedReadmeTests {
    static let rst = "Lantern\n=======\n\n.. image:: docs/logo.png\n\nLights the way.\n~~~~~~~~~~~~~~~\n"
    static let html = "<h1>Lantern</h1>\n<p><img src=\"docs/logo.png\" alt=\"logo\"></p>\n<h2>Lights the way.</h2>\n"

    static func world() -> FakeGitHub {
        let github = FixtureWorld.make()
        github.update("lumen-labs/lantern") {
            $0.readme = rst
            $0.readmePath = "README.rst"
            $0.readmeHTML = html
        }
        return github
    }

    @Test("a README.rst is asked for again as HTML, and carries GitHub's rendering beside its text")
    func restructuredTextIsRenderedByGitHub() async throws {
        let harness = try LiveHarness(github: Self.world())
        let store = harness.store()
        let lantern = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        let readme = try #require(try await store.readme(of: lantern))
        #expect(readme.path == "README.rst")
        #expect(readme.markdown == Self.rst)
        #expect(readme.html == Self.html)
        #expect(
            harness.github.log.filter { $0.request.path.hasSuffix("/readme") }.map { $0.request.header("accept") ?? "" }
                == ["application/vnd.github+json", "application/vnd.github.html+json"])
    }

    @Test("a Markdown README costs one request and has no HTML")
    func markdownNeedsNoRendering() async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        let lantern = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        #expect(try await store.readme(of: lantern)?.html == nil)
        #expect(harness.statuses("/repos/lumen-labs/lantern/readme") == [200])
    }

    @Test("offline, the rendering comes from the cache, as the live build had it")
    func offlineReadsTheCachedRendering() async throws {
        let harness = try LiveHarness(github: Self.world())
        let live = harness.store()
        let lantern = try await live.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        _ = try await live.readme(of: lantern)
        harness.github.clearLog()
        let offline = harness.store { $0.offline = true }
        #expect(try await offline.readme(of: lantern)?.html == Self.html)
        #expect(harness.github.log.isEmpty)
    }

    @Test("kept from a run before, the rendering is read from the cache, not asked again; its name is the README's")
    func keptRenderingIsNotAsked() async throws {
        let harness = try LiveHarness(github: Self.world())
        let store = harness.store()
        let lantern = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        _ = try await store.readme(of: lantern)
        let name = try #require(await store.readmeVersions(of: [lantern])[lantern.id])
        harness.github.clearLog()
        #expect(try await harness.store().readme(of: lantern, from: .kept)?.html == Self.html)
        #expect(harness.github.log.isEmpty, "no request for a README that was not pushed to")

        // GitHub renders it anew (say, a new renderer): the README's name changes with it.
        harness.github.update("lumen-labs/lantern") { $0.readmeHTML = "<h1>Lantern</h1>\n" }
        _ = try await harness.store().readme(of: lantern)
        #expect(await harness.store().readmeVersions(of: [lantern])[lantern.id] != name)
    }

    @Test("which paths are Markdown: by extension, any case; none or another is not")
    func markdownByExtension() {
        func isMarkdown(_ path: String) -> Bool {
            Readme(path: path, markdown: "", htmlURL: nil, downloadURL: nil).isMarkdown
        }
        #expect(isMarkdown("README.md") && isMarkdown("docs/Readme.MARKDOWN") && isMarkdown("README.mkd"))
        #expect(!isMarkdown("README.rst") && !isMarkdown("README.adoc") && !isMarkdown("README") && !isMarkdown(".md"))
    }
}
