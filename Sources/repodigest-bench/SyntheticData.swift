import FakeGitHubServer
import Foundation

/// A seeded, deterministic set of GitHub-shaped repositories: realistic descriptions, topics,
/// languages, releases and READMEs of 2 to 20 KB of varied Markdown. The same data feeds the
/// fake GitHub (and through it repodigest's state folder) and the Hugo project, so both
/// generators build the same site.
struct SyntheticData {
    struct Repository {
        var id: Int64
        var owner: String
        var name: String
        var description: String
        var language: String
        var topics: [String]
        var stars: Int
        var pushedAt: String
        var starredAt: String
        var releases: [Release]
        var readme: String

        var fullName: String { "\(owner)/\(name)" }
    }

    struct Release {
        var id: Int64
        var tag: String
        var name: String
        var body: String
        var publishedAt: String
    }

    var repositories: [Repository]

    static let languages = ["Swift", "Rust", "Go", "Python", "TypeScript", "C", "Kotlin", "Ruby", "Zig", "Elixir"]
    static let topics = [
        "cli", "http", "markdown", "database", "parsing", "testing", "web", "concurrency", "ssg", "rss",
        "terminal", "compiler", "json", "graphics", "audio", "networking", "security", "devtools", "docs", "ml",
    ]
    static let words = """
        fast small safe simple modern tiny friendly typed async streaming incremental embeddable portable \
        library tool framework parser server client renderer engine toolkit runtime generator compiler \
        for with and the a of in to from by on your every
        """.split(separator: " ").map(String.init)

    /// `count` repositories; `idOffset` and `prefix` keep two sets apart (starred and favourites).
    init(count: Int, seed: UInt64 = 2026, prefix: String = "project", idOffset: Int64 = 10_000) {
        var random = SplitMix64(seed: seed)
        let owners = max(1, count / 7)
        repositories = (0..<count).map { index in
            Self.repository(
                index: index, owner: "owner\(index % owners)", name: "\(prefix)-\(index)",
                id: idOffset + Int64(index), random: &random)
        }
    }

    private static func repository(index: Int, owner: String, name: String, id: Int64, random: inout SplitMix64)
        -> Repository
    {
        let pushed = 1_700_000_000 + random.next(below: 90_000_000)
        let releaseCount = index % 3 == 0 ? 1 + random.next(below: 3) : 0
        return Repository(
            id: id, owner: owner, name: name,
            description: sentence(words: 6 + random.next(below: 14), random: &random),
            language: languages[random.next(below: languages.count)],
            topics: Array(Set((0..<random.next(below: 6)).map { _ in topics[random.next(below: topics.count)] }))
                .sorted(),
            stars: random.next(below: 50_000),
            pushedAt: iso(pushed),
            // One star an hour, newest first, the last before the benchmark's fixed "now".
            starredAt: iso(1_795_000_000 - index * 3_600),
            releases: (0..<releaseCount).map { release in
                Release(
                    id: id * 10 + Int64(release), tag: "v1.\(9 - release).0", name: "Release 1.\(9 - release)",
                    body:
                        "### Changes\r\n\r\n- \(sentence(words: 8, random: &random))\r\n- **Fixed** `bug` #\(release)\r\n",
                    publishedAt: "2026-10-0\(release + 1)T12:00:00Z")
            },
            readme: readme(name: name, random: &random))
    }

    /// 2 to 20 KB of varied Markdown: headings, paragraphs, code, tables, lists, links, images.
    private static func readme(name: String, random: inout SplitMix64) -> String {
        let target = 2_000 + random.next(below: 18_000)
        var text = "# \(name)\n\n\(sentence(words: 30, random: &random))\n\n"
        var section = 0
        while text.utf8.count < target {
            section += 1
            text += "## Section \(section)\n\n\(sentence(words: 40 + random.next(below: 60), random: &random))\n\n"
            switch random.next(below: 5) {
            case 0:
                text +=
                    "```swift\nlet value = try await client.fetch(\"\(name)\", limit: \(section))\nprint(value)\n```\n\n"
            case 1:
                text +=
                    "| option | default | meaning |\n|:--|:-:|--:|\n| `limit` | 30 | how many |\n| `sort` | stars | order |\n\n"
            case 2:
                text +=
                    "- [x] \(sentence(words: 5, random: &random))\n- [ ] \(sentence(words: 7, random: &random))\n- ~~old~~ new\n\n"
            case 3:
                text +=
                    "See [the guide](docs/GUIDE-\(section).md), ![diagram](docs/diagram-\(section).png) and https://example.org/\(name).\n\n"
            default: text += "> \(sentence(words: 20, random: &random))\n\n1. one\n2. two\n3. three\n\n"
            }
        }
        return text
    }

    private static func sentence(words count: Int, random: inout SplitMix64) -> String {
        let text = (0..<count).map { _ in words[random.next(below: words.count)] }.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    static func iso(_ seconds: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}
