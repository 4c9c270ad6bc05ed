import Entities
import FakeGitHubServer
import Foundation
import PageModels
import SiteRenderer
import Testing
import UseCases

@testable import GitHubData

/// The whole gather step as `repodigest build` runs it: `BuildDigest` over the live store,
/// against the fake GitHub, then rendered and validated as the command would.
@Suite("A build through BuildDigest and the live store")
struct LiveBuildTests {
    struct FixedClock: Clock {
        var now = Date(timeIntervalSince1970: 1_795_000_000)
    }

    static let request = BuildDigest.Request(
        title: "Digest", starredBy: ["mona"],
        favourites: [Favourite(name: RepoName(owner: "kit-harbor", name: "knot"))],
        owners: ["lumen-labs", "@me"],
        searches: [SavedSearch(name: "SSG", query: "static site generator language:swift", sort: .stars, limit: 10)]
    ).english

    private func build(_ store: GitHubDataStore, _ request: BuildDigest.Request = request) async throws -> Site {
        try await BuildDigest(source: store, clock: FixedClock())(request)
    }

    private func html(_ site: Site) throws -> (files: [OutputFile], findings: [Finding]) {
        let files = try SiteGenerator(theme: try Theme.builtIn("default")).render(site)
        return (files, SiteValidator().validate(files))
    }

    /// The text of the page at `path`, the site it is in rendered and found valid.
    private func validPage(_ path: String, of site: Site) throws -> String {
        let (files, findings) = try html(site)
        #expect(findings.isEmpty)
        return String(decoding: try #require(files.first { $0.path == path }).contents, as: UTF8.self)
    }

    @Test("a first run builds every page; private repositories stay off them")
    func firstRun() async throws {
        let harness = try LiveHarness()
        let site = try await build(harness.store())
        let names = Set(site.repositories.map(\.card.fullName))
        #expect(names.isSuperset(of: ["lumen-labs/lantern", "kit-harbor/knot", "mona/dotfiles", "lumen-labs/prism"]))
        #expect(!names.contains("mona/diary"))
        #expect(site.notices.isEmpty)
        let (files, findings) = try html(site)
        #expect(findings.isEmpty)
        #expect(files.contains { $0.path == "index.html" })
        #expect(!files.contains { String(decoding: $0.contents, as: UTF8.self).contains("Private notes") })
    }

    @Test("include_private shows them")
    func includePrivate() async throws {
        let harness = try LiveHarness()
        var request = Self.request
        request.includePrivate = true
        let site = try await build(harness.store(), request)
        #expect(site.repositories.contains { $0.card.fullName == "mona/diary" })
    }

    @Test("a second run against an unchanged server gets only 304s, and builds the same site")
    func secondRunOnly304() async throws {
        let harness = try LiveHarness()
        let first = try await build(harness.store())
        let firstRun = harness.github.log
        harness.github.clearLog()
        let store = harness.store()
        let second = try await build(store)
        #expect(second == first)
        // Every list and favourite asked again, conditionally; no repository was pushed to, so
        // its releases and README are taken as cached.
        let details = { (path: String) in path.hasSuffix("/readme") || path.hasSuffix("/releases") }
        #expect(harness.github.log.count == firstRun.filter { !details($0.request.path) }.count)
        #expect(
            harness.statuses().allSatisfy { $0 == 304 },
            "\(harness.github.log.filter { $0.status != 304 }.map { "\($0.status) \($0.request.target)" })")
        #expect(store.report.notModified == store.report.requests)
        #expect(store.report.charged == 0)
    }

