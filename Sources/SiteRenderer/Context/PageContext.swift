import PageModels

/// Page models → the values a template sees. These dictionaries are the theme contract:
/// every key a template may use is set here (and listed in Themes/README.md). Links are
/// resolved by the router relative to the page being rendered; Markdown arrives as sanitised
/// HTML under keys ending in `HTML`, the only values templates place unescaped.
struct PageContext {
    var site: Site
    var router: Router
    var markdown: MarkdownRenderer
    /// Path of the stylesheet and other assets, relative to the output folder.
    var stylesheet: String

    /// The values every page has, for the layout: site title, navigation, stylesheet, footer.
    func layout(for route: Route, title: String, kind: String) -> [String: Any] {
        [
            "siteTitle": site.title,
            "pageTitle": title,
            "pageKind": kind,
            "home": router.href(from: route, to: .digest),
            "stylesheet": router.href(from: route, toFile: stylesheet),
            "nav": site.navigation.map { link in
                Self.present([
                    "title": link.title,
                    "href": router.href(from: route, to: link.route),
                    "current": link.route.kind == route.kind,
                ])
            },
            "generated": ["text": site.generatedText, "iso": site.generatedISO],
            "notices": site.notices.map { ["text": $0.text] },
        ]
    }

    func digest(_ page: DigestPage) -> [String: Any] {
        let route = Route.digest
        return layout(for: route, title: page.title, kind: "digest").merging(Self.present([
            "summary": page.summary,
            "sections": page.sections.map { section in
                Self.present([
                    "title": section.title,
                    "cards": section.cards.map { card($0, from: route) },
                    "more": section.more.map { link($0, from: route) },
                ])
            },
            "languages": page.languages.map { link($0, from: route) },
            "topics": page.topics.map { link($0, from: route) },
        ])) { $1 }
    }

    func list(_ page: ListPage) -> [String: Any] {
        let route = page.route
        let title = page.pagination.map { "\(page.title) (page \($0.page) of \($0.pageCount))" } ?? page.title
        return layout(for: route, title: title, kind: "list").merging(Self.present([
            "heading": page.title,
            "summary": page.summary,
            "cards": page.cards.map { card($0, from: route) },
            "pagination": page.pagination.map { pagination in
                Self.present([
                    "page": pagination.page,
                    "pageCount": pagination.pageCount,
                    "previous": pagination.previous.map { router.href(from: route, to: $0) },
                    "next": pagination.next.map { router.href(from: route, to: $0) },
                ])
            },
        ])) { $1 }
    }

    func repository(_ page: RepoPage) -> [String: Any] {
        let route = page.card.route
        return layout(for: route, title: page.card.fullName, kind: "repository").merging(Self.present([
            "repo": card(page.card, from: route),
            "owner": page.owner.map { link($0, from: route) },
            "ownerLogin": page.ownerLogin,
            "ownerGitHubURL": page.ownerGitHubURL,
            "facts": page.facts.map { ["label": $0.label, "value": $0.value] },
            "homepage": page.homepageURL,
            "releases": page.releases.enumerated().map { index, release in
                Self.present([
                    "title": release.title,
                    "tag": release.tag,
                    "dateText": release.dateText,
                    "dateISO": release.dateISO,
                    "prerelease": release.isPrerelease,
                    "url": release.url,
                    "notesHTML": release.notes.map {
                        markdown.html($0, idPrefix: "release-\(index + 1)-", headingOffset: 3)
                    },
                ])
            },
            "readmeHTML": page.readme.map { markdown.html($0, idPrefix: "readme-", headingOffset: 2) },
        ])) { $1 }
    }

    func notFound() -> [String: Any] {
        layout(for: .notFound, title: "Page not found", kind: "not-found")
    }

    func card(_ card: RepoCard, from route: Route) -> [String: Any] {
        let values: [String: Any?] = [
            "href": router.href(from: route, to: card.route),
            "fullName": card.fullName,
            "description": card.description,
            "language": card.language.map { link($0, from: route) },
            "topics": card.topics.map { link($0, from: route) },
            "stars": card.stars,
            "starsText": card.starsText,
            "forksText": card.forksText,
            "pushedText": card.pushedText,
            "starredText": card.starredText,
            "badges": card.badges.map { ["label": $0.rawValue, "name": "\($0)"] },
            "gitHubURL": card.gitHubURL,
        ]
        return values.present
    }

    func link(_ link: PageLink, from route: Route) -> [String: Any] {
        let values: [String: Any?] = [
            "title": link.title,
            "href": router.href(from: route, to: link.route),
            "count": link.count,
        ]
        return values.present
    }

    private static func present(_ values: [String: Any?]) -> [String: Any] { values.present }
}

extension Dictionary where Key == String, Value == Any? {
    /// Without the nil values: Mustache treats a stored nil as present, so absent means absent.
    var present: [String: Any] { compactMapValues { $0 } }
}
