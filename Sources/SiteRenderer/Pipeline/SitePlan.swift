import Foundation
import PageModels
import ParallelWork

/// One build's files before any is rendered: each one's path, and how to make it on demand.
/// Any thread may render any file, so pages render on every core, and a build that writes
/// each file as it comes (`SiteBuild`) never holds the whole site in memory.
struct SitePlan: Sendable {
    enum Item: Sendable {
        case digest, notFound
        case list(Int)
        case repository(Int)
        /// The page of every topic or every language.
        case termIndex(PageContext.TermIndex)
        /// The page of every Star List, owner or saved search (`PageContext.PageIndex`).
        case pageIndex(PageContext.PageIndex)
        /// The search index of a list of several pages: the indices of its pages in `Site.listPages`.
        case searchIndex([Int])
        case asset(String)
        case avatar(String)
        case readmeImage(String)
        case atomFeed, jsonFeed, digestJSON, digestMarkdown, sitemap, releasesOPML
        /// A part of a sitemap too large for one (`Sitemap`), numbered from 1.
        case sitemapPart(Int)

        /// The index in `Site.repositories` of a repository page.
        var repository: Int? {
            if case .repository(let index) = self { return index }
            return nil
        }

        var isPage: Bool {
            switch self {
            case .digest, .notFound, .list, .repository, .termIndex, .pageIndex: return true
            default: return false
            }
        }
    }

    let site: Site
    let themeName: String
    let library: TemplateLibrary
    let router: Router
    let context: PageContext
    let assets: [String: Data]
    /// Every file, in path order.
    let items: [(path: String, item: Item)]

    /// The most addresses one sitemap holds (`Sitemap.maxURLs`; smaller in tests).
    let sitemapLimit: Int

    init(site: Site, theme: Theme, library: TemplateLibrary, baseURL: String?, sitemapLimit: Int = Sitemap.maxURLs) {
        // "All topics" and "All languages" are pages of themes that have a template for them
        // (the built-in ones); an older custom theme goes on without them, and without links to them.
        let termIndexes = PageContext.TermIndex.allCases.filter {
            !$0.terms(in: site).isEmpty && theme.templates[$0.template] != nil
        }
        // The page of every Star List, owner or saved search, where there are enough to crowd
        // the navigation.
        let pageIndexes =
            theme.templates[Theme.starListsTemplate] == nil ? [] : PageContext.PageIndex.due(in: site)
        let indexes = PageContext.PageIndex.allCases.filter(pageIndexes.contains)
        let routes =
            [Route.digest, .notFound] + site.listPages.map(\.route) + site.repositories.map(\.card.route)
            + termIndexes.map(\.route) + indexes.map(\.route)
        let router = Router(routes: routes, baseURL: baseURL)
        // Lists of several pages with a filter box get an index of the whole list, in themes
        // whose script reads it.
        var listPages: [Route.Kind: [Int]] = [:]
        for (index, list) in site.listPages.enumerated() { listPages[list.route.kind, default: []].append(index) }
        let indexed =
            theme.assets[SearchIndex.script] == nil
            ? [:] : listPages.filter { $0.value.count > 1 && site.listPages[$0.value[0]].isFilterable }
        self.site = site
        self.sitemapLimit = sitemapLimit
        self.themeName = theme.name
        self.library = library
        self.router = router
        self.context = PageContext(
            site: site, router: router, markdown: MarkdownRenderer(phrasebook: site.phrasebook),
            hasFavicon: theme.assets["favicon.svg"] != nil, termIndexes: Set(termIndexes), pageIndexes: pageIndexes,
            searchIndexes: Set(indexed.keys),
            words: PageContext.words(site.phrasebook, siteTitle: site.title))
        self.assets = theme.assets
        var items: [(String, Item)] = [(router.path(for: .digest), .digest), (router.path(for: .notFound), .notFound)]
        items += site.listPages.indices.map { (router.path(for: site.listPages[$0].route), .list($0)) }
        items += Parallel.map(site.repositories.count) {
            (router.path(for: site.repositories[$0].card.route), .repository($0))
        }
        items += termIndexes.map { (router.path(for: $0.route), .termIndex($0)) }
        items += indexes.map { (router.path(for: $0.route), .pageIndex($0)) }
        items += indexed.map { kind, pages in (SearchIndex.path(for: Route(kind), router: router), .searchIndex(pages))
        }
        if router.baseURL != nil {
            items.append((Router.sitemap, .sitemap))
            // Every page but the 404: the pages so far.
            let parts = Sitemap.parts(pages: items.count { $0.1.isPage } - 1, limit: sitemapLimit)
            if parts > 1 { items += (1...parts).map { (Sitemap.path(ofPart: $0), .sitemapPart($0)) } }
        }
        if !site.followed.isEmpty { items.append((Router.releasesOPML, .releasesOPML)) }
        items += theme.assets.keys.map { (Router.assetsFolder + $0, .asset($0)) }
        items += site.avatars.keys.map { (Router.avatarPath($0), .avatar($0)) }
        items += site.readmeImages.keys.map { (Router.readmeImagePath($0), .readmeImage($0)) }
        items += [
            (Router.atomFeed, .atomFeed), (Router.jsonFeed, .jsonFeed),
            (Router.digestJSON, .digestJSON), (Router.digestMarkdown, .digestMarkdown),
        ]
        self.items = items.sorted { $0.0 < $1.0 }
    }

