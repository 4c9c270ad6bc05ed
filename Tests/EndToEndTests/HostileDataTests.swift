import Entities
import FakeGitHubServer
import Foundation
import FoundationXML
import GitHubData
import PageModels
import SiteRenderer
import Testing
import UseCases

/// Strangers write the text a digest shows. A corpus of script-injection vectors goes into
/// every text field the API returns, through the same decoding, use cases, translators and
/// renderer as real data, in every theme; libxml2 (the validator) then parses every page and
/// must find no element, attribute or URL that could run script, and nothing may be written
/// outside the output folder. The feeds and `digest.md` are read elsewhere (feed readers, a
/// documentation build that passes raw HTML through), so their HTML and links are held to
/// the same rules.
@Suite struct HostileDataTests {
    static let vectors = HostileText.vectors

    /// Owner and repository names that try to leave the output folder or collide.
    static let hostileNames = ["..", "../../etc", "con", "Foo", "foo", "a/b", ".hidden", "x%2F..%2Fy"]

    static func repository(id: Int, owner: String, name: String, vector: String) -> [String: Any] {
        [
            "id": id, "name": name, "full_name": "\(owner)/\(name)", "html_url": vector,
            "owner": ["login": owner, "id": id, "type": "User", "html_url": vector],
            "description": vector, "homepage": vector, "language": vector, "topics": [vector, "ok-\(id % 3)"],
            "stargazers_count": id, "license": ["key": "x", "name": vector, "spdx_id": vector],
            "pushed_at": "2026-11-01T00:00:00Z",
        ]
    }

    static func files() throws -> [String: String] {
        var files: [String: String] = [:]
        var stars: [[String: Any]] = []
        func put(_ path: String, _ object: Any) throws {
            files[path] = try JSONSerialization.data(withJSONObject: object).base64EncodedString()
        }
        let readme =
            vectors.joined(separator: "\n\n") + "\n\n# Heading\n\n[anchor](#heading) " + vectors.joined(separator: " ")
        for (index, vector) in vectors.enumerated() {
            let owner = index < hostileNames.count ? hostileNames[index] : "owner\(index % 4)"
            let name = index % 5 == 0 ? vector : "repo-\(index)"
            let repo = repository(id: index + 1, owner: owner, name: name, vector: vector)
            stars.append(["starred_at": "2026-11-\(10 + index % 18)T00:00:00Z", "repo": repo])
            let base = "repos/\(owner)/\(name)"
            // Half the READMEs are Markdown; the others, in another markup by their path, show
            // "GitHub's rendering" of them, which is the corpus again, as HTML.
            files[base + "/readme.html"] = Data(readme.utf8).base64EncodedString()
            try put(
                base + "/readme.json",
                [
                    "path": index % 2 == 0 ? "README.md" : vector, "encoding": "base64",
                    "content": Data(readme.utf8).base64EncodedString(),
                    "html_url": vector, "download_url": vector,
                ])
            try put(
                base + "/releases.json",
                [
                    [
                        "id": index, "tag_name": vector, "name": vector, "body": readme, "html_url": vector,
                        "published_at": "2026-11-01T00:00:00Z",
                    ]
                ])
        }
        try put("users/hostile/starred.json", stars)
        try put(
            "users/\(hostileNames[0]).json",
            ["login": hostileNames[0], "id": 1, "type": "User", "name": vectors[0], "bio": vectors[2]])
        try put(
            "users/\(hostileNames[0])/repos.json",
            [repository(id: 1, owner: hostileNames[0], name: "repo-0", vector: vectors[1])])
        try put("repos/owner1/pinned.json", repository(id: 999, owner: "owner1", name: "pinned", vector: vectors[8]))
        return files
    }

    /// The run before: every hostile repository with other stars and releases, and two that
    /// are gone since, so the digest, the feeds and `digest.md` all carry changes too.
    struct PreviousRun: HistoryStore {
        func latestSnapshot() async throws -> RunSnapshot? {
            let repositories =
                HostileDataTests.vectors.indices.map { index in
                    let owner =
                        index < HostileDataTests.hostileNames.count
                        ? HostileDataTests.hostileNames[index] : "owner\(index % 4)"
                    return RepoSnapshot(
                        id: GitHubRepo.ID(rawValue: Int64(index + 1)),
                        name: RepoName(
                            owner: owner, name: index % 5 == 0 ? HostileDataTests.vectors[index] : "repo-\(index)"),
                        stars: 0, latestRelease: "old", pushedAt: nil, isStarred: index % 2 == 0)
                } + [
                    RepoSnapshot(
                        id: GitHubRepo.ID(rawValue: 5000),
                        name: RepoName(owner: "gone", name: "<script>alert(41)</script>"),
                        stars: 1, latestRelease: nil, pushedAt: nil, isStarred: true),
                    RepoSnapshot(
                        id: GitHubRepo.ID(rawValue: 5001),
                        name: RepoName(owner: "gone", name: "x>\"><img src=x onerror=alert(42)>"),
                        stars: 1, latestRelease: nil, pushedAt: nil, isStarred: true),
                ]
            return RunSnapshot(takenAt: Date(timeIntervalSince1970: 1_794_900_000), repositories: repositories)
        }
        func snapshotBeforeLatest() async throws -> RunSnapshot? { nil }
        func record(_ snapshot: RunSnapshot) async throws {}
        func prune(before date: Date, after future: Date) async throws {}
        /// An earlier run's news, kept, naming hostile repositories: the feeds tell it too.
        func recentNews(runs: Int) async throws -> [DigestChange] {
            let repo = RepoSnapshot(
                id: GitHubRepo.ID(rawValue: 5000), name: RepoName(owner: "gone", name: "<script>alert(41)</script>"),
                stars: 1)
            let noticed = Date(timeIntervalSince1970: 1_794_800_000)
            return [
                DigestChange(kind: .starGain(from: 1, to: 9_999), repo: repo, noticedAt: noticed),
                DigestChange(
                    kind: .renamed(from: RepoName(owner: "x", name: "<img src=x onerror=alert(42)>")), repo: repo,
                    noticedAt: noticed),
                DigestChange(kind: .addedToList("</title><script>alert(43)</script>"), repo: repo, noticedAt: noticed),
            ]
        }
    }

