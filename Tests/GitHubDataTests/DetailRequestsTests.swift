import Entities
import FakeGitHubServer
import Foundation
import PageModels
import Synchronization
import Testing
import UseCases

@testable import GitHubData

/// A scheduled run's requests follow what changed: every starred page is asked for
/// (conditionally), but a repository's releases and README only when it was pushed to, when
/// it is due its slow refresh, or with `--full`.
@Suite("Which requests a repeat run sends")
struct DetailRequestsTests {
    /// Fixed at the start, before any answer is cached: no repository's slow-refresh moment
    /// falls between two runs of one test, whatever the real clock does.
    struct FixedClock: UseCases.Clock {
        var now = Date()
    }

    static let request = BuildDigest.Request(
        title: "Digest", starredBy: ["mona"], favourites: [Favourite(name: RepoName(owner: "kit-harbor", name: "knot"))]
    ).english

    let harness: LiveHarness
    let clock = FixedClock()

    init() throws {
        harness = try LiveHarness(github: FixtureWorld.make(starCount: 230))
    }

    private func build(
        _ request: BuildDigest.Request = request, history: (any HistoryStore)? = nil
    ) async throws -> (result: BuildDigest.Result, store: GitHubDataStore) {
        let store = harness.store()
        let result = try await BuildDigest(source: store, clock: clock, history: history).build(request)
        try await history?.record(result.snapshot)
        return (result, store)
    }

    /// A commit that changes the README, as GitHub shows it: `pushed_at` moves.
    private func push(_ name: String, readme: String) {
        harness.github.update(name) {
            $0.readme = readme
            $0.pushedAt = "2026-11-21T09:00:00Z"
        }
    }

    private func detailRequests() -> [String] {
        harness.github.requests.map(\.path).filter { $0.hasSuffix("/readme") || $0.hasSuffix("/releases") }
    }

