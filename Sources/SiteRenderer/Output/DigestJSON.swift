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

        // Spelled out rather than `convertToSnakeCase`, which converts every key of every
        // repository again.
        enum CodingKeys: String, CodingKey {
            case version, title, repositories
            case generatedAt = "generated_at"
            case baseUrl = "base_url"
        }
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
        /// The Star Lists that hold it; left out when none.
        var lists: [String]?

        enum CodingKeys: String, CodingKey {
            case url, page, description, language, topics, stars, favourite, archived, fork, lists
            case fullName = "full_name"
            case pageUrl = "page_url"
        }
    }

    /// The whole document, with every repository, in the order published.
    func document() -> Document {
        Document(
            title: site.title, generatedAt: site.generatedISO, baseUrl: router.baseURL,
            repositories: site.repositories.map { ($0.card.fullName.lowercased(), $0.card) }.sorted { $0.0 < $1.0 }
                .map(\.1).map { card in
                    Repository(
                        fullName: card.fullName, url: URLSyntax.valid(card.gitHubURL),
                        page: router.path(for: card.route),
                        pageUrl: router.url(for: card.route), description: card.description,
                        language: card.language?.title, topics: card.topics.map(\.title), stars: card.stars,
                        favourite: card.badges.contains(.favourite), archived: card.badges.contains(.archived),
                        fork: card.badges.contains(.fork), lists: card.lists.isEmpty ? nil : card.lists.map(\.title))
                })
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    func file() throws -> OutputFile {
        var document = document()
        let repositories = document.repositories
        document.repositories = []
        let encoder = Self.encoder
        let outline = try encoder.encode(document)
        // The repositories are encoded one at a time and put into the outline's empty list,
        // indented as the whole document would indent them: encoding 10,000 at once built
        // JSONEncoder's tree of every value, 30 MB at the peak of the build.
        let emptyList = Data("\"repositories\" : [\n\n  ]".utf8)
        guard !repositories.isEmpty, let list = outline.range(of: emptyList) else {
            document.repositories = repositories
            var data = try encoder.encode(document)
            data.append(UInt8(ascii: "\n"))
            return OutputFile(path: Router.digestJSON, contents: data)
        }
        // Each repository indented in a byte array, then appended whole: appending to Data one
        // byte at a time cost more than the encoding, and one array of the whole file (then
        // copied into Data) doubled its share of the build's peak.
        let indent = Array("    ".utf8)
        var data = Data(outline[..<list.lowerBound])
        data.append(contentsOf: Array("\"repositories\" : [\n".utf8))
        var bytes: [UInt8] = []
        for (index, repository) in repositories.enumerated() {
            bytes.removeAll(keepingCapacity: true)
            if index > 0 { bytes += Array(",\n".utf8) }
            // Every line one level deeper, but for the blank line of an empty list.
            var lineStart = true
            try encoder.encode(repository).withUnsafeBytes { encoded in
                for byte in encoded {
                    if lineStart && byte != UInt8(ascii: "\n") { bytes += indent }
                    bytes.append(byte)
                    lineStart = byte == UInt8(ascii: "\n")
                }
            }
            data.append(contentsOf: bytes)
        }
        data.append(contentsOf: Array("\n  ]".utf8))
        data.append(outline[list.upperBound...])
        data.append(UInt8(ascii: "\n"))
        return OutputFile(path: Router.digestJSON, contents: data)
    }
}
