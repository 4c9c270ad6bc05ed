public import PageModels
import ParallelWork

/// Every output path and every link of the site, computed in one place.
///
/// Paths from the data (owner logins, repository names, languages, topics, search names)
/// become safe path segments (see `PathSegment`). The router is built from all the routes a
/// build publishes, so it can guarantee that two different routes never share a file: where
/// two names would (say `Foo` and `foo`, which differ only by case), the later one in sorted
/// order gets a suffix derived from its full name.
///
/// Links between pages are relative, so the same build works at a domain root, in a
/// subfolder, and straight from disk (`file://`, where a folder link would not open its
/// `index.html`, hence links name the file). Absolute URLs, for feeds, the sitemap and
/// canonical links, exist only when the site's `baseURL` is known. The one page that needs
/// them is `404.html`: a server shows it at whatever address was asked for, so relative links
/// from it would resolve against the wrong folder; without a `baseURL` it links from the
/// server's root instead.
public struct Router: Sendable {
    /// Where the site is published, ending in `/`; nil when unknown.
    public var baseURL: String?
    private var folders: [Route.Kind: String] = [:]

    /// Files at fixed places, beside the pages.
    public static let atomFeed = "feed.xml"
    public static let jsonFeed = "feed.json"
    public static let sitemap = "sitemap.xml"
    /// The sitemaps a site past 50,000 pages is listed in, `sitemap.xml` their index.
    public static let sitemapsFolder = "sitemaps/"
    public static let digestJSON = "digest.json"
    public static let digestMarkdown = "digest.md"
    public static let releasesOPML = "releases.opml"
    public static let assetsFolder = "assets/"
    /// Owners' pictures the site publishes itself.
    public static let avatarsFolder = "avatars/"
    /// Images READMEs show that the site publishes itself (the sample's).
    public static let readmeImagesFolder = "images/"

    /// Where the site publishes the avatar named `name` (`Site.avatars`' key).
    static func avatarPath(_ name: String) -> String { avatarsFolder + PathSegment.make(name) }

    /// Where the site publishes the README image named `name` (`Site.readmeImages`' key).
    static func readmeImagePath(_ name: String) -> String { readmeImagesFolder + PathSegment.make(name) }

    public init(routes: some Sequence<Route>, baseURL: String? = nil) {
        self.baseURL = baseURL.flatMap { $0.isEmpty ? nil : ($0.hasSuffix("/") ? $0 : $0 + "/") }
        let kinds = Set(routes.map(\.kind)).sorted()
        // Every name made safe on every core (10,900 at 10,000 repositories); only the
        // collisions need the order.
        let natural = kinds.concurrentMap(Self.naturalFolder)
        var taken: [String: Route.Kind] = [:]
        for (kind, naturalFolder) in zip(kinds, natural) {
            var folder = naturalFolder
            // Described only on a collision: by reflection, for every route, it cost more than routing.
            var salt: String?
            while taken[folder.lowercased()] != nil {
                salt = salt.map { $0 + "+" } ?? String(describing: kind)
                folder += "-" + PathSegment.hash(salt!)
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

    /// A link from one page to another: relative, except from the 404 page of a site whose
    /// address is known.
    public func href(from: Route, to: Route) -> String {
        href(from: from, toFile: path(for: to))
    }

    /// A link from a page to any file of the site (an asset, a feed).
    public func href(from: Route, toFile file: String) -> String {
        if from.kind == .notFound { return url(forFile: file) ?? rootRelative(file) }
        return relative(from: path(for: from), to: file)
    }

    /// A link from a page to a folder of the site, ending in `/` (`../../assets/`), for
    /// templates that name files inside it.
    public func href(from: Route, toFolder folder: String) -> String {
        String(href(from: from, toFile: folder + "_").dropLast())
    }

    /// The page's absolute URL, with `index.html` left off as servers do; nil without a base URL.
    public func url(for route: Route) -> String? {
        url(forFile: path(for: route))
    }

    /// A file's absolute URL; nil without a base URL.
    public func url(forFile file: String) -> String? {
        guard let baseURL else { return nil }
        if file == "index.html" { return baseURL }
        if file.hasSuffix("/index.html") { return baseURL + file.dropLast("index.html".count) }
        return baseURL + file
    }

    /// A file's address from the root of the server: how the 404 page links when the site's
    /// address is unknown, as with `base_url = ""` (what `init` writes and `serve` uses). A
    /// server shows that page at any depth (`/repos/nope/missing.html`), where a relative
    /// link would miss; a site served from a subfolder sets `base_url` and gets absolute ones.
    private func rootRelative(_ file: String) -> String {
        "/" + file
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
        case .starList(let account, let slug):
            return "lists/" + PathSegment.make(account) + "/" + PathSegment.make(slug)
        case .language(let name): return "languages/" + PathSegment.make(name)
        case .topic(let name): return "topics/" + PathSegment.make(name)
        case .topics: return "topics"
        case .languages: return "languages"
        case .starLists: return "lists"
        case .owners: return "owners"
        case .searches: return "searches"
        }
    }

    /// `to` as a link from the page at `from` (both from the site's root): the folders they
    /// share dropped, one `../` per folder of `from` left. On the bytes, as every card of every
    /// list asks a few times: splitting both paths into arrays of substrings was a few per cent
    /// of a cold build.
    private func relative(from: String, to: String) -> String {
        var from = from
        var to = to
        return from.withUTF8 { source in
            to.withUTF8 { target in
                // The end of the folders both paths start with.
                var shared = 0
                var index = 0
                while index < source.count, index < target.count, source[index] == target[index] {
                    if source[index] == UInt8(ascii: "/") { shared = index + 1 }
                    index += 1
                }
                let up = source[shared...].reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
                var link = [UInt8]()
                link.reserveCapacity(up * 3 + target.count - shared)
                for _ in 0..<up { link.append(contentsOf: "../".utf8) }
                link.append(contentsOf: target[shared...])
                return String(decoding: link, as: UTF8.self)
            }
        }
    }
}
