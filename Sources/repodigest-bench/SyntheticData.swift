import Foundation

/// A seeded, deterministic data set in the sample's layout (files named after API paths),
/// shaped like GitHub's answers, so a benchmark build exercises the real decoding.
struct SyntheticData {
    var repositories: Int
    var seed: UInt64 = 2026

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

    /// Files by path, base64-encoded, as `SampleDataStore(files:)` takes them.
    func files() -> [String: String] {
        var random = SplitMix(seed: seed)
        var files: [String: String] = [:]
        var stars: [[String: Any]] = []
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for index in 0..<repositories {
            let owner = "owner\(index % max(1, repositories / 7))"
            let name = "project-\(index)"
            let repo = repository(index: index, owner: owner, name: name, random: &random)
            stars.append(["starred_at": iso(start.addingTimeInterval(Double(-index) * 3_600)), "repo": repo])
            files["repos/\(owner)/\(name)/readme.json"] = json(readme(owner: owner, name: name, random: &random))
            if index % 3 == 0 {
                files["repos/\(owner)/\(name)/releases.json"] = json(releases(owner: owner, name: name, random: &random))
            }
        }
        files["users/bench.json"] = json(["login": "bench", "id": 1, "type": "User"])
        files["users/bench/starred.json"] = json(stars)
        files["repodigest.toml"] = Data("title = \"Benchmark\"\n\n[digest]\nstarred_by = [\"bench\"]\n".utf8).base64EncodedString()
        return files
    }

    private func repository(index: Int, owner: String, name: String, random: inout SplitMix) -> [String: Any] {
        let pushed = Date(timeIntervalSince1970: 1_700_000_000 + Double(random.next(below: 90_000_000)))
        return [
            "id": 10_000 + index, "name": name, "full_name": "\(owner)/\(name)", "private": false,
            "owner": ["login": owner, "id": 500 + index % 97, "type": "User", "html_url": "https://github.com/\(owner)"],
            "html_url": "https://github.com/\(owner)/\(name)",
            "description": sentence(words: 6 + random.next(below: 14), random: &random),
            "fork": index % 17 == 0, "homepage": index % 4 == 0 ? "https://\(name).example.org" : NSNull(),
            "language": Self.languages[random.next(below: Self.languages.count)],
            "topics": (0..<random.next(below: 6)).map { _ in Self.topics[random.next(below: Self.topics.count)] },
            "stargazers_count": random.next(below: 50_000), "watchers_count": 0, "forks_count": random.next(below: 3_000),
            "open_issues_count": random.next(below: 400), "archived": index % 23 == 0, "default_branch": "main",
            "license": ["key": "mit", "name": "MIT License", "spdx_id": "MIT"],
            "created_at": "2020-01-01T00:00:00Z", "updated_at": iso(pushed), "pushed_at": iso(pushed),
        ]
    }

    /// 2 to 20 KB of varied Markdown: headings, paragraphs, code, tables, lists, links, images.
    private func readme(owner: String, name: String, random: inout SplitMix) -> [String: Any] {
        let target = 2_000 + random.next(below: 18_000)
        var text = "# \(name)\n\n\(sentence(words: 30, random: &random))\n\n"
        var section = 0
        while text.utf8.count < target {
            section += 1
            text += "## Section \(section)\n\n\(sentence(words: 40 + random.next(below: 60), random: &random))\n\n"
            switch random.next(below: 5) {
            case 0: text += "```swift\nlet value = try await client.fetch(\"\(name)\", limit: \(section))\nprint(value)\n```\n\n"
            case 1: text += "| option | default | meaning |\n|:--|:-:|--:|\n| `limit` | 30 | how many |\n| `sort` | stars | order |\n\n"
            case 2: text += "- [x] \(sentence(words: 5, random: &random))\n- [ ] \(sentence(words: 7, random: &random))\n- ~~old~~ new\n\n"
            case 3: text += "See [the guide](docs/GUIDE-\(section).md), ![diagram](docs/diagram-\(section).png) and https://example.org/\(name).\n\n"
            default: text += "> \(sentence(words: 20, random: &random))\n\n1. one\n2. two\n3. three\n\n"
            }
        }
        return [
            "type": "file", "encoding": "base64", "name": "README.md", "path": "README.md",
            "content": Data(text.utf8).base64EncodedString(),
            "html_url": "https://github.com/\(owner)/\(name)/blob/main/README.md",
            "download_url": "https://raw.githubusercontent.com/\(owner)/\(name)/main/README.md",
        ]
    }

    private func releases(owner: String, name: String, random: inout SplitMix) -> [[String: Any]] {
        (0..<(1 + random.next(below: 3))).map { release in
            [
                "id": random.next(below: 1_000_000_000), "tag_name": "v1.\(9 - release).0", "name": "Release 1.\(9 - release)",
                "body": "### Changes\r\n\r\n- \(sentence(words: 8, random: &random))\r\n- **Fixed** `bug` #\(release)\r\n",
                "html_url": "https://github.com/\(owner)/\(name)/releases/tag/v1.\(9 - release).0",
                "draft": false, "prerelease": false, "published_at": "2026-10-0\(release + 1)T12:00:00Z",
            ]
        }
    }

    private func sentence(words count: Int, random: inout SplitMix) -> String {
        (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ") + "."
    }

    private func json(_ object: Any) -> String {
        (try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).base64EncodedString()
    }

    private func iso(_ date: Date) -> String { date.formatted(.iso8601) }
}

/// SplitMix64: a tiny seeded generator, so every run builds the same data.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