    @Test(arguments: Theme.builtInNames)
    func noDataCanRunScriptInTheme(_ themeName: String) async throws {
        let request = BuildDigest.Request(
            title: "Hostile", starredBy: ["hostile"],
            favourites: [Favourite(name: RepoName(owner: "owner1", name: "pinned"))],
            owners: [Self.hostileNames[0]], pageSize: 7
        ).english
        struct Fixed: Clock { var now: Date { Date(timeIntervalSince1970: 1_795_000_000) } }
        let site = try await BuildDigest(
            source: SampleDataStore(files: try Self.files()), clock: Fixed(), history: PreviousRun())(request)
        #expect(site.digest.changes?.items.isEmpty == false, "the changes carry hostile names too")
        let files = try SiteGenerator(theme: Theme.builtIn(themeName)).render(site)

        #expect(files.count > Self.vectors.count, "every repository got its page")
        #expect(SiteValidator().validate(files) == [], "libxml2 finds nothing that could run")

        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "out/site")
        try SiteWriter(output: output).publish(files)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "out").path) == ["site"],
            "nothing was written beside the output folder")
        #expect(Set(files.map(\.path)).count == files.count, "no two pages share a file")
        // Names GitHub cannot have (`..`, `a/b`, a vector as a name) are left out where they are
        // read; the router's own guard against them is tried in RoutingTests.
        let allowed = Self.vectors.indices.filter { index in
            let owner = index < Self.hostileNames.count ? Self.hostileNames[index] : "owner\(index % 4)"
            return (try? RepoName(parsing: "\(owner)/" + (index % 5 == 0 ? Self.vectors[index] : "repo-\(index)")))
                != nil
        }
        let repoPages = files.filter { $0.path.hasPrefix("repos/") }
        #expect(repoPages.count == allowed.count + 1, "Foo and foo kept apart, con written safely")

        let file = { (path: String) in files.first { $0.path == path }!.contents }
        let feedFindings = try Self.feedFindings(atom: file("feed.xml"), json: file("feed.json"))
        #expect(feedFindings == [])
        #expect(Self.markdownFindings(String(decoding: file("digest.md"), as: UTF8.self)) == [])
    }

    /// Script-capable HTML or URLs in the feeds: every entry's HTML content, checked by the
    /// validator as the body of a page, and every link a reader follows.
    static func feedFindings(atom: Data, json: Data) throws -> [String] {
        var fragments: [String] = []
        var links: [String] = []
        let document = try XMLDocument(data: atom)
        for node in try document.nodes(forXPath: "//*[local-name()='content']") {
            fragments.append(node.stringValue ?? "")
        }
        for node in try document.nodes(forXPath: "//*[local-name()='link']/@href") {
            links.append(node.stringValue ?? "")
        }
        let feed = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        for item in feed["items"] as? [[String: Any]] ?? [] {
            fragments += [item["content_html"] as? String].compactMap { $0 }
            links += ["url", "external_url"].compactMap { item[$0] as? String }
        }
        #expect(!fragments.isEmpty && !links.isEmpty, "the feeds carry the hostile releases")
        var findings = links.filter { !SafeLink.isHTTP($0) }.map { "feed link '\($0)'" }
        let runs: Set<String> = ["well-formed", "event-handler", "unsafe-url", "inline-script", "active-content"]
        for (index, fragment) in fragments.enumerated() {
            let page =
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>feed</title></head><body><main>"
                + fragment + "</main></body></html>"
            findings += SiteValidator().validate([OutputFile(path: "entry-\(index).html", contents: Data(page.utf8))])
                .filter { runs.contains($0.rule) }.map(\.description)
        }
        return findings
    }

    /// `digest.md` is copied into documentation builds, whose Markdown passes raw HTML
    /// through: no text from the data may open a tag or a link, and every link target the
    /// digest writes (`[text](<target>)`) must be a plain http(s) URL.
    static func markdownFindings(_ text: String) -> [String] {
        let characters = Array(text)
        var findings: [String] = []
        var line = 1
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1 }
            if character == "\\" {
                index += 2
                continue
            }
            if character == "]", index + 1 < characters.count, characters[index + 1] == "(" {
                guard index + 2 < characters.count, characters[index + 2] == "<",
                    let end = characters[(index + 3)...].firstIndex(of: ">")
                else {
                    findings.append("digest.md:\(line): a link whose target is not written <…>")
                    index += 2
                    continue
                }
                let target = String(characters[(index + 3)..<end])
                if !SafeLink.isHTTP(target) || end + 1 >= characters.count || characters[end + 1] != ")" {
                    findings.append("digest.md:\(line): link target '\(target)'")
                }
                index = end + 1
                continue
            }
            if character == "<" { findings.append("digest.md:\(line): an unescaped '<' could open a tag") }
            index += 1
        }
        return findings
    }
}

/// What a link from the data may be once published: http(s), with nothing in it that could
/// end a Markdown link target or an attribute.
enum SafeLink {
    static func isHTTP(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://"))
            && !text.unicodeScalars.contains {
                $0.value <= 0x20 || $0.value == 0x7F || "<>\"'`\\".unicodeScalars.contains($0)
            }
    }
}
