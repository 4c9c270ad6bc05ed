import Foundation
import PageModels

/// `digest.json`: every repository the site shows, with the path of its page, for scripts
/// and documentation builds. Keys are sorted, so the same data gives the same bytes.
/// Schema (version 1) is documented in the README.
struct DigestJSON {
    var site: Site
    var router: Router

    struct Document: Encodable {
        var version = 1
        var title: String
        var generatedAt: String
        var repositories: [Repository]
    }

    struct Repository: Encodable {
        var fullName: String
        var url: String
        var page: String
        var description: String?
        var language: String?
        var topics: [String]
        var stars: Int
        var favourite: Bool
        var archived: Bool
    }

    func file() throws -> OutputFile {
        let document = Document(
            title: site.title,
            generatedAt: site.generatedISO,
            repositories: site.repositories.map(\.card).map { card in
                Repository(
                    fullName: card.fullName, url: card.gitHubURL, page: router.path(for: card.route),
                    description: card.description, language: card.language?.title,
                    topics: card.topics.map(\.title), stars: card.stars,
                    favourite: card.badges.contains(.favourite), archived: card.badges.contains(.archived))
            })
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(document)
        data.append(UInt8(ascii: "\n"))
        return OutputFile(path: "digest.json", contents: data)
    }
}
