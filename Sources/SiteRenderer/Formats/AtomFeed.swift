import Foundation
import PageModels

/// `feed.xml`: the digest's entries as an Atom 1.0 feed (RFC 4287), newest first. Release
/// notes go in as sanitised HTML; every link is absolute (see `Router+Feeds`). Text from
/// GitHub closes any writing direction it leaves open (`directionsClosed`), as on the pages:
/// a tag ending in U+202E would reverse what a feed reader shows after the title.
struct AtomFeed {
    var site: Site
    var router: Router
    var markdown: MarkdownRenderer

    func file() -> OutputFile {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(site.phrasebook.language.xmlEscaped)">
            <id>\(router.feedID(title: site.title).xmlEscaped)</id>
            <title>\(site.title.directionsClosed.xmlEscaped)</title>
            <subtitle>\(site.digest.summary.directionsClosed.xmlEscaped)</subtitle>
            <updated>\(site.feed.first?.dateISO ?? site.generatedISO)</updated>
            <author><name>\(site.title.directionsClosed.xmlEscaped)</name></author>
            <generator>repodigest</generator>

            """
        if let home = router.url(for: .digest), let me = router.url(forFile: Router.atomFeed) {
            xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(me.xmlEscaped)\"/>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(home.xmlEscaped)\"/>\n"
        }
        for entry in site.feed {
            xml += "<entry>\n"
            xml += "<id>\(entry.id.xmlEscaped)</id>\n"
            xml += "<title>\(entry.title.directionsClosed.xmlEscaped)</title>\n"
            xml += "<updated>\(entry.dateISO.xmlEscaped)</updated>\n"
            xml += "<published>\(entry.dateISO.xmlEscaped)</published>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(router.link(for: entry).xmlEscaped)\"/>\n"
            xml += "<category term=\"\(entry.kind.rawValue)\"/>\n"
            if let summary = entry.summary {
                xml += "<summary>\(summary.directionsClosed.xmlEscaped)</summary>\n"
            }
            if let content = entry.content {
                let html = markdown.html(
                    content, idPrefix: Router.contentIDPrefix(for: entry), headingOffset: 1,
                    fragmentsOn: router.link(for: entry))
                xml += "<content type=\"html\">\(html.xmlEscaped)</content>\n"
            }
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return OutputFile(path: Router.atomFeed, contents: Data(xml.utf8))
    }
}