    @Test("a repository whose pushed_at did not move gets no README or releases request")
    func unpushedRepositoriesAreNotAsked() async throws {
        let (first, _) = try await build()
        #expect(detailRequests().count == 2 * first.site.repositories.count, "the first run asks for every one")
        harness.github.clearLog()

        let (second, store) = try await build()
        #expect(detailRequests().isEmpty)
        #expect(store.report.kept == 2 * second.site.repositories.count, "taken from the cache without asking")
        #expect(second.site == first.site, "and the same site")
        #expect(
            harness.github.requests.filter { $0.path.hasPrefix("/users/mona/starred") }.count == 3, "every starred page"
        )
        #expect(harness.statuses().allSatisfy { $0 == 304 })
    }

    @Test("a run may stop once every request is answered: the pushed one's details asked first, nothing kept read")
    func stopsBeforeReadingTheKeptDetails() async throws {
        _ = try await build()
        push("lumen-labs/lantern", readme: "# Lantern\n\nNow with a brighter flame.")
        harness.github.clearLog()

        let store = harness.store()
        let github = harness.github
        let asked = Mutex<[String]>([])
        let result = try await BuildDigest(source: store, clock: clock).build(Self.request) {
            asked.withLock { $0 = github.requests.map(\.path) }
            return true
        }
        #expect(result == nil, "stopped: the build says the site would not change")
        #expect(asked.withLock { $0 }.contains("/repos/lumen-labs/lantern/readme"), "asked before the question")
        #expect(store.report.kept == 0, "no README or releases read from the cache")
    }

    @Test("a README changed with a push appears in the next run, and only that repository is asked")
    func aPushedReadmeAppears() async throws {
        _ = try await build()
        push("lumen-labs/lantern", readme: "# Lantern\n\nNow with a brighter flame.")
        harness.github.clearLog()

        let (second, _) = try await build()
        #expect(Set(detailRequests()) == ["/repos/lumen-labs/lantern/readme", "/repos/lumen-labs/lantern/releases"])
        let page = try #require(second.site.repositories.first { $0.card.fullName == "lumen-labs/lantern" })
        #expect(page.readme?.source.contains("brighter flame") == true)
    }

    @Test("READMEs left out of the site are named, unread: a push renames only its README, which the loader reads new")
    func streamedReadmesAreNamedUnread() async throws {
        func build() async throws -> (result: BuildDigest.Result, store: GitHubDataStore) {
            let store = harness.store()
            return (try await BuildDigest(source: store, clock: clock).build(Self.request, readmes: .streamed), store)
        }
        let (first, _) = try await build()
        let names = first.site.repositories.map(\.readmeVersion)
        #expect(names.allSatisfy { $0 != nil }, "every README named, a remembered absence too")
        #expect(Set(names).count == names.count)
        push("lumen-labs/lantern", readme: "# Lantern\n\nNow with a brighter flame.")
        harness.github.clearLog()

        let (second, store) = try await build()
        #expect(Set(detailRequests()) == ["/repos/lumen-labs/lantern/readme", "/repos/lumen-labs/lantern/releases"])
        #expect(store.report.kept == second.site.repositories.count - 1, "only releases read from the cache")
        let renamed = second.site.repositories.indices.filter {
            second.site.repositories[$0].readmeVersion != names[$0]
        }
        #expect(renamed.map { second.site.repositories[$0].card.fullName } == ["lumen-labs/lantern"])
        var texts: [MarkdownText?] = []
        for try await batch in try #require(second.readmes).batches(for: second.site, pages: renamed) {
            texts += batch.readmes
        }
        #expect(texts.count == 1 && texts[0]?.source.contains("brighter flame") == true)
    }

    @Test("a README added with a push to a repository that had none appears in the next run")
    func anAddedReadmeAppears() async throws {
        _ = try await build()
        push("kit-harbor/tool-0", readme: "# Tool zero")
        let (second, _) = try await build()
        let page = try #require(second.site.repositories.first { $0.card.fullName == "kit-harbor/tool-0" })
        #expect(page.readme?.source == "# Tool zero", "a remembered 404 is asked again after a push")
    }

    @Test("--full asks for every repository's releases and README again")
    func fullAsksForEverything() async throws {
        let (first, _) = try await build()
        harness.github.clearLog()
        var request = Self.request
        request.detailRefresh.everything = true
        _ = try await build(request)
        #expect(detailRequests().count == 2 * first.site.repositories.count)
        #expect(
            harness.github.log.allSatisfy {
                $0.status == 304 || ($0.status == 404 && $0.request.path.hasSuffix("/readme"))
            })
    }

    @Test("a star change on the last page of a long starred list reaches the digest")
    func aStarChangeOnTheLastPage() async throws {
        let history = try StateStores(folder: harness.stateDirectory, warn: { _ in }).history
        let (first, _) = try await build(history: history)
        let oldest = try #require(first.snapshot.repositories.last { $0.isStarred })
        harness.github.update(oldest.name.description) { $0.stars += 500 }
        harness.github.clearLog()

        let (second, _) = try await build(history: history)
        let changes = try #require(second.site.digest.changes)
        #expect(
            changes.items.contains { $0.kind == .stars && $0.text.hasPrefix("\(oldest.name):") },
            "\(changes.items.map(\.text))")
        #expect(second.snapshot.repositories.first { $0.id == oldest.id }?.stars == oldest.stars + 500)
        #expect(
            harness.statuses("/users/mona/starred").sorted() == [200, 304, 304],
            "the pages that did not change are 304s")
    }

    @Test("a starred list that grew or shrank past a page boundary is read whole, its pages asked for at once")
    func pagesAskedAtOnceFollowTheFreshChain() async throws {
        let first = try await harness.store().starsRead(by: "mona")
        #expect(first.stars.count == 232)
        for index in 0..<80 {
            harness.github.add(.init(id: Int64(5_000 + index), owner: "kit-harbor", name: "new-\(index)"))
            harness.github.star("kit-harbor/new-\(index)", by: "mona", at: "2026-11-22T09:00:00Z")
        }
        let grown = try await harness.store().starsRead(by: "mona")
        #expect(grown.stars.count == 312 && grown.isComplete, "the fourth page is followed from the third")
        #expect(Set(grown.stars.map(\.repo.id)).count == 312)

        for index in 0..<200 { harness.github.unstar("kit-harbor/tool-\(index)", by: "mona") }
        let shrunk = try await harness.store().starsRead(by: "mona")
        #expect(shrunk.stars.count == 112 && shrunk.isComplete, "pages past the new end are not read into the list")
        #expect(Set(shrunk.stars.map(\.repo.id)).count == 112)
    }
}
