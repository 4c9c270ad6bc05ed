import Foundation
import PageModels

/// `feed.json`: the digest's entries as a JSON Feed 1.1 (https://jsonfeed.org/version/1.1),
/// the same entries as `feed.xml`. Keys are sorted, so the same data gives the same bytes.
/// Text closes any writing direction it leaves open, as in `feed.xml`.
struct JSONFeed {
    var site: Site
    var router: Router
    var markdown: MarkdownRenderer

    struct Document: Encodable {
        var version = "https://jsonfeed.org/version/1.1"
        var title: String
        var description: String
        var homePageURL: String?
        var feedURL: String?
        var language: String
        var authors: [Author]
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case version, title, description, language, authors, items
            case homePageURL = "home_page_url"
            case feedURL = "feed_url"
        }
    }

    struct Author: Encodable {
        var name: String
    }

    struct Item: Encodable {
        var id: String
        var url: String
        var externalURL: String?
        var title: String
        var summary: String?
        var contentHTML: String?
        var contentText: String?
        var datePublished: String
        var tags: [String]

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, tags
            case externalURL = "external_url"
            case contentHTML = "content_html"
            case contentText = "content_text"
            case datePublished = "date_published"
        }
    }

    func file() throws -> OutputFile {
        let items = site.feed.map { entry in
            let link = router.link(for: entry)
            let html = entry.content.map {
                markdown.html($0, idPrefix: Router.contentIDPrefix(for: entry), headingOffset: 1, fragmentsOn: link)
            }
            return Item(
                id: entry.id, url: link,
                externalURL: link == URLSyntax.valid(entry.url) ? nil : URLSyntax.valid(entry.url),
                title: entry.title.jsonSafe, summary: entry.summary?.jsonSafe, contentHTML: html,
                // Every item needs content; a star has only its description, or its title.
                contentText: html == nil ? (entry.summary ?? entry.title).jsonSafe : nil,
                datePublished: entry.dateISO, tags: [entry.kind.rawValue])
        }
        let document = Document(
            title: site.title.jsonSafe, description: site.digest.summary.jsonSafe,
            homePageURL: router.url(for: .digest),
            feedURL: router.url(forFile: Router.jsonFeed), language: site.phrasebook.language,
            authors: [Author(name: site.title.jsonSafe)], items: items)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(document)
        data.append(UInt8(ascii: "\n"))
        return OutputFile(path: Router.jsonFeed, contents: data)
    }
}
