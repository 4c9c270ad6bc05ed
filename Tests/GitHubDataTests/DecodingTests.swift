import Entities
import Foundation
import Testing

@testable import GitHubData

/// Shapes the real API sends, written small: nulls, missing fields, unknown fields, both
/// starred media types, dates with and without fractional seconds.
@Suite struct DecodingTests {
    let decoder = GitHubDecoder()

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try decoder.decode(type, from: Data(json.utf8), resource: "test")
    }

    @Test func anOldRepositoryWithNullsAndNoModernFieldsDecodes() throws {
        let dto = try decode(
            RepoDTO.self,
            """
            {"id": 36502, "name": "git", "full_name": "git/git", "owner": {"login": "git", "id": 18133},
             "description": null, "homepage": null, "language": null, "mirror_url": null,
             "watchers": 2886, "created_at": "2008-07-23T14:21:26Z", "some_future_field": {"x": [1]}}
            """)
        let repo = dto.entity
        #expect(repo.name == RepoName(owner: "git", name: "git"))
        #expect(repo.topics.isEmpty)
        #expect(repo.license == nil)
        #expect(repo.htmlURL == "https://github.com/git/git")
        #expect(repo.createdAt == Date(timeIntervalSince1970: 1_216_822_886))
        #expect(repo.owner.kind == .user)
        #expect(repo.watchers == nil, "the legacy `watchers` field counts stars, not watchers")
    }

    @Test("a language of nothing (\"\" or spaces) is none, not a language page of nothing", arguments: ["", "  "])
    func anEmptyLanguageIsNone(_ language: String) throws {
        let dto = try decode(
            RepoDTO.self,
            #"{"id": 1, "name": "n", "full_name": "o/n", "owner": {"login": "o", "id": 2}, "language": "\#(language)"}"#
        )
        #expect(dto.entity.language == nil)
    }

    @Test("a release listed twice (published while the pages were read) is one release")
    func aReleaseListedTwiceIsOne() throws {
        let repo = try decode(
            RepoDTO.self, #"{"id": 1, "name": "n", "full_name": "o/n", "owner": {"login": "o", "id": 2}}"#
        ).entity
        let items = try decode(
            [ReleaseDTO].self,
            """
            [{"id": 7, "tag_name": "v2", "html_url": "https://github.com/o/n/releases/tag/v2"},
             {"id": 6, "tag_name": "v1", "html_url": "https://github.com/o/n/releases/tag/v1"},
             {"id": 6, "tag_name": "v1", "html_url": "https://github.com/o/n/releases/tag/v1"}]
            """)
        #expect(GitHubDataStore.published(items, of: repo).map(\.tagName) == ["v2", "v1"])
    }

    @Test func starsDecodeWithAndWithoutTheStarMediaType() throws {
        let repo =
            #"{"id": 1, "name": "a", "full_name": "o/a", "owner": {"login": "o", "id": 2, "type": "Organization"}}"#
        let wrapped = try decode([StarDTO].self, #"[{"starred_at": "2026-11-20T09:12:44.123Z", "repo": \#(repo)}]"#)
        let plain = try decode([StarDTO].self, "[\(repo)]")
        #expect(wrapped[0].entity.starredAt != nil)
        #expect(plain[0].entity.starredAt == nil)
        #expect(wrapped[0].entity.repo == plain[0].entity.repo)
        #expect(plain[0].entity.repo.owner.kind == .organization)
    }

    @Test func aNoAssertionLicenceKeepsItsNameWithoutAnSPDXID() throws {
        let licence = try decode(
            LicenseDTO.self, #"{"key": "other", "name": "Other", "spdx_id": "NOASSERTION", "url": null}"#)
        #expect(licence.entity == License(spdxID: nil, name: "Other"))
    }

    @Test func readmeContentWithGitHubsLineBreaksDecodes() throws {
        let text = "# Title\n\nÉté 日本語 🚀\n"
        let base64 = Data(text.utf8).base64EncodedString()
        let wrapped = stride(from: 0, to: base64.count, by: 60).map { offset in
            let start = base64.index(base64.startIndex, offsetBy: offset)
            return String(
                base64[start..<(base64.index(start, offsetBy: 60, limitedBy: base64.endIndex) ?? base64.endIndex)])
        }.joined(separator: "\\n")
        let dto = try decode(ReadmeDTO.self, #"{"path": "README.md", "encoding": "base64", "content": "\#(wrapped)"}"#)
        #expect(try dto.entity(resource: "r").markdown == text)
    }

    /// The README's content read straight from the bytes gives what JSONDecoder gives, or
    /// steps aside (nil) for it; GitHub's usual shapes take the quick way.
    @Test(arguments: [
        (
            #"{"path":"README.md","content":"IyBUaXRs\nZQo=\n","encoding":"base64","html_url":"https://github.com/o/n/blob/main/README.md","download_url":null}"#,
            true
        ),
        (#"{ "content" : "IyBU\/aXRsZQo=", "encoding" : "base64", "_links": {"html": "x"} }"#, true),
        (#"{"name":"say \"content\": no","content":"IyBUaXRsZQo=","encoding":"base64"}"#, true),
        (#"{"content":"IyBU\u0041aXRsZQo=","encoding":"base64"}"#, false),
        (#"{"content":"Title","encoding":"utf-8"}"#, false),
        (#"{"path":"README.md","encoding":"base64"}"#, false),
        (#"{"content":"QQ==","nested":{"content":"Qg=="},"encoding":"base64"}"#, false),
    ])
    func aReadmeReadQuicklyIsTheOneJSONDecoderReads(_ json: String, _ quick: Bool) throws {
        let full = try JSONDecoder().decode(ReadmeDTO.self, from: Data(json.utf8))
        let fast = ReadmeDTO.quickly(from: Data(json.utf8), decoder: JSONDecoder())
        #expect((fast != nil) == quick)
        let read = try decode(ReadmeDTO.self, json)
        // The same README (base64 read without its line breaks is the same bytes).
        for dto in [fast, read].compactMap({ $0 }) {
            #expect((try? dto.entity(resource: "r")) == (try? full.entity(resource: "r")))
            #expect(dto.path == full.path && dto.htmlUrl == full.htmlUrl && dto.downloadUrl == full.downloadUrl)
        }
    }

    @Test func invalidUTF8InAReadmeBecomesReplacementCharacters() throws {
        let base64 = Data([0x23, 0x20, 0xFF, 0x41]).base64EncodedString()
        let dto = try decode(ReadmeDTO.self, #"{"content": "\#(base64)", "encoding": "base64"}"#)
        #expect(try dto.entity(resource: "r").markdown == "# \u{FFFD}A")
    }

    @Test func errorsNameTheResourceAndThePath() {
        #expect(throws: GitHubDataError.undecodable(resource: "test", reason: "at [0].owner: required field missing")) {
            _ = try decode([RepoDTO].self, #"[{"id": 1, "name": "a"}]"#)
        }
        #expect(throws: GitHubDataError.self) {
            _ = try decode(
                RepoDTO.self, #"{"id": 1, "name": "a", "owner": {"login": "o", "id": 2}, "pushed_at": "yesterday"}"#)
        }
    }

    @Test func truncatedJSONIsAnErrorNotACrash() {
        #expect(throws: GitHubDataError.self) {
            _ = try decode([RepoDTO].self, #"[{"id": 1, "name": "a", "owner": {"lo"#)
        }
    }
}
