import Foundation
internal import Mustache
public import PageModels

/// A `Site` of page models → every file of the published site, in memory: the HTML pages
/// through the theme's templates, the theme's assets, the feeds, the sitemap, `digest.json`
/// and `digest.md`. Writing and validating are separate steps (`SiteWriter`, `SiteValidator`).
public struct SiteGenerator: Sendable {
    public var theme: Theme
    /// Where the site will be published, ending in `/`; nil or empty for relative links only
    /// (then there is no sitemap, and feeds link to GitHub).
    public var baseURL: String?

    public init(theme: Theme, baseURL: String? = nil) {
        self.theme = theme
        self.baseURL = baseURL
    }

    public func render(_ site: Site) throws -> [OutputFile] {
        let library = try theme.library()
        let routes = [Route.digest, .notFound] + site.lists.map(\.route) + site.repositories.map(\.card.route)
        let router = Router(routes: routes, baseURL: baseURL)
        let markdown = MarkdownRenderer()
        let context = PageContext(site: site, router: router, markdown: markdown)

        func page(_ route: Route, _ template: String, _ values: [String: Any]) throws -> OutputFile {
            guard let html = library.render(values, withTemplate: template) else {
                throw ThemeError.missingTemplate(theme: theme.name, name: template)
            }
            return OutputFile(path: router.path(for: route), contents: Data(html.xmlSafe.utf8))
        }

        var files: [OutputFile] = []
        files.append(try page(.digest, "digest", context.digest(site.digest)))
        for list in site.lists {
            files.append(try page(list.route, "list", context.list(list)))
        }
        for repository in site.repositories {
            files.append(try page(repository.card.route, "repository", context.repository(repository)))
        }
        files.append(try page(.notFound, "not-found", context.notFound()))
        if let sitemap = Sitemap(router: router, pages: files.map(\.path)).file() {
            files.append(sitemap)
        }
        files += theme.assets.map { OutputFile(path: Router.assetsFolder + $0.key, contents: $0.value) }
        files.append(AtomFeed(site: site, router: router, markdown: markdown).file())
        files.append(try JSONFeed(site: site, router: router, markdown: markdown).file())
        files.append(try DigestJSON(site: site, router: router).file())
        files.append(DigestMarkdown(site: site, router: router).file())
        return files.sorted { $0.path < $1.path }
    }
}

/// One file of the site: its path relative to the output folder, and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }
}
