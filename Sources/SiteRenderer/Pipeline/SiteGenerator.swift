import Foundation
public import PageModels
import ParallelWork

/// A `Site` of page models → every file of the published site, in memory: the HTML pages
/// through the theme's templates, the theme's assets, the feeds, the sitemap, `digest.json`
/// and `digest.md`. Writing and validating are separate steps (`SiteWriter`, `SiteValidator`);
/// `SiteBuild` does all three a file at a time, for a site too large to hold.
public struct SiteGenerator: Sendable {
    public var theme: Theme {
        didSet { library = Result { () throws(ThemeError) in try theme.library() } }
    }
    /// Where the site will be published, ending in `/`; nil or empty for relative links only
    /// (then there is no sitemap, and feeds link to GitHub).
    public var baseURL: String?
    /// The most addresses one sitemap holds, past which `sitemap.xml` is an index of several.
    var sitemapLimit = Sitemap.maxURLs
    /// The theme's templates, parsed once per generator rather than once per render: `serve`
    /// and the fuzzer render many times with one theme.
    private var library: Result<TemplateLibrary, ThemeError>

    public init(theme: Theme, baseURL: String? = nil) {
        self.theme = theme
        self.baseURL = baseURL
        library = Result { () throws(ThemeError) in try theme.library() }
    }

    /// Every file, in path order; the pages are rendered on every core. All in memory, and
    /// nothing checked: for tests, the fuzzer and the benchmark's phases. A build renders
    /// through `SiteBuild`, which renders, checks and stages each file in one go.
    public func render(_ site: Site) throws -> [OutputFile] {
        let plan = try plan(site)
        return try Parallel.map(plan.count) { try plan.file(at: $0) }
    }

    /// The site's files, each to be rendered when asked for.
    func plan(_ site: Site) throws(ThemeError) -> SitePlan {
        SitePlan(site: site, theme: theme, library: try library.get(), baseURL: baseURL, sitemapLimit: sitemapLimit)
    }
}
