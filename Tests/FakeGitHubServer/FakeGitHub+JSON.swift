import Foundation

// The world's objects as GitHub's JSON shapes them (the fields repodigest reads, and a few
// it does not, as the real API always sends more than a client wants).

extension FakeGitHub {
    func json(_ account: Account, full: Bool) -> [String: Any] {
        var object: [String: Any] = [
            "login": account.login, "id": account.id, "node_id": "MDQ6VXNlcj\(account.id)",
            "type": account.isOrganization ? "Organization" : "User",
            "html_url": "https://github.com/\(account.login)", "site_admin": false,
        ]
        if avatars[account.id] != nil { object["avatar_url"] = "\(baseURL)/avatars/u/\(account.id)?v=4" }
        if full {
            object["name"] = account.name ?? NSNull()
            object[account.isOrganization ? "description" : "bio"] = account.bio ?? NSNull()
            object["public_repos"] =
                repos.values.filter { $0.owner.lowercased() == account.login.lowercased() && !$0.isPrivate }.count
        }
        return object
    }

    func json(_ repo: Repo) -> [String: Any] {
        let owner = accounts[repo.owner.lowercased()] ?? Account(login: repo.owner, id: 1)
        return [
            "id": repo.id, "node_id": "R_\(repo.id)", "name": repo.name, "full_name": repo.fullName,
            "private": repo.isPrivate, "visibility": repo.isPrivate ? "private" : "public",
            "owner": json(owner, full: false),
            "html_url": "https://github.com/\(repo.fullName)", "description": repo.description ?? NSNull(),
            "fork": false, "homepage": NSNull(), "language": repo.language ?? NSNull(), "topics": repo.topics,
            "stargazers_count": repo.stars, "watchers_count": repo.stars, "forks_count": repo.stars / 10,
            "open_issues_count": 3, "archived": false, "default_branch": "main",
            "license": ["key": "mit", "name": "MIT License", "spdx_id": "MIT"],
            "created_at": "2024-01-15T08:00:00Z", "updated_at": repo.pushedAt, "pushed_at": repo.pushedAt,
        ]
    }

    /// A release as GitHub answers for `accept`: the notes as Markdown (`body`) by default;
    /// only rendered (`body_html`) for `html+json`; both, and `body_text`, for `full+json`.
    func json(_ release: Release, in repo: Repo, accept: String? = nil) -> [String: Any] {
        var json: [String: Any] = [
            "id": release.id, "tag_name": release.tag, "name": release.name ?? NSNull(),
            "draft": release.isDraft, "prerelease": false,
            "html_url": "https://github.com/\(repo.fullName)/releases/tag/\(release.tag)",
            "created_at": release.publishedAt ?? "2026-09-30T12:00:00Z",
            "published_at": release.publishedAt ?? NSNull(),
        ]
        let full = accept?.contains("full+json") == true
        if full || accept?.contains("html+json") == true { json["body_html"] = release.renderedBody ?? NSNull() }
        if full { json["body_text"] = release.body ?? NSNull() }
        if full || accept?.contains("html+json") != true { json["body"] = release.body ?? NSNull() }
        return json
    }

    func readmeJSON(_ repo: Repo, markdown: String) -> [String: Any] {
        // GitHub wraps the base64 every 60 characters. (Bytes, not String indices: a README
        // of megabytes must not cost seconds here.)
        let encoded = Array(Data(markdown.utf8).base64EncodedData())
        let wrapped = stride(from: 0, to: encoded.count, by: 60).map { offset in
            String(decoding: encoded[offset..<min(offset + 60, encoded.count)], as: UTF8.self)
        }.joined(separator: "\n")
        return [
            "name": repo.readmePath, "path": repo.readmePath, "type": "file", "encoding": "base64",
            "content": wrapped + "\n",
            "html_url": "https://github.com/\(repo.fullName)/blob/main/\(repo.readmePath)",
            "download_url": "https://raw.githubusercontent.com/\(repo.fullName)/main/\(repo.readmePath)",
        ]
    }

    /// A stable validator: the same bytes always get the same ETag, as on GitHub.
    /// Read in place: `Data`'s iterator, a call a byte, cost the benchmark's server a
    /// millisecond for each page of a starred list.
    static func etag(_ body: Data) -> String {
        let hash = body.withUnsafeBytes { bytes in
            bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        return "W/\"\(String(hash, radix: 16))\""
    }
}
