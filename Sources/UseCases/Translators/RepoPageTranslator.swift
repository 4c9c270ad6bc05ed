import Entities
import Foundation
import PageModels

/// Entities → `RepoPage`: a repository's own page, with its releases and README.
struct RepoPageTranslator: Sendable {
    let cards: RepoCardTranslator
    /// Logins (lower-cased) of the owners that have a page of their own on this site.
    var ownersWithPages: Set<String>
    /// Images READMEs show that the site publishes itself.
    var images: ReadmeImages
    /// The facts' labels by key, looked up once, not up to nine times for each of 10,000 pages.
    private let factLabels: [String: String]

    init(cards: RepoCardTranslator, ownersWithPages: Set<String>, images: ReadmeImages = ReadmeImages()) {
        self.cards = cards
        self.ownersWithPages = ownersWithPages
        self.images = images
        factLabels = Dictionary(
            uniqueKeysWithValues: Self.factKeys.map { ($0, cards.format.text("facts." + $0)) })
    }

    private static let factKeys = [
        "stars", "forks", "watchers", "open_issues", "language", "licence", "created", "last_push", "updated",
    ]

    func page(for detail: RepositoryDetail, starredAt: Date?) -> RepoPage {
        let repo = detail.repo
        let format = cards.format
        var page = RepoPage(
            card: cards.card(for: repo, starredAt: starredAt),
            owner: ownersWithPages.contains(repo.owner.login.lowercased())
                ? PageLink(title: repo.owner.login, route: Route(.owner(login: repo.owner.login))) : nil,
            ownerLogin: repo.owner.login,
            ownerGitHubURL: SafeURL.http(repo.owner.htmlURL) ?? cards.web.page(repo.owner.login),
            facts: facts(of: repo),
            homepageURL: SafeURL.homepage(repo.homepage),
            releases: Self.releaseItems(of: detail, format: format),
            readme: detail.readme.map { Self.markdown(of: $0, in: repo, format: format, images: images) }
        )
        page.releasesKnown = detail.releasesKnown
        page.readmeKnown = detail.readmeKnown
        return page
    }

    /// A README as its page shows it: relative links and images resolve on GitHub (or to the
    /// site's own copies of `images`). One in another markup is GitHub's rendering of it;
    /// when GitHub gave none, its text as it is.
    static func markdown(
        of readme: Readme, in repo: GitHubRepo, format: DisplayFormat, images: ReadmeImages = ReadmeImages()
    ) -> MarkdownText {
        var text = text(of: readme, in: repo, format: format)
        text.localImages = images.names
        return text
    }

    /// The README's text to render, with the bases its relative links and images resolve
    /// against: all of `markdown(of:in:format:images:)` but the site's own image copies.
    private static func text(of readme: Readme, in repo: GitHubRepo, format: DisplayFormat) -> MarkdownText {
        var text = unrooted(readme, in: repo, format: format)
        // A README in a folder: a path from the root starts at the repository's root.
        let levels = readme.path.split(separator: "/").count - 1
        if levels > 0 {
            text.rootLinkBase = SafeURL.folder(SafeURL.folder(of: readme.htmlURL), up: levels)
            text.rootImageBase = SafeURL.folder(imageFolder(of: readme), up: levels)
        }
        return text
    }

