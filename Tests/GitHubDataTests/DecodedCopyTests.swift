import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// The cache keeps list answers as decoded, so that a 304 or a kept copy is read, not decoded
/// again: the copy must give exactly what the JSON gives, never outlive its answer, and never
/// bring back a secret the JSON would have had redacted.
@Suite("Answers kept decoded beside their JSON")
struct DecodedCopyTests {
    /// A starred page with every field GitHub may send, some null, a count past `Int`, a
    /// fractional date, text in several scripts; and an item that does not decode.
    static let starredPage = Data(
        """
        [
          {"starred_at": "2026-11-20T10:00:00Z", "repo": {
            "id": 7, "name": "lantern", "full_name": "lumen-labs/lantern",
            "owner": {"login": "lumen-labs", "id": 3, "type": "Organization", "html_url": "https://github.com/lumen-labs",
                      "avatar_url": "https://avatars.githubusercontent.com/u/3", "name": "Lumen", "bio": null,
                      "description": "Lights ✨ 光"},
            "private": false, "html_url": "https://github.com/lumen-labs/lantern", "description": "A lamp — \\"bright\\"\\n",
            "fork": true, "homepage": "", "language": "Swift", "topics": ["light", "日本語"],
            "stargazers_count": 1e30, "subscribers_count": 4, "forks_count": -2, "open_issues_count": 0,
            "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT"}, "archived": true,
            "default_branch": "trunk", "created_at": "2020-01-01T00:00:00.123Z", "updated_at": null,
            "pushed_at": "2026-11-19T23:59:59Z"}},
          {"starred_at": null, "repo": {"id": 8, "name": "bare", "owner": {"login": "mona", "id": 1}}},
          {"starred_at": "2026-11-20T10:00:00Z", "repo": {"id": "not a number", "full_name": "mona/broken"}}
        ]
        """.utf8)

    static let releasesPage = Data(
        """
        [
          {"id": 2, "tag_name": "v2", "name": "Two", "body": "Fixes #7.", "body_html": "<p>Fixes #7.</p>",
           "html_url": "https://github.com/o/r/releases/v2", "draft": false, "prerelease": true,
           "published_at": "2026-11-01T00:00:00Z", "created_at": "2026-10-31T00:00:00Z"},
          {"id": 1, "tag_name": "v1"}
        ]
        """.utf8)

    static func decoded<T: Decodable>(_ type: T.Type, _ json: Data) throws -> T {
        try GitHubDecoder().decode(type, from: json, resource: "test")
    }

    /// The entities a page gives, with the warnings said on the way.
    static func entities(_ page: [Lenient<StarDTO>]) -> (stars: [Star], warnings: [String]) {
        var warnings: [String] = []
        let stars = page.values(resource: "GET test", warn: { warnings.append($0) }).map {
            $0.entity(warn: { warnings.append($0) })
        }
        return (stars, warnings)
    }

    @Test("a copy gives the same entities and warnings as the JSON it was decoded from")
    func sameAsTheJSON() throws {
        let page = try Self.decoded([Lenient<StarDTO>].self, Self.starredPage)
        let copy = DecodedCopy.bytes(of: page)
        let read = try #require(DecodedCopy.value([Lenient<StarDTO>].self, from: copy))
        #expect(Self.entities(read).stars == Self.entities(page).stars)
        #expect(Self.entities(read).warnings == Self.entities(page).warnings)
        #expect(Self.entities(page).stars.count == 2 && !Self.entities(page).warnings.isEmpty)
        #expect(DecodedCopy.bytes(of: read) == copy, "read back whole, clamped counts and all")

        let releases = try Self.decoded([Lenient<ReleaseDTO>].self, Self.releasesPage)
        let releasesCopy = DecodedCopy.bytes(of: releases)
        let readReleases = try #require(DecodedCopy.value([Lenient<ReleaseDTO>].self, from: releasesCopy))
        #expect(DecodedCopy.bytes(of: readReleases) == releasesCopy)
        #expect(readReleases.compactMap(\.item).map(\.tagName) == ["v2", "v1"])
        #expect(readReleases[0].item?.bodyHtml == "<p>Fixes #7.</p>" && readReleases[1].item?.body == nil)
    }

