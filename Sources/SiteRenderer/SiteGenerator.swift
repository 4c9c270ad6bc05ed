import Foundation
internal import Mustache
public import PageModels

/// A `Site` of page models → every file of the published site, in memory: the HTML pages
/// through the theme's templates, the theme's assets, and `digest.json`. Writing and
/// validating are separate steps (`SiteWriter`, `SiteValidator`).
public struct SiteGenerator: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ site: Site) throws -> [OutputFile] {
        let library = try theme.library()
        let routes = [Route.digest, .notFound] + site.lists.map(\.route) + site.repositories.map(\.card.route)
        let router = Router(routes: routes)
        let context = PageContext(
            site: site, router: router, markdown: MarkdownRenderer(), stylesheet: "assets/style.css")

        func page(_ route: Route, _ template: String, _ values: [String: Any]) throws -> OutputFile {
            guard let html = library.render(values, withTemplate: template) else {
                throw ThemeError.missingTemplate(theme: theme.name, name: template)
            }
            return OutputFile(path: router.path(for: route), contents: Data(html.replacingXMLForbiddenCharacters.utf8))
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
        files += theme.assets.sorted { $0.key < $1.key }.map {
            OutputFile(path: "assets/" + $0.key, contents: $0.value)
        }
        files.append(try DigestJSON(site: site, router: router).file())
        return files
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
