import Foundation

/// The same repositories as a Hugo project, as a Hugo user would set it up: one content file
/// per repository (JSON front matter with its facts and releases, the README as the Markdown
/// body), taxonomies for languages and topics, lists paginated like repodigest's, and
/// templates of similar size to repodigest's default theme (`HugoProject+Templates.swift`).
struct HugoProject {
    var folder: URL
    var pageSize: Int

    func write(_ data: SyntheticData, title: String, baseURL: String) throws {
        try? FileManager.default.removeItem(at: folder)
        try file(
            "hugo.toml",
            """
            baseURL = "\(baseURL)"
            title = "\(title)"
            languageCode = "en"
            paginate = \(pageSize)
            # Like repodigest's feeds: the newest entries, not every page of the site.
            rssLimit = 50
            disableHugoGeneratorInject = true
            enableRobotsTXT = false

            [taxonomies]
            language = "languages"
            topic = "topics"

            # repodigest colours fenced code at build time, with classes the theme's CSS colours:
            # Hugo does the same work here (its default, but with classes, not inline styles).
            [markup.highlight]
            codeFences = true
            noClasses = false

            """)
        try file("content/repos/_index.md", "---\ntitle: Starred\n---\n")
        for repo in data.repositories {
            let front: [String: Any] = [
                "title": repo.fullName,
                "description": repo.description,
                "date": repo.starredAt,
                "lastmod": repo.pushedAt,
                "languages": [repo.language],
                "topics": repo.topics,
                "stars": repo.stars,
                "owner": repo.owner,
                "github": "https://github.com/\(repo.fullName)",
                "releases": repo.releases.map {
                    [
                        "name": $0.name, "tag": $0.tag, "body": $0.body, "published": $0.publishedAt,
                        "url": "https://github.com/\(repo.fullName)/releases/tag/\($0.tag)",
                    ]
                },
            ]
            let json = try JSONSerialization.data(withJSONObject: front, options: [.sortedKeys, .prettyPrinted])
            try file(
                "content/repos/\(repo.owner)/\(repo.name).md",
                String(decoding: json, as: UTF8.self) + "\n\n" + repo.readme)
        }
        for (path, text) in Self.templates {
            try file("layouts/" + path, text)
        }
        try file("static/style.css", "body { font-family: system-ui, sans-serif; max-width: 60rem; margin: auto; }\n")
    }

    private func file(_ path: String, _ text: String) throws {
        let url = folder.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