    @Test("every field of every DTO kept decoded has its line in the copy")
    func everyField() throws {
        let star = try #require(try Self.decoded([Lenient<StarDTO>].self, Self.starredPage)[0].item)
        let release = try #require(try Self.decoded([Lenient<ReleaseDTO>].self, Self.releasesPage)[0].item)
        // A DTO that gains a field must gain it in `DecodedCopy.swift` too, and raise the version.
        let fields: [(Any, Int)] = [
            (star, 2), (star.repo, 21), (star.repo.owner, 8), (try #require(star.repo.license), 3),
            (try #require(star.repo.stargazersCount), 2), (release, 10),
            (Lenient<StarDTO>(item: nil, problem: nil, index: nil, fullName: nil), 4),
        ]
        for (value, count) in fields {
            #expect(Mirror(reflecting: value).children.count == count, "\(type(of: value))")
        }
    }

    @Test("bytes cut short, of another version or of another type are never read")
    func damaged() throws {
        let copy = DecodedCopy.bytes(of: try Self.decoded([Lenient<StarDTO>].self, Self.starredPage))
        for length in 0..<copy.count {
            #expect(DecodedCopy.value([Lenient<StarDTO>].self, from: copy.prefix(length)) == nil)
        }
        #expect(DecodedCopy.value([Lenient<StarDTO>].self, from: copy + [0]) == nil, "bytes past the end")
        var otherVersion = copy
        otherVersion[otherVersion.startIndex] = DecodedCopy.version &+ 1
        #expect(DecodedCopy.value([Lenient<StarDTO>].self, from: otherVersion) == nil)
        #expect(DecodedCopy.value([Lenient<ReleaseDTO>].self, from: copy) == nil)
        #expect(DecodedCopy.value([Lenient<StarDTO>].self, from: Data(repeating: 0xFF, count: 64)) == nil)
    }

    @Test("a copy goes with any change of its answer, and one decoded from an answer since replaced is never kept")
    func neverOutlivesItsAnswer() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "copies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(
            SQLiteResponseCache.open(at: folder.appending(path: "cache.sqlite"), warnings: .init()))
        let copy = Data("copy".utf8)
        let first = CachedResponse(key: "k", etag: "\"1\"", link: "<next>", body: Data("[1]".utf8), fetchedAt: .now)
        await cache.store(first, decoded: copy)
        #expect(await cache.entry(for: "k")?.decoded == copy)
        #expect(await cache.decodedCopies(for: ["k", "other"]) == ["k": .init(link: "<next>", bytes: copy)])

        // The same answer confirmed keeps its copy; a new body, or a new `Link`, takes it.
        await cache.markValidated("k", at: .now, pushedAt: nil)
        await cache.writeValidated()
        #expect(await cache.decodedCopies(for: ["k"]).count == 1)
        var second = first
        second.link = nil
        await cache.store(second)
        #expect(await cache.decodedCopies(for: ["k"]).isEmpty)
        #expect(await cache.entry(for: "k")?.decoded == nil)

        // Kept from the answer as it was: not written; from the answer as it is: written.
        cache.keep(decoded: copy, of: first)
        await cache.writeValidated()
        #expect(await cache.decodedCopies(for: ["k"]).isEmpty)
        cache.keep(decoded: copy, of: second)
        await cache.writeValidated()
        #expect(await cache.decodedCopies(for: ["k"]) == ["k": .init(link: nil, bytes: copy)])

        await cache.remove("k")
        #expect(await cache.decodedCopies(for: ["k"]).isEmpty)
    }

    @Test("a repeat run reads its 304s from the copies, and finds the same stars and releases")
    func repeatRun() async throws {
        let harness = try LiveHarness()
        let first = harness.store()
        let stars = try await first.starred(by: "mona")
        let repo = try #require(stars.first?.repo)
        let releases = try await first.releases(of: repo, limit: 3)
        let second = harness.store()
        #expect(try await second.starred(by: "mona") == stars)
        #expect(try await second.releases(of: repo, limit: 3, from: .kept) == releases)
        #expect(await second.keptReleases(of: [repo], due: [], limit: 3)[repo.id] == releases)
        #expect(harness.statuses("/users/mona/starred").last == 304)
        let offline = harness.store { $0.offline = true }
        #expect(try await offline.starred(by: "mona") == stars)
    }

    @Test("a copy kept by a run that did not know the token is passed over: the run that knows it reads it redacted")
    func copyWithASecret() async throws {
        let harness = try LiveHarness()
        harness.github.update("lumen-labs/lantern") { $0.description = "see TOKEN_SLOT here" }
        harness.github.inject(
            .rewriteBody(target: "TOKEN_SLOT", replacement: RedactionTests.token), at: "/repos/lumen-labs/lantern")
        let name = RepoName(owner: "lumen-labs", name: "lantern")
        let unknowing = try await harness.store(token: nil).repository(name)
        #expect(unknowing.description == "see \(RedactionTests.token) here", "no token, nothing to hide")
        // Offline, from the cache: the answer (sent without an `ETag`) and its copy as kept.
        let knowing = try await harness.store { $0.offline = true }.repository(name)
        #expect(knowing.description == "see \(Redactor.replacement) here")
    }
}
