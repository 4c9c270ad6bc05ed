import Foundation
import PageModels

/// `digest.json`: every repository the site shows, with the path of its page, for scripts
/// and documentation builds. Keys are sorted, so the same data gives the same bytes.
/// The schema (version 1) is documented in `docs/output.md`; fields are only ever added.
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
            title: site.title.jsonSafe, generatedAt: site.generatedISO, baseUrl: router.baseURL,
            // Sorted as indexes, each card then read where it is, rather than 10,000 cards
            // copied into pairs to be sorted and copied out again.
            repositories: site.repositories.indices.map { (site.repositories[$0].card.fullName.lowercased(), $0) }
                .sorted { $0.0 < $1.0 }
                .map { repository(site.repositories[$0.1].card) })
    }

    private func repository(_ card: RepoCard) -> Repository {
        Repository(
            fullName: card.fullName, url: URLSyntax.valid(card.gitHubURL), page: router.path(for: card.route),
            pageUrl: router.url(for: card.route), description: card.description?.jsonSafe,
            language: card.language?.title.jsonSafe, topics: card.topics.map(\.title.jsonSafe), stars: card.stars,
            favourite: card.badges.contains(.favourite), archived: card.badges.contains(.archived),
            fork: card.badges.contains(.fork),
            lists: card.starLists.isEmpty ? nil : card.starLists.map(\.title.jsonSafe))
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
        // The outline (everything but the repositories) comes from JSONEncoder; the
        // repositories are written into its empty list by hand (`Repository.write(into:)`),
        // byte for byte as JSONEncoder prints them: the encoder holds a tree of every value
        // of the document, and is slow, for 10,000 of them (docs/benchmarks.md).
        // `SiteBuildTests.digestJSONIsWhatOneEncodingOfTheWholeDocumentGives` keeps the two equal.
        let emptyList = Data("\"repositories\" : [\n\n  ]".utf8)
        guard !repositories.isEmpty, let list = outline.range(of: emptyList) else {
            document.repositories = repositories
            var data = try encoder.encode(document)
            data.append(UInt8(ascii: "\n"))
            return OutputFile(path: Router.digestJSON, contents: data)
        }
        var data = Data(outline[..<list.lowerBound])
        data.append(contentsOf: Array("\"repositories\" : [\n".utf8))
        var bytes: [UInt8] = []
        for (index, repository) in repositories.enumerated() {
            bytes.removeAll(keepingCapacity: true)
            if index > 0 { bytes += ",\n".utf8 }
            repository.write(into: &bytes)
            data.append(contentsOf: bytes)
        }
        data.append(contentsOf: Array("\n  ]".utf8))
        data.append(outline[list.upperBound...])
        data.append(UInt8(ascii: "\n"))
        return OutputFile(path: Router.digestJSON, contents: data)
    }
}

extension DigestJSON.Repository {
    /// Appends what `JSONEncoder` prints for it (pretty, keys sorted, slashes as they are),
    /// every line indented by four spaces, with no line break after the closing brace.
    func write(into bytes: inout [UInt8]) {
        var first = true
        func key(_ name: String) {
            bytes += (first ? "    {\n      \"" : ",\n      \"").utf8
            bytes += name.utf8
            bytes += "\" : ".utf8
            first = false
        }
        func string(_ value: String) { JSONString.append(value, to: &bytes) }
        func strings(_ values: [String]) {
            guard !values.isEmpty else { return bytes += "[\n\n      ]".utf8 }
            for (index, value) in values.enumerated() {
                bytes += (index == 0 ? "[\n        " : ",\n        ").utf8
                string(value)
            }
            bytes += "\n      ]".utf8
        }
        key("archived")
        bytes += (archived ? "true" : "false").utf8
        if let description {
            key("description")
            string(description)
        }
        key("favourite")
        bytes += (favourite ? "true" : "false").utf8
        key("fork")
        bytes += (fork ? "true" : "false").utf8
        key("full_name")
        string(fullName)
        if let language {
            key("language")
            string(language)
        }
        if let lists {
            key("lists")
            strings(lists)
        }
        key("page")
        string(page)
        if let pageUrl {
            key("page_url")
            string(pageUrl)
        }
        key("stars")
        bytes += String(stars).utf8
        key("topics")
        strings(topics)
        key("url")
        string(url)
        bytes += "\n    }".utf8
    }
}
