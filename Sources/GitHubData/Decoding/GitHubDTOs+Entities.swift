import Entities
import Foundation

// DTO → Entity: the only place that knows how GitHub's fields map onto the domain.

extension RepoDTO {
    /// GitHub's own bound on a repository's topics. A server that sends thousands would
    /// otherwise make as many topic pages, each linking them all.
    static let maxTopics = 20
    /// GitHub's bound on one topic's length.
    static let maxTopicLength = 50
    /// The longest description, in characters, a page shows: GitHub allows 350. One of
    /// megabytes (a broken or hostile server) would fail the build at every page showing it.
    static let maxDescription = 1_000

    var entity: GitHubRepo { entity(warn: { _ in }) }

    /// The repository as the domain holds it. What had to be clamped or left out (a negative
    /// count, topics past GitHub's 20) is told to `warn`, naming the repository and field.
    func entity(warn: (String) -> Void) -> GitHubRepo {
        let owner = self.owner.entity
        let repoName =
            fullName.flatMap { try? RepoName(parsing: $0) }
            ?? RepoName(owner: owner.login, name: name)
        func count(_ count: CountDTO?, _ field: String) -> Int? {
            guard let count else { return nil }
            switch count.clamped {
            case .negative: warn("repository \(repoName): \(field) is negative; a count never is, shown as 0")
            case .beyondInt: warn("repository \(repoName): \(field) is beyond \(Int.max); shown as that")
            case nil: break
            }
            return count.value
        }
        func tooLong(_ field: String, _ length: Int, _ done: String) -> String {
            "repository \(repoName): its \(field) is \(length) characters long; \(done)"
        }
        return GitHubRepo(
            id: GitHubRepo.ID(rawValue: id),
            name: repoName,
            owner: owner,
            description: description.map {
                TextBound.cut($0, to: Self.maxDescription) { warn(tooLong("description", $0, "cut to 1000")) }
            },
            htmlURL: htmlUrl ?? "https://github.com/\(repoName)",
            homepage: homepage.flatMap { TextBound.fits($0, 2_048) { warn(tooLong("homepage", $0, "left out")) } },
            // "" is no language (a page `languages/x-811c9dc5/` of nothing, an empty fact).
            language: language.flatMap {
                $0.allSatisfy(\.isWhitespace)
                    ? nil : TextBound.fits($0, 100) { warn(tooLong("language", $0, "left out")) }
            },
            topics: Self.topics(topics ?? [], of: repoName, warn: warn),
            stars: count(stargazersCount, "stargazers_count") ?? 0,
            forks: count(forksCount, "forks_count") ?? 0,
            watchers: count(subscribersCount, "subscribers_count"),
            openIssues: count(openIssuesCount, "open_issues_count") ?? 0,
            license: license?.entity,
            isFork: fork ?? false,
            isArchived: archived ?? false,
            isPrivate: `private` ?? false,
            defaultBranch: defaultBranch ?? "main",
            createdAt: createdAt,
            updatedAt: updatedAt,
            pushedAt: pushedAt
        )
    }

    /// The first `maxTopics` topics GitHub could have sent (lower-case letters, digits and
    /// hyphens, starting with a letter or digit, at most 50 characters), each once; one
    /// warning for the repository when any were left out.
    static func topics(_ sent: [String], of name: RepoName, warn: (String) -> Void) -> [String] {
        var kept: [String] = []
        var seen = Set<String>()
        for topic in sent where kept.count < maxTopics && isTopic(topic) && seen.insert(topic).inserted {
            kept.append(topic)
        }
        if kept.count < sent.count {
            warn(
                "repository \(name): \(sent.count - kept.count) of its \(sent.count) topics left out "
                    + "(GitHub allows \(maxTopics), each of lower-case letters, digits and '-', at most \(maxTopicLength) long)"
            )
        }
        return kept
    }

    private static func isTopic(_ text: String) -> Bool {
        guard let first = text.utf8.first, (1...maxTopicLength).contains(text.utf8.count), first != UInt8(ascii: "-")
        else {
            return false
        }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }
}

extension LicenseDTO {
    var entity: License? {
        guard let name = name ?? spdxId ?? key else { return nil }
        return License(spdxID: spdxId == "NOASSERTION" ? nil : spdxId, name: name)
    }
}

extension AccountDTO {
    var entity: Owner {
        Owner(
            login: login,
            id: id,
            kind: type == "Organization" ? .organization : .user,
            htmlURL: htmlUrl ?? "https://github.com/\(login)",
            displayName: name.flatMap { $0.isEmpty ? nil : TextBound.cut($0, to: 1_000) },
            bio: (bio ?? description).flatMap { $0.isEmpty ? nil : TextBound.cut($0, to: 1_000) },
            avatarURL: avatarUrl.flatMap { $0.isEmpty ? nil : $0 }
        )
    }
}

