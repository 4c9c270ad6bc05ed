import PageModels

/// Page models → the values a template sees. These dictionaries are the theme contract:
/// every key a template may use is set here (and listed in Themes/README.md). Links are
/// resolved by the router relative to the page being rendered; Markdown arrives as sanitised
/// HTML under keys ending in `HTML`, the only values templates place unescaped.
///
/// No value is ever nil: a value that is not there is left out.
struct PageContext: Sendable {
    var site: Site
    var router: Router
    var markdown: MarkdownRenderer
    /// Whether the theme ships `assets/favicon.svg`, for the layout to link it: a theme
    /// without one must not get a link to a file the site lacks.
    var hasFavicon = false
    /// The pages of every topic and of every language the site has, for the digest and
    /// each topic's or language's page to link.
    var termIndexes: Set<TermIndex> = []
    /// The groups of pages the site has a page of, which the navigation then links instead
    /// of each page of the group.
    var pageIndexes: Set<PageIndex> = []

    /// A page of every topic or every language, each linked to its list with how many
    /// repositories it has, most used first, in themes that have its template.
    enum TermIndex: String, Sendable, CaseIterable, Hashable {
        case topics, languages

        /// The page of them all.
        var route: Route { self == .topics ? .topics : .languages }

        /// Its template, optional: a theme written before it goes on without the page.
        var template: String { rawValue }

        /// Whether a page of `kind` is one it lists.
        func holds(_ kind: Route.Kind) -> Bool {
            switch (self, kind) {
            case (.topics, .topic), (.languages, .language): true
            default: false
            }
        }

        /// What it lists: the site's every topic or language with its count.
        func terms(in site: Site) -> [PageLink] {
            self == .topics ? site.topics : site.languages
        }
    }

    /// A group of pages the navigation links one by one while they are few, and as one link to
    /// a page of them all from `PageIndex.inOne` on, in themes that have that page's template
    /// (`star-lists`): a reader with twenty Lists, or ten owners, got lines of links on every page.
    enum PageIndex: String, Sendable, CaseIterable, Hashable {
        case starLists = "star-lists"
        case owners, searches

        static let inOne = 3

        /// The page of them all.
        var route: Route {
            switch self {
            case .starLists: .starLists
            case .owners: .owners
            case .searches: .searches
            }
        }

        /// Whether a page of `kind` is one of the group.
        func holds(_ kind: Route.Kind) -> Bool {
            switch (self, kind) {
            case (.starLists, .starList), (.owners, .owner), (.searches, .search): true
            default: false
            }
        }

        /// Its words in the catalogue: `nav.KEY` its link, `KEY.heading` its page's heading.
        var key: String {
            switch self {
            case .starLists: "star_lists"
            case .owners: "owners"
            case .searches: "searches"
            }
        }

        /// Its page's summary: "5 Star Lists".
        var countKey: String {
            switch self {
            case .starLists: "count.star_lists"
            case .owners: "count.owners"
            case .searches: "count.saved_searches"
            }
        }

        /// The groups `site` has enough pages of for a page of them all.
        static func due(in site: Site) -> Set<PageIndex> {
            Set(allCases.filter { index in site.navigation.count { index.holds($0.route.kind) } >= inOne })
        }
    }
    /// The lists that ship a `search.json` of all their pages, for the filter box to load.
    var searchIndexes: Set<Route.Kind> = []
    /// The catalogue as templates see it (`t`): its dotted keys as nested values, `{site}`
    /// filled in, made once per build.
    var words = TemplateValue.object([:])

    /// The site's catalogue.
    var phrasebook: Phrasebook { site.phrasebook }

    /// `entries` as nested objects, one level per dot: `nav.digest` is `t.nav.digest` to a
    /// template, which looks a name up a part at a time.
    static func words(_ phrasebook: Phrasebook, siteTitle: String) -> TemplateValue {
        func insert(_ path: ArraySlice<Substring>, _ text: String, into table: inout [String: TemplateValue]) {
            guard let first = path.first.map(String.init) else { return }
            if path.count == 1 {
                // A key that is also another's prefix keeps its table; the checker allows neither.
                if table[first] == nil { table[first] = .text(text) }
                return
            }
            var nested: [String: TemplateValue] = [:]
            if case .object(let existing)? = table.removeValue(forKey: first) { nested = existing }
            insert(path.dropFirst(), text, into: &nested)
            table[first] = .object(nested)
        }
        var root: [String: TemplateValue] = [:]
        for (key, text) in phrasebook.entries {
            insert(key.split(separator: ".")[...], Phrasebook.fill(text, ["site": siteTitle]), into: &root)
        }
        return .object(root)
    }