    /// The same, a path from the root resolved as a path from the README's folder.
    private static func unrooted(_ readme: Readme, in repo: GitHubRepo, format: DisplayFormat) -> MarkdownText {
        let base = fallbackBases(of: repo)
        let linkBase = SafeURL.folder(of: readme.htmlURL) ?? base.links
        let imageBase = imageFolder(of: readme) ?? base.images
        if readme.isUnreadable {
            return MarkdownText(
                source: Self.note("readme.unreadable", [:], readme, repo: repo, format: format),
                linkBase: linkBase, imageBase: imageBase)
        }
        if let html = readme.html {
            return MarkdownText(source: html, markup: .html, linkBase: linkBase, imageBase: imageBase)
        }
        guard readme.isMarkdown else {
            // Not Markdown, and no rendering: read as Markdown, a reStructuredText underline
            // of `~~~` would open a code block that swallows the rest.
            let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: readme.markdown) + 1))
            return MarkdownText(
                source: Self.shortenedNote(readme, repo: repo, format: format)
                    + "\(fence)text\n\(readme.markdown)\n\(fence)\n",
                linkBase: linkBase, imageBase: imageBase)
        }
        return MarkdownText(
            source: Self.shortenedNote(readme, repo: repo, format: format) + readme.markdown, linkBase: linkBase,
            imageBase: imageBase)
    }

    /// Where the README's relative images are: its page's folder as raw files, as GitHub's
    /// rendering has it (which shows a file kept in Git LFS); its download address's folder
    /// where its page is not a `blob` address.
    private static func imageFolder(of readme: Readme) -> String? {
        SafeURL.rawFolder(ofPage: readme.htmlURL) ?? SafeURL.folder(of: readme.downloadURL)
    }

    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for byte in text.utf8 {
            current = byte == UInt8(ascii: "`") ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// Said above a README the data layer shortened, so no reader takes the part for the
    /// whole. At the top, not the end: the cut may fall inside a code block, which would
    /// swallow a note after it.
    static func shortenedNote(_ readme: Readme, repo: GitHubRepo, format: DisplayFormat) -> String {
        guard let whole = readme.wholeByteCount else { return "" }
        let shown = readme.markdown.utf8.count
        return note(
            "readme.shortened", ["whole": format.bytes(whole), "shown": format.bytes(shown)], readme, repo: repo,
            format: format)
    }

    /// The catalogue's `key`, with `{url}` the README on GitHub, as one line of a quote,
    /// whatever line breaks a catalogue's text holds.
    private static func note(
        _ key: String, _ values: [String: String], _ readme: Readme, repo: GitHubRepo, format: DisplayFormat
    ) -> String {
        let url = SafeURL.http(readme.htmlURL) ?? RepoCardTranslator.gitHubURL(of: repo)
        let note = format.text(key, values.merging(["url": "<\(url)>"]) { first, _ in first })
        return "> " + note.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n\n"
    }

    /// The published releases (drafts left out), as listed on the page and in the feeds.
    static func releaseItems(of detail: RepositoryDetail, format: DisplayFormat) -> [ReleaseItem] {
        detail.releases.filter { !$0.isDraft }.map { releaseItem($0, of: detail.repo, format: format) }
    }

    /// One release of `repo`, as listed on its page and in the feeds.
    static func releaseItem(_ release: Release, of repo: GitHubRepo, format: DisplayFormat) -> ReleaseItem {
        ReleaseItem(
            title: release.name.flatMap { $0.isEmpty ? nil : $0 } ?? release.tagName,
            tag: release.tagName,
            dateText: release.publishedAt.map(format.day),
            dateISO: release.publishedAt.map(DisplayFormat.iso),
            isPrerelease: release.isPrerelease,
            url: SafeURL.http(release.htmlURL) ?? releasesURL(of: repo, tag: release.tagName),
            notes: notes(of: release, in: repo)
        )
    }

    /// A release's notes as GitHub renders them, when it sent its rendering; else its
    /// Markdown, which the site renders (an answer cached before the rendering was asked for).
    private static func notes(of release: Release, in repo: GitHubRepo) -> MarkdownText? {
        let html = release.bodyHTML.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        guard let source = html ?? release.body.flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let base = fallbackBases(of: repo)
        return MarkdownText(
            source: source, markup: html == nil ? .markdown : .html, linkBase: base.links, imageBase: base.images)
    }

    /// A release's page on GitHub, built from its tag when GitHub gave no usable URL.
    static func releasesURL(of repo: GitHubRepo, tag: String) -> String {
        let encoded = SafeURL.encoded(tag)
        return "\(RepoCardTranslator.gitHubURL(of: repo))/releases/tag/\(encoded)"
    }

    private func facts(of repo: GitHubRepo) -> [Fact] {
        let format = cards.format
        func fact(_ key: String, _ value: String) -> Fact {
            Fact(label: factLabels[key] ?? format.text("facts." + key), value: value)
        }
        var facts = [fact("stars", format.grouped(repo.stars)), fact("forks", format.grouped(repo.forks))]
        if let watchers = repo.watchers { facts.append(fact("watchers", format.grouped(watchers))) }
        facts.append(fact("open_issues", format.grouped(repo.openIssues)))
        if let language = repo.language { facts.append(fact("language", language)) }
        // Without a licence from GitHub there is nothing to state: "None detected" would claim
        // a detection that the data does not show happened.
        if let license = repo.license?.name { facts.append(fact("licence", license)) }
        let dates: [(String, Date?)] = [
            ("created", repo.createdAt), ("last_push", repo.pushedAt), ("updated", repo.updatedAt),
        ]
        for case (let key, let date?) in dates {
            facts.append(fact(key, format.day(date)))
        }
        return facts
    }

    /// Where relative links resolve when GitHub gave no README URLs: the default branch.
    private static func fallbackBases(of repo: GitHubRepo) -> (links: String, images: String) {
        let root = RepoCardTranslator.gitHubURL(of: repo)
        let branch = SafeURL.path(repo.defaultBranch)
        return ("\(root)/blob/\(branch)/", "\(root)/raw/\(branch)/")
    }
}
