import Foundation
import PageModels

extension SitePlan {
    /// The fingerprint of each file's inputs, computed from the page models without rendering
    /// anything: equal fingerprints, equal bytes (given the same program). `SiteBuild` carries
    /// a file over from the published site when its fingerprint is the one the marker kept.
    struct Inputs: Sendable {
        let plan: SitePlan
        /// Feeds the page models in, each card's fingerprint made once.
        let feeder: InputFeeder
        /// What every page shares: the site's title, navigation and notices, the base URL,
        /// the theme's contents, the language's catalogue, and the caller's `options` (the
        /// program and the options that shape the site).
        let shared: String
        /// What the feeds, `digest.json` and `digest.md` are made from: the digest page,
        /// the feed entries, every repository's card, and when the run happened.
        let siteWide: String

        /// Bump when the fingerprints' scheme changes, so no build trusts those made the old way.
        static let scheme = "page-inputs 8"

        init(plan: SitePlan, theme: Theme, options: String) {
            self.plan = plan
            let router = plan.router
            let feeder = InputFeeder(site: plan.site, router: router)
            self.feeder = feeder
            var hasher = StableHasher()
            hasher.combine(Self.scheme)
            hasher.combine(options)
            hasher.combine(theme.name)
            for (name, bytes) in theme.contents {
                hasher.combine(name)
                hasher.combine(bytes)
            }
            hasher.combine(router.baseURL)
            hasher.combine(plan.site.title)
            // Every page's words: another language, or one text changed, renders every page again.
            plan.site.phrasebook.feed(&hasher, with: feeder)
            // The navigation as pages show it: a search renamed behind the one link to every
            // search changes no page's navigation.
            plan.context.navigation.feed(&hasher, with: feeder)
            // Which groups the navigation links the page of instead of each of their pages.
            for index in PageContext.PageIndex.allCases { hasher.combine(plan.context.pageIndexes.contains(index)) }
            // Whether a topic's or language's page links back to the page of every one.
            for index in PageContext.TermIndex.allCases { hasher.combine(plan.context.termIndexes.contains(index)) }
            plan.site.notices.feed(&hasher, with: feeder)
            shared = hasher.finalize()

            var whole = StableHasher()
            whole.combine(shared)
            whole.combine(plan.site.generatedText)
            whole.combine(plan.site.generatedISO)
            plan.site.digest.feed(&whole, with: feeder)
            plan.site.feed.feed(&whole, with: feeder)
            whole.combine(plan.site.repositories.count)
            for page in plan.site.repositories { page.card.feed(&whole, with: feeder) }
            // `digest.md` as a list shows every group of the starred list.
            whole.combine(plan.site.markdownList?.count ?? -1)
            for group in plan.site.markdownList ?? [] { group.feed(&whole, with: feeder) }
            siteWide = whole.finalize()
        }

        /// The fingerprint of the file at `index` of the plan's items; for a repository page, of
        /// `page` when given (the page with the README streamed to the build). Each case feeds
        /// every value its twin in `SitePlan.file(at:)` renders from.
        func fingerprint(at index: Int, page: RepoPage? = nil) -> String {
            let (path, item) = plan.items[index]
            var hasher = StableHasher()
            hasher.combine(shared)
            hasher.combine(path)
            switch item {
            case .digest:
                hasher.combine("digest")
                // Only the digest page says when the run happened.
                hasher.combine(plan.site.generatedText)
                hasher.combine(plan.site.generatedISO)
                plan.site.digest.feed(&hasher, with: feeder)
            case .notFound:
                hasher.combine("not-found")
            case .list(let list):
                hasher.combine("list")
                plan.site.listPages[list].feed(&hasher, with: feeder)
            case .repository(let repository):
                hasher.combine("repository")
                (page ?? plan.site.repositories[repository]).feed(&hasher, with: feeder)
            case .termIndex(let index):
                hasher.combine("term-index " + index.rawValue)
                let terms = index.terms(in: plan.site)
                hasher.combine(terms.count)
                for term in terms { term.feed(&hasher, with: feeder) }
            case .pageIndex(let index) where index == .starLists:
                hasher.combine("star-list-index")
                hasher.combine(plan.site.starLists.count)
                for list in plan.site.starLists { list.feed(&hasher, with: feeder) }
            case .pageIndex(let index):
                // What `PageContext.pageIndex` reads of each first page: its title, summary,
                // route and picture.
                hasher.combine("page-index " + index.rawValue)
                let pages = PageContext.firstPages(of: index, in: plan.site)
                hasher.combine(pages.count)
                for page in pages {
                    hasher.combine(page.title)
                    hasher.combine(page.summary)
                    page.route.feed(&hasher, with: feeder)
                    page.avatar.feed(&hasher, with: feeder)
                    hasher.combine(page.isOrganisation)
                }
            case .searchIndex(let lists):
                hasher.combine("search-index")
                for list in lists { plan.site.listPages[list].feed(&hasher, with: feeder) }
            case .asset(let name):
                hasher.combine("asset")
                hasher.combine(plan.assets[name]!)
            case .avatar(let name):
                hasher.combine("avatar")
                hasher.combine(Data(plan.site.avatars[name] ?? []))
            case .readmeImage(let name):
                hasher.combine("readme-image")
                hasher.combine(Data(plan.site.readmeImages[name] ?? []))
            case .atomFeed, .jsonFeed, .digestJSON, .digestMarkdown:
                hasher.combine("site-wide")
                hasher.combine(siteWide)
            case .releasesOPML:
                // Names and addresses only: a star counted on any card need not make 2 MB of
                // XML again at 10,000 repositories, to find it unchanged.
                hasher.combine("releases-opml")
                ReleasesOPML(site: plan.site).feedFollowed(&hasher)
            case .sitemap, .sitemapPart:
                // The index or one part: which, the bound, and every page's path.
                if case .sitemapPart(let number) = item {
                    hasher.combine("sitemap-part")
                    hasher.combine(number)
                } else {
                    hasher.combine("sitemap")
                }
                hasher.combine(plan.sitemapLimit)
                let pages = plan.items.filter { $0.item.isPage }
                hasher.combine(pages.count)
                for page in pages { hasher.combine(page.path) }
            }
            return hasher.finalize()
        }
    }
}