    /// The values every page has, for the layout: site title, navigation, assets, feeds, footer
    /// (the digest's footer also says when it was generated), and what the page is about in a
    /// line and the picture that stands for it, for search engines and link previews.
    func layout(
        for route: Route, title: String, kind: String, description: String? = nil, image: String? = nil
    ) -> [String: TemplateValue] {
        Self.fields([
            "t": words,
            "languageCode": phrasebook.language,
            "siteTitle": site.title,
            "pageTitle": title,
            // The browser tab's title: "Swift · My stars", but the home page's title is the
            // site's own, and "My stars · My stars" says it twice.
            "documentTitle": title == site.title ? title : "\(title) · \(site.title)",
            "pageKind": kind,
            "pageDescription": description.flatMap { $0.isEmpty ? nil : $0 },
            "pageImage": image,
            "home": router.href(from: route, to: .digest),
            "assets": router.href(from: route, toFolder: Router.assetsFolder),
            "stylesheet": router.href(from: route, toFile: Router.assetsFolder + "style.css"),
            "favicon": hasFavicon ? router.href(from: route, toFile: Router.assetsFolder + "favicon.svg") : nil,
            "canonical": route.kind == .notFound ? nil : router.url(for: route),
            "feeds": Self.present([
                "atom": router.href(from: route, toFile: Router.atomFeed),
                "json": router.href(from: route, toFile: Router.jsonFeed),
            ]),
            "nav": navigation.map { link in
                Self.present([
                    "title": link.title,
                    "href": router.href(from: route, to: link.route),
                    "current": link.route.kind == route.kind,
                    // The page of a group this page is one of (an owner's, on the page of every owner).
                    "section": pageIndexes.contains { $0.route == link.route && $0.holds(route.kind) },
                ])
            },
            // Only the digest says when the run happened: on every other page the time would
            // change the bytes of a page whose content did not, and a site published from git
            // or rsync would ship every file for one new star.
            "generated": route == .digest ? Self.present(["text": site.generatedText, "iso": site.generatedISO]) : nil,
            "notices": site.notices.map { Self.present(["text": $0.text]) },
        ])
    }

    func digest(_ page: DigestPage) -> TemplateValue {
        let route = Route.digest
        return Self.present(
            [
                "summary": page.summary,
                "changes": page.changes.map { changes in
                    Self.present([
                        "summary": changes.summary,
                        "items": changes.items.map { item in
                            Self.present([
                                "kind": item.kind.rawValue, "label": item.label, "text": item.text,
                                "link": item.route.map { router.href(from: route, to: $0) }
                                    ?? URLSyntax.valid(item.url),
                                "around": item.around.map { around in
                                    Self.present([
                                        "before": around.before, "name": item.repository, "after": around.after,
                                    ])
                                },
                                "members": item.members.map { member in
                                    Self.present([
                                        "name": member.name,
                                        "link": member.route.map { router.href(from: route, to: $0) }
                                            ?? URLSyntax.valid(member.url),
                                    ])
                                },
                            ])
                        },
                    ])
                },
                "sections": page.sections.map { section in
                    Self.present([
                        "title": section.title,
                        "cards": section.cards.map { card($0, from: route) },
                        "more": section.more.map { link($0, from: route) },
                    ])
                },
                "releases": page.releases.map { entry($0, from: route) },
                "languages": page.languages.map { link($0, from: route) },
                "topics": page.topics.map { link($0, from: route) },
                "allTopics": termIndexes.contains(.topics) ? page.allTopics.map { link($0, from: route) } : nil,
            ], over: layout(for: route, title: page.title, kind: "digest", description: page.summary))
    }

