import PageModels
import SiteRenderer

/// A small hand-made site with every page kind and the awkward values real data brings
/// (markup and quotes in descriptions, a control character, non-Latin text, a release with
/// notes, an archived fork without a README). The golden files are rendered from it, so they
/// change only when a template or the renderer does, never when the sample data does.
enum SiteFixture {
    static func card(
        _ owner: String, _ name: String, description: String?, language: String?, topics: [String],
        stars: Int, badges: [Badge] = [], starred: String? = nil
    ) -> RepoCard {
        RepoCard(
            route: Route(.repository(owner: owner, name: name)), fullName: "\(owner)/\(name)",
            description: description,
            language: language.map { PageLink(title: $0, route: Route(.language(name: $0))) },
            topics: topics.map { PageLink(title: $0, route: Route(.topic(name: $0))) },
            stars: stars, starsText: stars >= 1000 ? "\(stars / 1000)k" : "\(stars)", forksText: "12",
            pushedText: "Pushed 19 Nov 2026", starredText: starred, badges: badges,
            gitHubURL: "https://github.com/\(owner)/\(name)")
    }

    static let lantern = card(
        "lumen-labs", "lantern", description: "A static site generator for Swift packages.", language: "Swift",
        topics: ["ssg", "swift"], stars: 4210, badges: [.favourite], starred: "Starred 20 Nov 2026")
    static let hostile = card(
        "zephyr-ops", "stormcell", description: "Checks <script>alert(\"x\")</script> & 'quotes'\u{1}",
        language: "Go", topics: ["ops"], stars: 77, starred: "Starred 18 Nov 2026")
    static let kanji = card(
        "haruki-s", "kanji-lint", description: "日本語 Markdown 文書のための表記ゆれチェッカー", language: nil,
        topics: [], stars: 233, starred: "Starred 17 Nov 2026")
    static let fork = card(
        "kit-harbor", "old-fork", description: nil, language: "C++", topics: ["ssg"], stars: 3,
        badges: [.archived, .fork])

    static let release = FeedEntry(
        id: "urn:repodigest:release:101:v2.0.0", kind: .release,
        title: "lumen-labs/lantern v2.0.0: Faster builds", repository: "lumen-labs/lantern",
        route: lantern.route, url: "https://github.com/lumen-labs/lantern/releases/tag/v2.0.0",
        dateISO: "2026-11-20T06:00:00Z", dateText: "20 Nov 2026", summary: lantern.description,
        content: MarkdownText(
            source: "## Changes\n\n- Incremental builds\n- <b onclick=x>raw</b> [bad](javascript:alert(1))"),
        releaseName: "Faster builds", releaseTag: "v2.0.0")
    static let star = FeedEntry(
        id: "urn:repodigest:star:102:1795514400", kind: .starred, title: "Starred zephyr-ops/stormcell",
        repository: "zephyr-ops/stormcell", route: hostile.route, url: "https://github.com/zephyr-ops/stormcell",
        dateISO: "2026-11-18T10:00:00Z", dateText: "18 Nov 2026", summary: hostile.description, content: nil)

    static func list(
        _ kind: Route.Kind, _ title: String, groups: [CardGroup], page: Int = 1, of pages: Int = 1,
        gitHubURL: String? = nil, filterable: Bool = false
    ) -> ListPage {
        let route = Route(kind, page: page)
        return ListPage(
            route: route, title: title, summary: "\(groups.flatMap(\.cards).count) repositories", groups: groups,
            pagination: pages == 1
                ? nil
                : Pagination(
                    page: page, pageCount: pages, previous: page > 1 ? route.page(page - 1) : nil,
                    next: page < pages ? route.page(page + 1) : nil),
            gitHubURL: gitHubURL, isFilterable: filterable)
    }