    var count: Int { items.count }
    var paths: [String] { items.map(\.path) }

    /// The index in `items` of the file at `path`.
    func index(of path: String) -> Int? {
        var (low, high) = (0, items.count)
        while low < high {
            let middle = (low + high) / 2
            if items[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < items.count && items[low].path == path ? low : nil
    }

    /// The first path two items share (items are in path order), if any.
    var firstRepeatedPath: String? {
        zip(items, items.dropFirst()).first { $0.path == $1.path }?.0.path
    }

    /// The file at `index` of `items`, rendered. Each case here has its twin in
    /// `Inputs.fingerprint(at:page:)`, which must feed every value the case reads: a value left
    /// out there lets a page that shows it be carried over unchanged (and a change in how
    /// the fingerprint is made bumps `Inputs.scheme`).
    func file(at index: Int) throws -> OutputFile {
        let (path, item) = items[index]
        switch item {
        case .digest, .notFound, .list, .termIndex, .pageIndex, .repository:
            let (template, values) = template(for: item)!  // it knows every page
            return try page(path, template, values)
        case .searchIndex(let pages):
            return try SearchIndex(pages: pages.map { site.listPages[$0] }, router: router).file()
        case .asset(let name): return OutputFile(path: path, contents: assets[name]!)
        case .avatar(let name): return OutputFile(path: path, contents: Data(site.avatars[name]!))
        case .readmeImage(let name): return OutputFile(path: path, contents: Data(site.readmeImages[name]!))
        case .atomFeed: return AtomFeed(site: site, router: router, markdown: context.markdown).file()
        case .jsonFeed: return try JSONFeed(site: site, router: router, markdown: context.markdown).file()
        case .digestJSON: return try DigestJSON(site: site, router: router).file()
        case .digestMarkdown: return DigestMarkdown(site: site, router: router).file()
        case .sitemap: return sitemap.file()!
        case .sitemapPart(let number): return sitemap.part(number)!
        case .releasesOPML: return ReleasesOPML(site: site).file()!
        }
    }

    /// The sitemap of the pages of this plan.
    var sitemap: Sitemap {
        Sitemap(router: router, pages: items.filter { $0.item.isPage }.map(\.path), limit: sitemapLimit)
    }

    /// The repository page at `index` of `items`, from `page` rather than the site's model
    /// of it: the same page with its README, when the README came apart from the site.
    func repositoryFile(at index: Int, page: RepoPage) throws -> OutputFile {
        try self.page(items[index].path, "repository", context.repository(page))
    }

    /// The template and values of a page; nil for a file that is not one. A repository page
    /// is made from `repository` when given (the same page with its README).
    func template(for item: Item, repository: RepoPage? = nil) -> (name: String, values: TemplateValue)? {
        switch item {
        case .digest: ("digest", context.digest(site.digest))
        case .notFound: ("not-found", context.notFound())
        case .list(let list): ("list", context.list(site.listPages[list]))
        case .termIndex(let index): (index.template, context.termIndex(index))
        case .pageIndex(let index): (Theme.starListsTemplate, context.pageIndex(index))
        case .repository(let page): ("repository", context.repository(repository ?? site.repositories[page]))
        default: nil
        }
    }

    /// The page at `index` of `items` rendered again, as published (without the characters
    /// XML forbids: a form feed in a template), with where each piece of it came from
    /// (`TemplateTrace`); nil for a file that is not a page.
    func traced(at index: Int, repository: RepoPage? = nil) -> (page: String, trace: TemplateTrace)? {
        guard let (template, values) = template(for: items[index].item, repository: repository),
            let (html, trace) = try? library.render(values, template: template, traced: true)
        else { return nil }
        let page = html.xmlSafe
        return (page, page == html ? trace : trace.droppingXMLForbidden(from: html))
    }

    private func page(_ path: String, _ template: String, _ values: TemplateValue) throws -> OutputFile {
        let rendered: String?
        do {
            rendered = try library.render(values, template: template)
        } catch .endlessPartials(let chain) {
            throw ThemeError.endlessPartials(theme: themeName, chain: chain)
        } catch .tooLarge {
            throw ThemeError.pageTooLarge(theme: themeName, template: template, path: path)
        }
        guard let html = rendered else {
            throw ThemeError.missingTemplate(theme: themeName, name: template)
        }
        return OutputFile(path: path, contents: Data(html.xmlSafe.utf8))
    }
}
