public import PageModels

/// Every output path and every link of the site, computed in one place.
///
/// Paths from the data (owner logins, repository names, languages, topics, search names)
/// become safe path segments (see `PathSegment`). The router is built from all the routes a
/// build publishes, so it can guarantee that two different routes never share a file: where
/// two names would (say `Foo` and `foo`, which differ only by case), the later one in sorted
/// order gets a suffix derived from its full name. Links between pages are relative, so the
/// same build works at a domain root, in a subfolder, and straight from disk.
public struct Router: Sendable {
    private var folders: [Route.Kind: String] = [:]

    public init(routes: some Sequence<Route>) {
        let kinds = Set(routes.map(\.kind)).sorted()
        var taken: [String: Route.Kind] = [:]
        for kind in kinds {
            var folder = Self.naturalFolder(of: kind)
            if let holder = taken[folder.lowercased()], holder != kind {
                folder += "-" + PathSegment.hash(String(describing: kind))
            }
            taken[folder.lowercased()] = kind
            folders[kind] = folder
        }
    }

    /// The file a route's page is written to, relative to the output folder.
    public func path(for route: Route) -> String {
        let page = route.page
        switch route.kind {
        case .digest: return "index.html"
        case .notFound: return "404.html"
        case .repository: return folder(of: route.kind) + ".html"
        default: return folder(of: route.kind) + (page <= 1 ? "/index.html" : "/\(page).html")
        }
    }

    /// A link from one page to another, relative to the first.
    public func href(from: Route, to: Route) -> String {
        relative(from: path(for: from), to: path(for: to))
    }

    /// A link from a page to any file of the site (an asset, a feed).
    public func href(from: Route, toFile file: String) -> String {
        relative(from: path(for: from), to: file)
    }

    private func folder(of kind: Route.Kind) -> String {
        folders[kind] ?? Self.naturalFolder(of: kind)
    }

    private static func naturalFolder(of kind: Route.Kind) -> String {
        switch kind {
        case .digest, .notFound: return ""
        case .starred: return "starred"
        case .favourites: return "favourites"
        case .repository(let owner, let name):
            return "repos/" + PathSegment.make(owner) + "/" + PathSegment.make(name)
        case .owner(let login): return "owners/" + PathSegment.make(login)
        case .search(let name): return "searches/" + PathSegment.make(name)
        case .language(let name): return "languages/" + PathSegment.make(name)
        case .topic(let name): return "topics/" + PathSegment.make(name)
        }
    }

    private func relative(from: String, to: String) -> String {
        var fromFolder = from.split(separator: "/").dropLast()
        var target = to.split(separator: "/")[...]
        while let head = fromFolder.first, head == target.first, target.count > 1 {
            fromFolder = fromFolder.dropFirst()
            target = target.dropFirst()
        }
        return String(repeating: "../", count: fromFolder.count) + target.joined(separator: "/")
    }
}