    @Test("a source that keeps failing keeps its previous data, and every page says how old it is")
    func staleSource() async throws {
        let harness = try LiveHarness()
        _ = try await build(harness.store())
        harness.github.update("lumen-labs/lantern") { $0.stars = 9999 }
        harness.github.inject(.status(502), at: "/users/mona/starred", times: 3)
        let store = harness.store()
        let site = try await build(store)
        #expect(await store.staleData().count == 1)
        let notice = try #require(site.notices.first)
        #expect(notice.text.contains("/users/mona/starred"))
        #expect(notice.text.contains("HTTP 502 after 3 attempts"))
        #expect(
            site.listPages.contains {
                $0.title == "Starred" && $0.cards.contains { $0.fullName == "lumen-labs/lantern" }
            })
        let (files, findings) = try html(site)
        #expect(findings.isEmpty)
        let pages = files.filter { $0.path.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        #expect(
            pages.allSatisfy {
                String(decoding: $0.contents, as: UTF8.self).contains("<p class=\"notice\" role=\"status\">")
            })
    }

    @Test(
        "a newly starred repository whose releases and README fail, with nothing cached, is shown without them: the rest's news is not held back"
    )
    func newRepositoryWithoutDetails() async throws {
        let harness = try LiveHarness()
        _ = try await build(harness.store())
        harness.github.add(.init(id: 9_001, owner: "kit-harbor", name: "brand-new"))
        harness.github.star("kit-harbor/brand-new", by: "mona", at: "2026-11-22T09:00:00Z")
        harness.github.update("lumen-labs/lantern") { $0.stars = 9999 }
        for endpoint in ["releases", "readme"] {
            harness.github.inject(.status(502), at: "/repos/kit-harbor/brand-new/\(endpoint)", times: 12)
        }
        let store = harness.store()
        let site = try await build(store)
        let stale = await store.staleData()
        #expect(stale.count == 2 && stale.allSatisfy { $0.fetchedAt == nil }, "\(stale)")
        let page = try #require(site.repositories.first { $0.card.fullName == "kit-harbor/brand-new" })
        #expect(page.releases.isEmpty && page.readme == nil && !page.releasesKnown && !page.readmeKnown)
        #expect(
            site.listPages.contains { $0.cards.contains { $0.fullName == "lumen-labs/lantern" && $0.stars == 9999 } })
        let notice = try #require(site.notices.first)
        #expect(notice.text.contains("/repos/kit-harbor/brand-new/releases"), "\(notice.text)")
        #expect(notice.text.contains("no earlier run had fetched them: they are left out"), "\(notice.text)")
        // Said as not known, not as none.
        let text = try validPage("repos/kit-harbor/brand-new.html", of: site)
        #expect(text.contains("The README could not be fetched from GitHub for this build."))
        #expect(text.contains("The releases could not be fetched from GitHub for this build."))
        #expect(!text.contains("This repository has no README."))
    }

    @Test("a README GitHub sends without its text (a file over a megabyte) is said so and linked, not called absent")
    func readmeWithoutText() async throws {
        let harness = try LiveHarness()
        // As GitHub answers for a file of 1 to 100 MB.
        harness.github.update("lumen-labs/lantern") { $0.readme = "" }
        harness.github.inject(
            .rewriteBody(target: "\"encoding\":\"base64\"", replacement: "\"encoding\":\"none\""),
            at: "/repos/lumen-labs/lantern/readme")
        let store = harness.store()
        let site = try await build(store)
        #expect(
            store.report.dataWarnings.contains {
                $0.hasSuffix("a README of over 1 MB without its text; the page links to the README on GitHub")
            }, "\(store.report.dataWarnings)")
        let page = try #require(site.repositories.first { $0.card.fullName == "lumen-labs/lantern" })
        #expect(page.readmeKnown)
        #expect(await store.staleData().isEmpty)
        let text = try validPage("repos/lumen-labs/lantern.html", of: site)
        #expect(text.contains("This README cannot be shown here:"))
        #expect(text.contains("Read it on GitHub"))
        #expect(!text.contains("This repository has no README."))
    }

    @Test(
        "a new repository's releases and README not fetched: the streamed README is not asked for again, and its first release fetched later is no news"
    )
    func notFetchedThenFetched() async throws {
        let harness = try LiveHarness()
        let state = try StateStores(folder: harness.stateDirectory) { _ in }
        let first = try await BuildDigest(source: harness.store(), clock: FixedClock(), history: state.history).build(
            Self.request)
        try await state.history.record(first.snapshot)

        harness.github.add(
            .init(
                id: 9_001, owner: "kit-harbor", name: "brand-new",
                releases: [.init(id: 77, tag: "v1.0.0", name: "First light")], readme: "# Brand new\n"))
        harness.github.star("kit-harbor/brand-new", by: "mona", at: "2026-11-22T09:00:00Z")
        for endpoint in ["releases", "readme"] {
            harness.github.inject(.status(502), at: "/repos/kit-harbor/brand-new/\(endpoint)", times: 50)
        }
        let later = FixedClock(now: FixedClock().now.addingTimeInterval(3600))
        let second = try await BuildDigest(source: harness.store(), clock: later, history: state.history).build(
            Self.request, readmes: .streamed)
        let index = try #require(second.site.repositories.firstIndex { $0.card.fullName == "kit-harbor/brand-new" })
        #expect(!second.site.repositories[index].readmeKnown)
        let asked = harness.github.requests.count { $0.path == "/repos/kit-harbor/brand-new/readme" }
        var streamed: [MarkdownText?] = []
        for try await batch in try #require(second.readmes).batches(for: second.site, pages: [index]) {
            streamed += batch.readmes
        }
        #expect(streamed == [nil])
        #expect(harness.github.requests.count { $0.path == "/repos/kit-harbor/brand-new/readme" } == asked)
        let snapshot = try #require(second.snapshot.repositories.first { $0.name.name == "brand-new" })
        #expect(snapshot.releasesUnknownSince == later.now && snapshot.latestRelease == nil)
        try await state.history.record(second.snapshot)
        #expect(try await state.history.latestSnapshot()?.repositories.first { $0.id == snapshot.id } == snapshot)

        harness.github.clearFaults()
        let mended = FixedClock(now: later.now.addingTimeInterval(3600))
        let third = try await BuildDigest(source: harness.store(), clock: mended, history: state.history).build(
            Self.request)
        let page = try #require(third.site.repositories.first { $0.card.fullName == "kit-harbor/brand-new" })
        #expect(page.releasesKnown && page.readmeKnown && page.releases.map(\.tag) == ["v1.0.0"])
        #expect(third.snapshot.repositories.first { $0.id == snapshot.id }?.latestRelease == "v1.0.0")
        // Known since this run, not published since the last: no "new release", no news at all
        // (the digest goes on showing the run before's: brand-new starred).
        #expect(!third.hasNews)
        let changes = try #require(third.site.digest.changes)
        #expect(changes.items.map(\.kind) == [.starred], "\(changes.items)")
    }

    @Test("a 10 MB README: its page shows the first MiB, says so, and links to the whole")
    func hugeReadmePage() async throws {
        let github = FixtureWorld.make()
        let section = "## Part\n\nSome **text** with a [link](https://example.com/) and `code`.\n\n"
        github.update("lumen-labs/lantern") {
            $0.readme = String(repeating: section, count: 10_000_000 / section.utf8.count + 1)
        }
        let harness = try LiveHarness(github: github)
        // Some 13 MB of base64 in JSON: the harness's 2 s timeout is for faults, not for a
        // transfer this size on a loaded machine (it failed so under a parallel test run).
        let site = try await build(harness.store { $0.totalTimeout = .seconds(60) })
        let (files, findings) = try html(site)
        #expect(findings.isEmpty)
        let page = try #require(files.first { $0.path == "repos/lumen-labs/lantern.html" })
        let text = String(decoding: page.contents, as: UTF8.self)
        #expect(
            text.contains(
                "This README is shortened:</strong> the whole file is 10 MB; only its first 1 MB is shown here."),
            "\(text.prefix(3000))")
        #expect(text.contains("href=\"https://github.com/lumen-labs/lantern/blob/main/README.md\""))
        // The first MiB is 14,000 headings, each with its link to itself: some 4 MB of HTML at most.
        #expect(
            page.contents.count < 4_000_000, "the page holds the first MiB, not 10 MB: \(page.contents.count) bytes")
        #expect(files.reduce(0) { $0 + $1.contents.count } < 5_000_000, "and no other file holds it")
    }

    @Test("a favourite GitHub answers 404 for: left out, named, and 'gone' once an earlier run showed it")
    func goneFavourite() async throws {
        let harness = try LiveHarness()
        var warnings: [String] = []
        let state = try StateStores(folder: harness.stateDirectory) { warnings.append($0) }
        let digest = BuildDigest(source: harness.store(), clock: FixedClock(), history: state.history)
        let first = try await digest.build(Self.request)
        #expect(first.goneFavourites.isEmpty)
        try await state.history.record(first.snapshot)

        harness.github.remove(repo: "kit-harbor/knot")
        let later = FixedClock(now: FixedClock().now.addingTimeInterval(3600))
        let second = try await BuildDigest(source: harness.store(), clock: later, history: state.history).build(
            Self.request)
        #expect(second.goneFavourites == [RepoName(owner: "kit-harbor", name: "knot")])
        #expect(!second.site.repositories.contains { $0.card.fullName == "kit-harbor/knot" })
        let changes = try #require(second.site.digest.changes)
        #expect(changes.items.contains { $0.kind == .gone && $0.text.contains("kit-harbor/knot") }, "\(changes.items)")
        #expect(try html(second.site).findings.isEmpty)
        #expect(warnings.isEmpty)
    }

    @Test("a refused token stops the build with an error the command maps to exit code 3")
    func unauthorised() async throws {
        let harness = try LiveHarness()
        let error = await #expect(throws: UseCaseFailure.self) { try await build(harness.store(token: "ghp_wrong")) }
        let underlying = try #require(error?.underlying as? GitHubDataError)
        #expect(underlying.isAuthenticationOrRateLimit)
        #expect(!(error?.description.contains("ghp_wrong") ?? true))
    }
}
