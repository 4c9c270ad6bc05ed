import Foundation
import PageModels

/// `feed.xml`: the digest's entries as an Atom 1.0 feed (RFC 4287), newest first. Release
/// notes go in as sanitised HTML; every link is absolute (see `Router+Feeds`).
struct AtomFeed {
    var site: Site
    var router: Router
    var markdown: MarkdownRenderer

    func file() -> OutputFile {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(site.phrasebook.language.xmlEscaped)">
            <id>\(router.feedID(title: site.title).xmlEscaped)</id>
            <title>\(site.title.xmlEscaped)</title>
            <subtitle>\(site.digest.summary.xmlEscaped)</subtitle>
            <updated>\(site.feed.first?.dateISO ?? site.generatedISO)</updated>
            <author><name>\(site.title.xmlEscaped)</name></author>
            <generator>repodigest</generator>

            """
        if let home = router.url(for: .digest), let me = router.url(forFile: Router.atomFeed) {
            xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(me.xmlEscaped)\"/>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(home.xmlEscaped)\"/>\n"
        }
        for entry in site.feed {
            xml += "<entry>\n"
            xml += "<id>\(entry.id.xmlEscaped)</id>\n"
            xml += "<title>\(entry.title.xmlEscaped)</title>\n"
            xml += "<updated>\(entry.dateISO.xmlEscaped)</updated>\n"
            xml += "<published>\(entry.dateISO.xmlEscaped)</published>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(router.link(for: entry).xmlEscaped)\"/>\n"
            xml += "<category term=\"\(entry.kind.rawValue)\"/>\n"
            if let summary = entry.summary {
                xml += "<summary>\(summary.xmlEscaped)</summary>\n"
            }
            if let content = entry.content {
                let html = markdown.html(content, idPrefix: Router.contentIDPrefix(for: entry), headingOffset: 1)
                xml += "<content type=\"html\">\(html.xmlEscaped)</content>\n"
            }
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return OutputFile(path: Router.atomFeed, contents: Data(xml.utf8))
    }
}
