import Foundation
import PageModels
import Synchronization
import Testing

@testable import SiteRenderer

/// A build renders only the files whose inputs changed and carries the others over from the
/// published site, hard-linked, unrendered and unchecked; links into pages that are gone
/// still fail the build.
@Suite struct SiteBuildCarryTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "site-carry-\(UUID().uuidString)")
    var output: URL { root.appending(path: "site") }
    static let baseURL = "https://example.org/"

    func inodes() -> [String: UInt64] {
        var result: [String: UInt64] = [:]
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] {
            var status = stat()
            if lstat(output.appending(path: path).path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
                result[path] = UInt64(status.st_ino)
            }
        }
        return result
    }

    func build(_ site: Site, theme: Theme, force: Bool = false) async throws -> SiteBuild.Outcome {
        let build = SiteBuild(
            generator: SiteGenerator(theme: theme, baseURL: Self.baseURL), writer: SiteWriter(output: output),
            force: force)
        return try await build.run(site)
    }

    /// A theme whose repository pages would fail the validator, were they rendered.
    static func scriptedRepositoryPages() throws -> (ThemeTests.ThemeFolderFixture, Theme) {
        let folder = try ThemeTests.ThemeFolderFixture([
            "theme.toml": "name = \"scripted\"\nextends = \"default\"\n",
            "templates/repository.mustache":
                "{{<layout}}\n{{$main}}\n<h1>{{repo.fullName}}</h1><script>alert(1)</script>\n{{/main}}\n{{/layout}}\n",
        ])
        return (folder, try Theme(directory: folder.url))
    }

    /// Makes the published marker say the repository pages were made from what `theme`
    /// makes them from now: as if the theme had rendered them, and they had not changed since.
    func pretendPublished(with theme: Theme, _ site: Site) throws {
        let inputs = try PageInputTests.inputs(site, theme: theme, baseURL: Self.baseURL)
        var marker = try #require(SiteWriter.Marker(in: output))
        for index in inputs.plan.items.indices where inputs.plan.items[index].item.repository != nil {
            marker.entries?[inputs.plan.items[index].path]?.inputs = inputs.fingerprint(at: index)
        }
        try Data(marker.text.utf8).write(to: output.appending(path: SiteWriter.marker))
    }

    @Test("a page whose inputs are those the marker kept is hard-linked, not rendered nor checked")
    func carriedUnrendered() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let site = SiteFixture.site
        guard case .published = try await build(site, theme: try Theme.builtIn("default")) else {
            Issue.record("the fixture must publish")
            return
        }
        let before = inodes()
        let (folder, scripted) = try Self.scriptedRepositoryPages()
        try pretendPublished(with: scripted, site)
        let outcome = try await build(site, theme: scripted)
        guard case .published = outcome else {
            Issue.record("a carried page was rendered: \(outcome)")
            return
        }
        let after = inodes()
        let repositoryPages = before.keys.filter { $0.hasPrefix("repos/") }
        #expect(repositoryPages.count == site.repositories.count)
        for path in repositoryPages { #expect(after[path] == before[path], "\(path) was written anew") }
        _ = folder
    }

    @Test("--force renders every page, whatever the marker kept")
    func forceRendersAll() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let site = SiteFixture.site
        _ = try await build(site, theme: try Theme.builtIn("default"))
        let (folder, scripted) = try Self.scriptedRepositoryPages()
        try pretendPublished(with: scripted, site)
        guard case .invalid(let findings) = try await build(site, theme: scripted, force: true) else {
            Issue.record("a forced build must render the repository pages, and find their script")
            return
        }
        #expect(findings.contains { $0.rule == "inline-script" && $0.file.hasPrefix("repos/") })
        _ = folder
    }

    @Test("a build that changes nothing carries every file over, and keeps what the next build needs")
    func everythingCarried() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let theme = try Theme.builtIn("default")
        _ = try await build(SiteFixture.site, theme: theme)
        let marker = try #require(SiteWriter.Marker(in: output))
        let before = inodes()
        guard case .published(let report, let files) = try await build(SiteFixture.site, theme: theme) else {
            Issue.record("an unchanged build must publish")
            return
        }
        #expect(report.written == 0 && report.unchanged == files)
        #expect(inodes().filter { $0.key != SiteWriter.marker } == before.filter { $0.key != SiteWriter.marker })
        #expect(SiteWriter.Marker(in: output)?.entries == marker.entries)
        #expect(marker.entries?["index.html"]?.links?.contains("repos/lumen-labs/lantern.html") == true)
    }

    @Test("a page whose README is named and whose inputs did not change is carried without its README being read")
    func namedReadmesAreNotRead() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let generator = SiteGenerator(theme: try Theme.builtIn("default"), baseURL: Self.baseURL)
        let expected = Dictionary(
            uniqueKeysWithValues: try generator.render(SiteFixture.site).map { ($0.path, $0.contents) })
        // The READMEs out of the site, each page naming its own.
        var site = SiteFixture.site
        var readmes: [Int: MarkdownText] = [:]
        for index in site.repositories.indices {
            readmes[index] = site.repositories[index].readme
            site.repositories[index].readme = nil
            site.repositories[index].readmeVersion = "v1 \(index)"
        }
        let asked = Mutex<[[Int]]>([])
        func build(_ site: Site) async throws -> SiteBuild.Outcome {
            let supply = SiteBuildTests.Supply(
                readmes: readmes, asked: { pages in asked.withLock { $0.append(pages) } })
            return try await SiteBuild(generator: generator, writer: SiteWriter(output: output)).run(
                site, readmes: supply)
        }
        _ = try await build(site)
        #expect(asked.withLock { $0 } == [Array(site.repositories.indices)], "the first build reads every README")
        for (path, contents) in expected {
            #expect(
                try Data(contentsOf: output.appending(path: path)) == contents, "\(path) as the whole site renders it")
        }

        asked.withLock { $0 = [] }
        guard case .published(let report, _) = try await build(site) else {
            Issue.record("an unchanged build must publish")
            return
        }
        #expect(asked.withLock { $0 } == [[]], "no README is read for a page carried over")
        #expect(report.written == 0)

        // A new README (a new name): only its page reads it, and is written anew.
        let changed = site.repositories.indices.last!
        readmes[changed] = MarkdownText(source: "# A new README\n")
        site.repositories[changed].readmeVersion = "v2"
        asked.withLock { $0 = [] }
        _ = try await build(site)
        #expect(asked.withLock { $0 } == [[changed]])
        let router = Router(routes: site.repositories.map(\.card.route), baseURL: Self.baseURL)
        let page = try String(
            contentsOf: output.appending(path: router.path(for: site.repositories[changed].card.route)), encoding: .utf8
        )
        #expect(page.contains("A new README"))
    }

    @Test("a carried page whose link target is gone is rendered and checked again")
    func vanishedTargetRerendered() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let owner = Route(.owner(login: "kit-harbor"))
        var site = SiteFixture.site
        // Only the fork's page links to its owner's, so nothing shared changes with it.
        site.navigation.removeAll { $0.route == owner }
        let theme = try Theme.builtIn("default")
        guard case .published = try await build(site, theme: theme) else {
            Issue.record("the fixture must publish")
            return
        }
        site.listPages.removeAll { $0.route == owner }
        guard case .invalid(let findings) = try await build(site, theme: theme) else {
            Issue.record("the fork's page, unchanged, links to a page that is gone: it must be checked again")
            return
        }
        #expect(findings.map(\.file) == ["repos/kit-harbor/old-fork.html"])
        #expect(findings.first?.rule == "broken-link")
    }

    @Test("a published page edited by hand since, even to the same size, is rendered again, not carried")
    func editedPageRestored() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let theme = try Theme.builtIn("default")
        _ = try await build(SiteFixture.site, theme: theme)
        let page = output.appending(path: PageInputTests.lantern)
        let original = try Data(contentsOf: page)
        try Data(repeating: UInt8(ascii: "x"), count: original.count).write(to: page)
        guard case .published(let report, _) = try await build(SiteFixture.site, theme: theme) else {
            Issue.record("the build must publish")
            return
        }
        #expect(try Data(contentsOf: page) == original)
        #expect(report.written == 1)
    }

    @Test("a rendered page's link to an id in a carried page is checked against the published copy")
    func fragmentIntoCarriedPage() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try ThemeTests.ThemeFolderFixture([
            "theme.toml": "name = \"fragments\"\nextends = \"default\"\n",
            "templates/repository.mustache":
                "{{<layout}}\n{{$main}}\n<h1>{{repo.fullName}}</h1><a href=\"{{home}}#content\">Top</a>\n"
                + "<a href=\"{{home}}#{{ownerLogin}}\">Owner</a>\n{{/main}}\n{{/layout}}\n",
        ])
        let theme = try Theme(directory: folder.url)
        var site = SiteFixture.site
        for index in site.repositories.indices { site.repositories[index].ownerLogin = "content" }
        guard case .published = try await build(site, theme: theme) else {
            Issue.record("the fixture must publish")
            return
        }
        let index = try #require(site.repositories.firstIndex { $0.card.fullName == "lumen-labs/lantern" })
        site.repositories[index].ownerLogin = "nowhere"
        // The digest page does not show the owner's login: carried over, its ids read back.
        guard case .invalid(let findings) = try await build(site, theme: theme) else {
            Issue.record("the link to an id the carried digest page does not have must be found")
            return
        }
        #expect(findings.map(\.file) == [PageInputTests.lantern])
        #expect(findings.first?.message.contains("no id 'nowhere' in index.html") == true)
    }
}
