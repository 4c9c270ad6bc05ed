import Foundation
import PageModels
import SiteRenderer
import Testing

/// One page of each kind, rendered with the default theme from hand-made page models and
/// compared byte for byte with `Golden/`. After an intended change to a template, run
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff of `Golden/`.
@Suite struct GoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    static let site: Site = {
        let card = RepoCard(
            route: Route(.repository(owner: "o", name: "r")), fullName: "o/r",
            description: "Fast & \"safe\" <script>alert(1)</script>",
            language: PageLink(title: "Swift", route: Route(.language(name: "Swift"))),
            topics: [PageLink(title: "<b>cli</b>", route: Route(.topic(name: "<b>cli</b>")))],
            stars: 1234, starsText: "1.2k", forksText: "56", pushedText: "Pushed 1 Nov 2026",
            starredText: "Starred 2 Nov 2026", badges: [.favourite, .archived], gitHubURL: "https://github.com/o/r")
        return Site(
            title: "Golden digest", generatedText: "22 Nov 2026, 03:00 UTC", generatedISO: "2026-11-22T03:00:00Z",
            navigation: [PageLink(title: "Digest", route: .digest), PageLink(title: "Starred", route: Route(.starred))],
            digest: DigestPage(
                title: "Golden digest", summary: "1 repository",
                sections: [DigestSection(title: "Recently starred", cards: [card], more: PageLink(title: "All", route: Route(.starred), count: 31))],
                languages: [PageLink(title: "Swift", route: Route(.language(name: "Swift")), count: 1)],
                topics: [PageLink(title: "<b>cli</b>", route: Route(.topic(name: "<b>cli</b>")), count: 1)]),
            lists: [
                ListPage(
                    route: Route(.starred), title: "Starred", summary: "31 repositories", cards: [card],
                    pagination: Pagination(page: 1, pageCount: 2, previous: nil, next: Route(.starred, page: 2))),
                ListPage(route: Route(.starred, page: 2), title: "Starred", summary: "31 repositories", cards: [], pagination: nil),
                ListPage(route: Route(.language(name: "Swift")), title: "Swift", summary: "1", cards: [card], pagination: nil),
                ListPage(route: Route(.topic(name: "<b>cli</b>")), title: "<b>cli</b>", summary: "1", cards: [card], pagination: nil),
            ],
            repositories: [
                RepoPage(
                    card: card, owner: nil, ownerLogin: "o", ownerGitHubURL: "https://github.com/o",
                    facts: [Fact(label: "Stars", value: "1,234")], homepageURL: "https://example.org",
                    releases: [
                        ReleaseItem(
                            title: "v1.0", tag: "v1.0", dateText: "1 Nov 2026", dateISO: "2026-11-01T00:00:00Z",
                            isPrerelease: true, url: "https://github.com/o/r/releases/tag/v1.0",
                            notes: MarkdownText(source: "## Fixed\n\n- a [bug](javascript:alert(1))"))
                    ],
                    readme: MarkdownText(
                        source: "# R\n\n<script>alert(2)</script>\n\n![logo](logo.png)\n\n| a |\n|---|\n| 1 |\n",
                        linkBase: "https://github.com/o/r/blob/main/", imageBase: "https://raw.githubusercontent.com/o/r/main/"))
            ])
    }()

    @Test(arguments: ["index.html", "starred/index.html", "repos/o/r.html", "404.html"])
    func pageMatchesItsGoldenFile(_ path: String) throws {
        let files = try SiteGenerator(theme: Theme.builtIn("default")).render(Self.site)
        let rendered = try #require(files.first { $0.path == path }).contents
        let goldenFile = Self.golden.appending(path: "default-" + path.replacingOccurrences(of: "/", with: "-"))
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try rendered.write(to: goldenFile)
        }
        let expected = try Data(contentsOf: goldenFile)
        #expect(
            String(decoding: rendered, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            "\(path) differs from \(goldenFile.lastPathComponent); if intended, regenerate with UPDATE_GOLDEN=1")
    }

    @Test func theHandMadeSitePassesTheValidator() throws {
        let files = try SiteGenerator(theme: Theme.builtIn("default")).render(Self.site)
        #expect(SiteValidator().validate(files) == [])
    }
}