    static var site: Site {
        let lists = [
            list(
                .starred, "Starred",
                groups: [
                    CardGroup(title: "Go", cards: [hostile]), CardGroup(title: "Swift", cards: [lantern]),
                ], page: 1, of: 2, filterable: true),
            list(
                .starred, "Starred", groups: [CardGroup(title: "No language", cards: [kanji])], page: 2, of: 2,
                filterable: true),
            list(.favourites, "Favourites", groups: [CardGroup(title: nil, cards: [lantern])]),
            list(
                .owner(login: "kit-harbor"), "kit-harbor", groups: [CardGroup(title: nil, cards: [fork])],
                gitHubURL: "https://github.com/kit-harbor"),
            list(
                .search(name: "Swift site generators"), "Swift site generators",
                groups: [CardGroup(title: nil, cards: [lantern, fork])],
                gitHubURL: "https://github.com/search?q=ssg&type=repositories"),
            list(.language(name: "C++"), "C++", groups: [CardGroup(title: nil, cards: [fork])]),
            list(.language(name: "Go"), "Go", groups: [CardGroup(title: nil, cards: [hostile])]),
            list(.language(name: "Swift"), "Swift", groups: [CardGroup(title: nil, cards: [lantern])]),
            list(.topic(name: "swift"), "swift", groups: [CardGroup(title: nil, cards: [lantern])]),
            list(.topic(name: "ssg"), "ssg", groups: [CardGroup(title: nil, cards: [lantern, fork])]),
            list(.topic(name: "ops"), "ops", groups: [CardGroup(title: nil, cards: [])]),
        ]
        let lanternPage = RepoPage(
            card: lantern, owner: nil, ownerLogin: "lumen-labs", ownerGitHubURL: "https://github.com/lumen-labs",
            facts: [
                Fact(label: "Stars", value: "4,210"), Fact(label: "Licence", value: "MIT License"),
                Fact(label: "Created", value: "3 Mar 2021"),
            ],
            homepageURL: "https://lantern.example.org/",
            releases: [
                ReleaseItem(
                    title: "Faster builds", tag: "v2.0.0", dateText: "20 Nov 2026", dateISO: "2026-11-20T06:00:00Z",
                    isPrerelease: false, url: release.url, notes: release.content)
            ],
            readme: MarkdownText(
                source:
                    "# Lantern\n\nSee [docs](docs/README.md) and ![logo](logo.png).\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |\n\n- [x] done",
                linkBase: "https://github.com/lumen-labs/lantern/blob/main/",
                imageBase: "https://raw.githubusercontent.com/lumen-labs/lantern/main/"))
        let forkPage = RepoPage(
            card: fork, owner: PageLink(title: "kit-harbor", route: Route(.owner(login: "kit-harbor"))),
            ownerLogin: "kit-harbor", ownerGitHubURL: "https://github.com/kit-harbor",
            facts: [Fact(label: "Stars", value: "3")], homepageURL: nil, releases: [], readme: nil)
        let minorPages = [hostile, kanji].map { card in
            RepoPage(
                card: card, owner: nil, ownerLogin: String(card.fullName.split(separator: "/")[0]),
                ownerGitHubURL: "https://github.com/" + card.fullName.split(separator: "/")[0],
                facts: [], homepageURL: nil, releases: [], readme: nil)
        }
        let cPlusPlus = PageLink(title: "C++", route: Route(.language(name: "C++")), count: 1, color: "#f34b7d")
        var site = Site(
            title: "Fixture & friends", generatedText: "22 Nov 2026, 03:00 UTC", generatedISO: "2026-11-22T03:00:00Z",
            navigation: [
                PageLink(title: "Digest", route: .digest), PageLink(title: "Starred", route: Route(.starred)),
                PageLink(title: "Favourites", route: Route(.favourites)),
                PageLink(title: "kit-harbor", route: Route(.owner(login: "kit-harbor"))),
                PageLink(title: "Swift site generators", route: Route(.search(name: "Swift site generators"))),
            ],
            digest: DigestPage(
                title: "Fixture & friends", summary: "4 repositories from the stars of mona",
                sections: [
                    DigestSection(
                        title: "Recently starred", cards: [lantern, hostile],
                        more: PageLink(title: "All 3 starred repositories", route: Route(.starred), count: 3)),
                    DigestSection(title: "Favourites", cards: [lantern], more: nil),
                ],
                languages: [cPlusPlus],
                topics: [
                    PageLink(title: "ssg", route: Route(.topic(name: "ssg")), count: 2),
                    PageLink(title: "ops", route: Route(.topic(name: "ops")), count: 1),
                ],
                releases: [release]),
            listPages: lists,
            repositories: [lanternPage, forkPage] + minorPages,
            feed: [release, star])
        site.followed = [kanji, lantern, hostile].map {
            FollowedRepository(fullName: $0.fullName, gitHubURL: $0.gitHubURL)
        }
        // Every language's list, most used first, then by name: the page of every language.
        site.languages = [
            cPlusPlus, PageLink(title: "Go", route: Route(.language(name: "Go")), count: 1, color: "#00add8"),
            PageLink(title: "Swift", route: Route(.language(name: "Swift")), count: 1, color: "#f05138"),
        ]
        site.phrasebook = .english
        return site
    }
}
