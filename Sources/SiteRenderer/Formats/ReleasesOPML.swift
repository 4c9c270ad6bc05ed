import Foundation
import PageModels

/// `releases.opml` (OPML 2.0): the releases Atom feed of every repository the site follows
/// (`Site.followed`: the favourites and the starred), for importing into a feed reader in
/// one go. No `dateCreated`, so the same repositories give the same bytes and an unchanged
/// build touches no file.
struct ReleasesOPML {
    var site: Site

    /// Feeds the digest of the file's inputs what it shows of each repository, its name and
    /// its address (the title is in every page's shared inputs).
    func feedFollowed(_ hasher: inout StableHasher) {
        for repository in site.followed {
            hasher.combine(repository.fullName)
            hasher.combine(repository.gitHubURL)
        }
    }

    /// Nil when there is nothing to follow: OPML 2.0 requires a `<body>` to hold an outline.
    func file() -> OutputFile? {
        guard !site.followed.isEmpty else { return nil }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <opml version="2.0">
            <head><title>\(site.phrasebook.text("feed.releases", ["site": site.title]).xmlEscaped)</title></head>
            <body>

            """
        for repository in site.followed {
            let page = URLSyntax.valid(repository.gitHubURL)
            let name = repository.fullName.xmlEscaped
            let feed = (page + "/releases.atom").xmlEscaped
            let releases = (page + "/releases").xmlEscaped
            xml += "<outline type=\"rss\" text=\"\(name)\" title=\"\(name)\""
            xml += " xmlUrl=\"\(feed)\" htmlUrl=\"\(releases)\"/>\n"
        }
        xml += "</body>\n</opml>\n"
        return OutputFile(path: Router.releasesOPML, contents: Data(xml.utf8))
    }
}
