import Foundation
import PageModels
import SiteRenderer
import Testing

/// The digest's "since the last run" section, in every theme and in digest.md.
@Suite struct ChangesRenderingTests {
    static func site(_ changes: ChangesSection?) -> Site {
        var site = SiteFixture.site
        site.digest.changes = changes
        return site
    }

    static let changes = ChangesSection(
        summary: "2 changes since 21 Nov 2026, 03:00 UTC.",
        items: [
            ChangeItem(
                id: "release:1:v2", kind: .release, label: "New release", text: "lumen-labs/lantern v2 <b>(was v1)</b>",
                repository: "lumen-labs/lantern", route: SiteFixture.lantern.route,
                url: "https://github.com/lumen-labs/lantern/releases/tag/v2"),
            ChangeItem(
                id: "gone:9", kind: .gone, label: "Gone", text: "old/tool no longer exists on GitHub",
                repository: "old/tool", route: nil, url: "https://github.com/old/tool"),
        ])

    @Test(arguments: Theme.builtInNames)
    func theSectionLinksToThePageOrToGitHubAndValidates(_ theme: String) throws {
        let files = try SiteGenerator(theme: Theme.builtIn(theme)).render(Self.site(Self.changes))
        #expect(SiteValidator().validate(files) == [])
        let index = String(decoding: try #require(files.first { $0.path == "index.html" }).contents, as: UTF8.self)
        #expect(index.contains("Since the last run"))
        #expect(index.contains("2 changes since 21 Nov 2026, 03:00 UTC."))
        #expect(index.contains("href=\"repos/lumen-labs/lantern.html\""), "a repository with a page links to it")
        #expect(index.contains("href=\"https://github.com/old/tool\""), "one without links to GitHub")
        #expect(index.contains("&lt;b&gt;(was v1)&lt;/b&gt;"), "text is escaped")
        let markdown = String(decoding: try #require(files.first { $0.path == "digest.md" }).contents, as: UTF8.self)
        #expect(markdown.contains("## Since the last run"))
        #expect(markdown.contains("- **Gone** [old/tool no longer exists on GitHub](<https://github.com/old/tool>)"))
    }

    /// Changes told together: one with its List's page, one of a List the site no longer has.
    static let together: ChangesSection = {
        var filled = ChangeItem(
            id: "list-added-together:1:Lights", kind: .addedToList, label: "Added to a List",
            text: "3 repositories were added to the List Lights", repository: "Lights",
            route: Route(.starList(account: "mona", slug: "lights")), url: "https://github.com/stars/mona/lists/lights")
        filled.around = ChangeItem.Around(before: "3 repositories were added to the List ", after: "")
        filled.members = [
            ChangeItem.Member(
                name: "lumen-labs/lantern", route: SiteFixture.lantern.route,
                url: "https://github.com/lumen-labs/lantern"),
            ChangeItem.Member(name: "old/tool", route: nil, url: "https://github.com/old/tool"),
            ChangeItem.Member(name: "old/kit", route: nil, url: "https://github.com/old/kit"),
        ]
        // Its List not linked: the text's link is the first repository's.
        var deleted = ChangeItem(
            id: "list-removed-together:1:Old", kind: .removedFromList, label: "Removed from a List",
            text: "3 repositories were removed from the List Old", repository: "Old", route: nil,
            url: "https://github.com/lumen-labs/lantern")
        deleted.members = filled.members
        return ChangesSection(summary: "6 changes since 21 Nov 2026, 03:00 UTC.", items: [filled, deleted])
    }()

    @Test(arguments: Theme.builtInNames)
    func changesToldTogetherLinkTheListAndEachRepository(_ theme: String) throws {
        var site = Self.site(Self.together)
        site.starLists = [
            StarListEntry(
                title: "Lights", route: Route(.starList(account: "mona", slug: "lights")), label: "List",
                description: nil, count: "3 repositories")
        ]
        site.listPages.append(
            ListPage(
                route: Route(.starList(account: "mona", slug: "lights")), title: "Lights", summary: "",
                groups: [], pagination: nil))
        let files = try SiteGenerator(theme: Theme.builtIn(theme)).render(site)
        #expect(SiteValidator().validate(files) == [])
        let index = String(decoding: try #require(files.first { $0.path == "index.html" }).contents, as: UTF8.self)
        // Each theme keeps each name whole on a line.
        let member = theme == "default" ? "<a class=\"change-member\"" : "<a class=\"rd-member\""
        #expect(
            index.contains(
                "3 repositories were added to the List <a href=\"lists/mona/lights/index.html\">Lights</a>: "
                    + "\(member) href=\"repos/lumen-labs/lantern.html\">lumen-labs/lantern</a>, "
                    + "\(member) href=\"https://github.com/old/tool\">old/tool</a>, "
                    + "\(member) href=\"https://github.com/old/kit\">old/kit</a>"), "\(index)")
        #expect(
            index.contains("3 repositories were removed from the List Old: <a"),
            "a List gone is named, not linked")
        let markdown = String(decoding: try #require(files.first { $0.path == "digest.md" }).contents, as: UTF8.self)
        #expect(
            markdown.contains(
                "- **Removed from a List** 3 repositories were removed from the List Old: "
                    + "[lumen-labs/lantern](<https://github.com/lumen-labs/lantern>), [old/tool](<https://github.com/old/tool>), "
                    + "[old/kit](<https://github.com/old/kit>)"),
            "\(markdown)")
    }

    @Test("a theme written before changes were told together links each item's text, and validates")
    func anOlderThemeStillValidates() throws {
        let folder = try ThemeTests.ThemeFolderFixture([
            "theme.toml": "name = \"older\"\nextends = \"default\"\n",
            "templates/digest.mustache": """
            {{<layout}}
            {{$main}}
            <h1>{{pageTitle}}</h1>
            {{#changes}}<ul>{{#items}}<li>{{label}} {{#around}}{{before}}<a href="{{link}}">{{name}}</a>{{after}}{{/around}}{{^around}}<a href="{{link}}">{{text}}</a>{{/around}}</li>{{/items}}</ul>{{/changes}}
            {{/main}}
            {{/layout}}

            """,
        ])
        var site = Self.site(Self.together)
        site.listPages.append(
            ListPage(
                route: Route(.starList(account: "mona", slug: "lights")), title: "Lights", summary: "",
                groups: [], pagination: nil))
        let files = try SiteGenerator(theme: Theme(directory: folder.url)).render(site)
        #expect(SiteValidator().validate(files) == [])
        let index = String(decoding: try #require(files.first { $0.path == "index.html" }).contents, as: UTF8.self)
        #expect(
            index.contains(
                "<a href=\"https://github.com/lumen-labs/lantern\">3 repositories were removed from the List Old</a>"))
    }

    @Test func theFirstRunSaysSoAndNoSectionWithoutHistory() throws {
        let first = ChangesSection(summary: "Nothing to compare with yet: this is the first run.", items: [])
        let files = try SiteGenerator(theme: Theme.builtIn("default")).render(Self.site(first))
        let index = String(decoding: try #require(files.first { $0.path == "index.html" }).contents, as: UTF8.self)
        #expect(index.contains("Nothing to compare with yet"))
        let none = try SiteGenerator(theme: Theme.builtIn("default")).render(Self.site(nil))
        #expect(
            !String(decoding: none.first { $0.path == "index.html" }!.contents, as: UTF8.self).contains(
                "Since the last run"))
    }
}
