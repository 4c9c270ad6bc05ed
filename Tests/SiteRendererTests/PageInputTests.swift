import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// The fingerprint of a file's inputs, computed without rendering it: the same in every process
/// for the same model, another for any change a page could show.
@Suite struct PageInputTests {
    static func inputs(
        _ site: Site = SiteFixture.site, theme: Theme? = nil, baseURL: String? = "https://example.org/",
        options: String = ""
    ) throws -> SitePlan.Inputs {
        let theme = try theme ?? Theme.builtIn("default")
        let plan = try SiteGenerator(theme: theme, baseURL: baseURL).plan(site)
        return SitePlan.Inputs(plan: plan, theme: theme, options: options)
    }

    /// Every file's fingerprint, by path.
    static func fingerprints(_ inputs: SitePlan.Inputs) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: inputs.plan.items.indices.map {
                (inputs.plan.items[$0].path, inputs.fingerprint(at: $0))
            })
    }

    static let lantern = "repos/lumen-labs/lantern.html"

    @Test("the same model gives the same fingerprint in every process and run, not a randomly seeded hash")
    func stableAcrossProcesses() throws {
        let first = Self.fingerprints(try Self.inputs())
        let second = Self.fingerprints(try Self.inputs())
        #expect(first == second)
        // A literal: Swift's `Hasher` is seeded anew in each process, so only a fingerprint that
        // never depends on it can equal the one a test run made before.
        #expect(StableHasher.fingerprint(of: Data("repodigest".utf8)) == "60ac45e8ac2ee8962ef7995cc773e030")
    }

    @Test("a change of one repository's model changes its page's fingerprint and no other page's")
    func modelChange() throws {
        var site = SiteFixture.site
        let before = Self.fingerprints(try Self.inputs(site))
        let index = site.repositories.firstIndex { $0.card.fullName == "lumen-labs/lantern" }!
        site.repositories[index].readme?.source += "\n\nA new paragraph.\n"
        let after = Self.fingerprints(try Self.inputs(site))
        // The feeds and digest.json show cards and release notes, not READMEs.
        #expect(before.keys.filter { before[$0] != after[$0] } == [Self.lantern])
    }

    @Test("a README or releases not fetched changes that page's fingerprint, as what it shows changes")
    func notFetched() throws {
        let index = SiteFixture.site.repositories.firstIndex { $0.card.fullName == "lumen-labs/lantern" }!
        let before = Self.fingerprints(try Self.inputs())
        for change: WritableKeyPath<RepoPage, Bool> in [\.readmeKnown, \.releasesKnown] {
            var site = SiteFixture.site
            site.repositories[index][keyPath: change] = false
            let after = Self.fingerprints(try Self.inputs(site))
            #expect(before.keys.filter { before[$0] != after[$0] } == [Self.lantern])
        }
    }

    @Test("a change of stars on a card changes every page that shows the card")
    func cardChange() throws {
        var site = SiteFixture.site
        let before = Self.fingerprints(try Self.inputs(site))
        for index in site.listPages.indices where site.listPages[index].route == Route(.language(name: "Swift")) {
            site.listPages[index].groups[0].cards[0].starsText = "4.3k"
        }
        let after = Self.fingerprints(try Self.inputs(site))
        #expect(Set(before.keys.filter { before[$0] != after[$0] }) == ["languages/swift/index.html"])
    }

    @Test("the page of every owner is made again for an owner's summary or picture, not for a star on its cards")
    func ownerIndexFollowsSummariesAndPictures() throws {
        let index = { (site: Site) in try Self.fingerprints(Self.inputs(site))["owners/index.html"] }
        let site = OwnerAndSearchIndexTests.site(owners: 2, searches: 0)
        let owner = try #require(site.listPages.firstIndex { $0.route.kind == .owner(login: "org-1") })
        #expect(try index(site) != nil)
        var starred = site
        starred.listPages[owner].groups[0].cards[0].starsText = "9.9k"
        #expect(try index(starred) == index(site))
        var summarised = site
        summarised.listPages[owner].summary = "Organisation · Org One · 7 repositories"
        #expect(try index(summarised) != index(site))
        var pictured = site
        pictured.listPages[owner].avatar = .remote(url: "https://avatars.githubusercontent.com/u/1?s=96")
        #expect(try index(pictured) != index(site))
    }

    @Test("releases.opml is made again for a name or address it lists, not for a star counted")
    func releasesOPMLFollowsNamesAndAddresses() throws {
        let opml = { (site: Site) in try Self.fingerprints(Self.inputs(site))["releases.opml"] }
        let site = SiteFixture.site
        let starred = try #require(site.listPages.firstIndex { $0.route.kind == .starred })
        #expect(try opml(site) != nil)
        var counted = site
        counted.listPages[starred].groups[0].cards[0].starsText = "4.3k"
        #expect(try opml(counted) == opml(site))
        var moved = site
        moved.followed[0].gitHubURL = "https://github.com/elsewhere/lantern"
        #expect(try opml(moved) != opml(site))
        var renamed = site
        renamed.followed[0].fullName = "elsewhere/lantern"
        #expect(try opml(renamed) != opml(site))
    }

    @Test("another theme, base URL or shaping option changes every page's fingerprint")
    func sharedInputsChange() throws {
        let base = Self.fingerprints(try Self.inputs())
        let folder = try ThemeTests.ThemeFolderFixture(["assets/style.css": "body { color: red; }\n"])
        for other in [
            Self.fingerprints(try Self.inputs(theme: try Theme(directory: folder.url))),
            Self.fingerprints(try Self.inputs(baseURL: "https://example.org/digest/")),
            Self.fingerprints(try Self.inputs(options: "program 0.2.0")),
        ] {
            let pages = base.keys.filter { $0.hasSuffix(".html") }
            #expect(!pages.isEmpty)
            for page in pages { #expect(base[page] != other[page], "\(page)") }
        }
    }

    @Test("a new page that moves another's path (names equal but for case) changes the pages linking to it")
    func routerPathsCount() throws {
        var site = SiteFixture.site
        let before = try Self.inputs(site)
        site.listPages.append(SiteFixture.list(.owner(login: "Kit-Harbor"), "Kit-Harbor", groups: []))
        let after = try Self.inputs(site)
        let owner = Route(.owner(login: "kit-harbor"))
        #expect(before.plan.router.path(for: owner) != after.plan.router.path(for: owner))
        let fork = { (inputs: SitePlan.Inputs) in
            inputs.fingerprint(at: inputs.plan.items.firstIndex { $0.path == "repos/kit-harbor/old-fork.html" }!)
        }
        #expect(fork(before) != fork(after), "the fork's page links to its owner's page, which moved")
    }

    /// A field a model gains must be fed to the fingerprint (`PageInput.swift`), or a page that
    /// shows it would be carried over with the old value.
    @Test("every field of every page model is fed to the fingerprint")
    func everyFieldIsFed() {
        let site = SiteFixture.site
        let page = site.repositories[0]
        let fields: [(Any, [String])] = [
            (
                page,
                [
                    "card", "owner", "ownerLogin", "ownerGitHubURL", "facts", "homepageURL", "releases", "readme",
                    "releasesKnown", "readmeKnown", "readmeVersion",
                ]
            ),
            (
                page.card.fields,
                [
                    "route", "fullName", "description", "language", "topics", "stars", "starsText", "forksText",
                    "pushedText", "starredText", "badges", "gitHubURL", "note", "avatar",
                    "ownerIsOrganisation", "starLists", "starListsLabel",
                ]
            ),
            (
                site.listPages[0],
                [
                    "route", "title", "summary", "summaryNames", "groups", "pagination", "gitHubURL", "isFilterable",
                    "avatar",
                    "isOrganisation",
                ]
            ),
            (site.listPages[0].pagination!, ["page", "pageCount", "previous", "next"]),
            (site.listPages[0].groups[0], ["title", "cards"]),
            (site.digest, ["title", "summary", "sections", "languages", "topics", "allTopics", "releases", "changes"]),
            (site.digest.sections[0], ["title", "cards", "more"]),
            (
                site,
                [
                    "title", "generatedText", "generatedISO", "navigation", "digest", "listPages", "repositories",
                    "feed",
                    "notices", "topics", "languages", "starLists", "markdownList", "avatars", "phrasebook",
                    "readmeImages",
                    "followed",
                ]
            ),
            (
                StarListEntry(title: "", route: .starLists, label: "", description: nil, count: ""),
                ["title", "route", "label", "isPrivate", "description", "count"]
            ),
            (
                SiteFixture.release,
                [
                    "id", "kind", "title", "repository", "route", "url", "dateISO", "dateText", "summary",
                    "content", "releaseName", "releaseTag", "isPrerelease",
                ]
            ),
            (
                ReleaseItem(title: "", tag: "", dateText: nil, dateISO: nil, isPrerelease: false, url: "", notes: nil),
                ["title", "tag", "dateText", "dateISO", "isPrerelease", "url", "notes"]
            ),
            (
                ChangeItem(id: "", kind: .stars, label: "", text: "", repository: "", route: nil, url: ""),
                ["id", "kind", "label", "text", "around", "repository", "route", "url", "members"]
            ),
            (ChangeItem.Member(name: "", route: nil, url: ""), ["name", "route", "url"]),
            (ChangesSection(summary: "", items: []), ["summary", "items"]),
            (
                MarkdownText(source: ""),
                [
                    "source", "markup", "linkBase", "imageBase", "rootLinkBase", "rootImageBase", "localImages",
                ]
            ),
            (PageLink(title: "", route: .digest), ["title", "route", "count", "color"]),
            (Fact(label: "", value: ""), ["label", "value"]),
            (Notice(text: ""), ["text"]),
            (Phrasebook(), ["language", "entries"]),
            (Route.digest, ["kind", "page"]),
            (site.followed[0], ["fullName", "gitHubURL"]),
        ]
        for (model, expected) in fields {
            #expect(
                Mirror(reflecting: model).children.map { $0.label ?? "" } == expected,
                "\(type(of: model)) has other fields than PageInput feeds: feed the new one, then list it here")
        }
    }
}
