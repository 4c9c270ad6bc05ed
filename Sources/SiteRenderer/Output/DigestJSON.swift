import Foundation
import PageModels

/// `digest.json`: every repository the site shows, with the path of its page, for scripts
/// and documentation builds. Keys are sorted, so the same data gives the same bytes.
/// The schema (version 1) is documented in `OUTPUT.md`; fields are only ever added.
struct DigestJSON {
    var site: Site
    var router: Router

    struct Document: Encodable {
        var version = 1
        var title: String
        var generatedAt: String
        var baseUrl: String?
        var repositories: [Repository]
    }

    struct Repository: Encodable {
        var fullName: String
        var url: String
        var page: String
        var pageUrl: String?
        var description: String?
        var language: String?
        var topics: [String]
        var stars: Int
        var favourite: Bool
        var archived: Bool
        var fork: Bool
    }

    func file() throws -> OutputFile {
        let document = Document(
            title: site.title,
            generatedAt: site.generatedISO,
            baseUrl: router.baseURL,
            repositories: site.repositories.map(\.card).sorted { $0.fullName.lowercased() < $1.fullName.lowercased() }
                .map { card in
                    Repository(
                        fullName: card.fullName, url: card.gitHubURL, page: router.path(for: card.route),
                        pageUrl: router.url(for: card.route), description: card.description,
                        language: card.language?.title, topics: card.topics.map(\.title), stars: card.stars,
                        favourite: card.badges.contains(.favourite), archived: card.badges.contains(.archived),
                        fork: card.badges.contains(.fork))
                })
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(document)
        data.append(UInt8(ascii: "\n"))
        return OutputFile(path: Router.digestJSON, contents: data)
    }
}