extension StarDTO {
    var entity: Star { entity(warn: { _ in }) }

    func entity(warn: (String) -> Void) -> Star { Star(repo: repo.entity(warn: warn), starredAt: starredAt) }
}

extension ReleaseDTO {
    func entity(repoURL: String) -> Release {
        Release(
            id: id,
            tagName: tagName,
            name: name.map { TextBound.cut($0, to: 1_000) },
            // GitHub allows notes of 125,000 characters.
            body: body.map { TextBound.cut($0, to: 250_000) },
            bodyHTML: bodyHtml.map { TextBound.cut($0, to: 1_000_000) },
            htmlURL: htmlUrl ?? "\(repoURL)/releases/tag/\(tagName)",
            publishedAt: publishedAt ?? createdAt,
            isPrerelease: prerelease ?? false,
            isDraft: draft ?? false
        )
    }
}

extension ReadmeDTO {
    /// The most of a README a page shows: 1 MiB of Markdown is a long book already, and a
    /// README of 10 MB (generated API docs, a changelog of decades) would otherwise be
    /// rendered, validated and written whole, and sit in memory for the whole build.
    static let maxMarkdownBytes = 1 << 20

    /// The README as text. GitHub sends base64 with a line break every 60 characters; bytes
    /// that are not UTF-8 become U+FFFD rather than failing the whole page. Past
    /// `maxMarkdownBytes` only the beginning is kept, and the entity says how big the whole is.
    func entity(resource: String, maxBytes: Int = maxMarkdownBytes) throws -> Readme {
        guard let content else {
            throw GitHubDataError.undecodable(resource: resource, reason: "at content: none, so the README has no text")
        }
        let bytes: Data
        switch self.encoding ?? "base64" {
        case "base64":
            guard let decoded = Data(base64Encoded: content, options: .ignoreUnknownCharacters) else {
                throw GitHubDataError.undecodable(resource: resource, reason: "at content: not valid base64")
            }
            bytes = decoded
        case "utf-8", "utf8":
            bytes = Data(content.utf8)
        case "none":
            // GitHub's answer for a file of 1 to 100 MB: the content left empty.
            throw GitHubDataError.undecodable(
                resource: resource, reason: "at encoding: none, as GitHub sends a README of over 1 MB without its text")
        case let other:
            throw GitHubDataError.undecodable(resource: resource, reason: "at encoding: unknown encoding '\(other)'")
        }
        return Readme(
            path: self.path ?? "README.md",
            markdown: String(decoding: Self.beginning(of: bytes, maxBytes: maxBytes), as: UTF8.self),
            htmlURL: self.htmlUrl,
            downloadURL: self.downloadUrl,
            wholeByteCount: bytes.count > maxBytes ? bytes.count : nil)
    }

    /// At most `maxBytes`, ending at a line break when one is in the second half, so the
    /// cut falls between blocks rather than inside a word or a UTF-8 sequence.
    static func beginning(of bytes: Data, maxBytes: Int) -> Data {
        guard bytes.count > maxBytes else { return bytes }
        let window = bytes.prefix(maxBytes)
        if let newline = window.lastIndex(of: UInt8(ascii: "\n")), newline - window.startIndex >= maxBytes / 2 {
            return window[...newline]
        }
        // No line break to cut at: back off to the start of a UTF-8 sequence.
        var end = window.endIndex
        while end > window.startIndex, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return window[..<end]
    }
}

/// Bounds on the text GitHub sends, far past its own, so that one field of megabytes from a
/// broken or hostile server costs that field, not every page that shows it: a page past
/// libxml2's limits cannot be checked, and the build would fail at each run.
enum TextBound {
    /// `text`, or its first `limit` characters and "…" when longer; `cut` hears the length.
    static func cut(_ text: String, to limit: Int, _ cut: (Int) -> Void = { _ in }) -> String {
        // Most text is far shorter in bytes than the limit in characters: no count needed.
        guard text.utf8.count > limit else { return text }
        let count = text.count
        guard count > limit else { return text }
        cut(count)
        return String(text.prefix(limit)) + "…"
    }

    /// `text` when at most `limit` characters long; else nil, and `tooLong` hears the length.
    static func fits(_ text: String, _ limit: Int, _ tooLong: (Int) -> Void) -> String? {
        guard text.utf8.count > limit, text.count > limit else { return text }
        tooLong(text.count)
        return nil
    }
}
