import PageModels

/// `digest.md` as a starred-list README (`[digest] markdown = "list"`): every repository,
/// grouped by language, under a table of contents whose links GitHub's own heading anchors
/// answer, so the file works as a repository's README.
extension DigestMarkdown {
    func listLines(_ groups: [CardGroup]) -> [String] {
        let count = groups.reduce(0) { $0 + $1.cards.count }
        var lines = [
            "# " + Self.escape(site.digest.title), "",
            Self.escape(words.text("markdown.list_summary", count: count, countText: String(count)), startsLine: true),
            "",
        ]
        var anchors = Anchors()
        _ = anchors.next(for: site.digest.title)
        let titles = groups.map { $0.title ?? words.text("list.other") }
        let contents = words.text("markdown.contents")
        lines += ["## " + Self.escape(contents), ""]
        _ = anchors.next(for: contents)
        let ids = titles.map { anchors.next(for: $0) }
        for ((title, id), group) in zip(zip(titles, ids), groups) {
            lines.append("- [\(Self.linkText(title))](#\(id)) (\(group.cards.count))")
        }
        lines.append("")
        for (title, group) in zip(titles, groups) {
            lines += ["## " + Self.escape(title), ""]
            lines += group.cards.map { item($0, language: false) }
            lines.append("")
        }
        return lines
    }

    /// Heading anchors as GitHub makes them: lower-cased, punctuation dropped, spaces to
    /// hyphens, and a repeated one numbered (`c`, `c-1`), so "C", "C#" and "C++" each get
    /// their own.
    struct Anchors {
        private var used: [String: Int] = [:]

        mutating func next(for heading: String) -> String {
            let base = String(
                heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
                        || scalar.properties.numericType != nil
                    {
                        return Character(scalar)
                    }
                    return nil
                })
            let seen = used[base, default: 0]
            used[base] = seen + 1
            return seen == 0 ? base : "\(base)-\(seen)"
        }
    }
}