    /// Every topic or language with its count, most used first.
    func termIndex(_ index: TermIndex) -> TemplateValue {
        let route = index.route
        let key = index.rawValue
        let terms = index.terms(in: site)
        let heading = phrasebook.text("\(key).heading")
        let count = phrasebook.text("count.\(key)", count: terms.count, countText: String(terms.count))
        return Self.present(
            [
                "heading": heading,
                "summary": phrasebook.text("\(key).summary", [key: count]),
                key: terms.map { link($0, from: route) },
            ], over: layout(for: route, title: heading, kind: key))
    }

    /// The site's navigation, each group the site has a page of (`pageIndexes`) as one link
    /// to it, where the group's first link was.
    var navigation: [PageLink] {
        var links = site.navigation
        for index in PageIndex.allCases where pageIndexes.contains(index) {
            guard let first = links.firstIndex(where: { index.holds($0.route.kind) }) else { continue }
            links.removeAll { index.holds($0.route.kind) }
            links.insert(PageLink(title: phrasebook.text("nav.\(index.key)"), route: index.route), at: first)
        }
        return links
    }

    /// The pages of a group, in the navigation's order, each with what its own page says of
    /// it: a Star List its description and count, an owner or a search its page's summary
    /// (an owner its picture too).
    func pageIndex(_ index: PageIndex) -> TemplateValue {
        let route = index.route
        let heading = phrasebook.text("\(index.key).heading")
        let entries: [TemplateValue]
        if index == .starLists {
            entries = site.starLists.map { list in
                Self.present([
                    "title": list.title, "href": router.href(from: route, to: list.route), "label": list.label,
                    "isPrivate": list.isPrivate, "description": list.description, "count": list.count,
                ])
            }
        } else {
            entries = Self.firstPages(of: index, in: site).map { page in
                Self.present([
                    "title": page.title, "href": router.href(from: route, to: page.route),
                    "description": page.summary, "avatar": page.avatar.flatMap { avatar(for: $0, from: route) },
                    "organisation": page.isOrganisation,
                ])
            }
        }
        return Self.present(
            [
                "heading": heading,
                "summary": phrasebook.text(index.countKey, count: entries.count, countText: String(entries.count)),
                "lists": entries,
            ], over: layout(for: route, title: heading, kind: index.rawValue))
    }

    /// The first page of each list of `index`'s group, in the site's order (the navigation's).
    static func firstPages(of index: PageIndex, in site: Site) -> [ListPage] {
        site.listPages.filter { $0.route.page == 1 && index.holds($0.route.kind) }
    }

    func notFound() -> TemplateValue {
        .object(layout(for: .notFound, title: phrasebook.text("not_found.title"), kind: "not-found"))
    }

    func link(_ link: PageLink, from route: Route) -> TemplateValue {
        Self.present([
            "title": link.title,
            "href": router.href(from: route, to: link.route),
            "count": link.count,
            "color": link.color.flatMap(Self.cssColor),
        ])
    }

    /// A feed entry as the digest page lists it: linked to the repository's page here.
    func entry(_ entry: FeedEntry, from route: Route) -> TemplateValue {
        Self.present([
            "title": entry.title,
            "kind": entry.kind.rawValue,
            "repository": entry.repository,
            "release": entry.releaseName,
            "tag": entry.releaseTag,
            "prerelease": entry.isPrerelease,
            "href": entry.route.map { router.href(from: route, to: $0) },
            "url": URLSyntax.valid(entry.url),
            "dateISO": entry.dateISO,
            "dateText": entry.dateText,
            "summary": entry.summary,
        ])
    }

    /// The values that are there, over `base` (the layout's): one dictionary built once, where
    /// a literal, `compactMapValues` and `merging` made three for every card of every list.
    static func fields(
        _ values: KeyValuePairs<String, (any TemplateRepresentable)?>, over base: [String: TemplateValue] = [:]
    ) -> [String: TemplateValue] {
        var result = base
        result.reserveCapacity(base.count + values.count)
        for (key, value) in values {
            assert(TemplateVocabulary.names.contains(key), "'\(key)' is not in TemplateVocabulary.names")
            if let value { result[key] = value.templateValue }
        }
        return result
    }

    /// `fields` as one object.
    static func present(
        _ values: KeyValuePairs<String, (any TemplateRepresentable)?>, over base: [String: TemplateValue] = [:]
    ) -> TemplateValue {
        .object(fields(values, over: base))
    }
}
