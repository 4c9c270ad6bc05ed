import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// Owners' pictures fetched for a site that publishes them itself (`avatars = "copy"`).
@Suite struct AvatarTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 40)

    @Test("A picture is fetched at the size asked for, then kept a week: the next run sends nothing for it")
    func fetchedOnceAndCached() async throws {
        let harness = try LiveHarness()
        harness.github.setAvatar(of: "lumen-labs", to: Self.png)
        let owner = try await harness.store().owner("lumen-labs")
        harness.github.clearLog()

        let avatar = try #require(await harness.store().avatar(of: owner, size: 96))
        #expect(avatar == Avatar(data: Self.png, format: .png))
        let asked = harness.github.requests.filter { $0.path.hasPrefix("/avatars/") }
        #expect(asked.count == 1 && asked.first?.query["s"] == "96")
        // On the API's own origin here, as on GitHub Enterprise without subdomain isolation.
        #expect(
            asked.allSatisfy { !$0.headers.keys.contains { $0.lowercased() == "authorization" } },
            "a picture is asked for without the token")

        harness.github.clearLog()
        #expect(await harness.store().avatar(of: owner, size: 96) == avatar)
        #expect(harness.github.requests.isEmpty, "a second run answers from the cache")
    }

    @Test("Anything but PNG, JPEG, GIF or WebP is no picture: an SVG could run script on the site's origin")
    func onlyRasterImages() async throws {
        let harness = try LiveHarness()
        harness.github.setAvatar(of: "lumen-labs", to: Data("<svg onload=alert(1)></svg>".utf8))
        let owner = try await harness.store().owner("lumen-labs")
        #expect(await harness.store().avatar(of: owner, size: 96) == nil)
        #expect(Avatar.rasterFormat(of: Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
        #expect(Avatar.rasterFormat(of: Data("GIF89a".utf8)) == .gif)
    }

    @Test("An owner without a picture, or whose picture cannot be had, costs a picture and never the build")
    func missingPicturesAreNil() async throws {
        let harness = try LiveHarness()
        let owner = try await harness.store().owner("lumen-labs")
        #expect(owner.avatarURL == nil)
        #expect(await harness.store().avatar(of: owner, size: 96) == nil)
        var gone = owner
        gone.avatarURL = harness.github.baseURL + "/avatars/u/999999?v=4"
        #expect(await harness.store().avatar(of: gone, size: 96) == nil)
    }

    @Test("A picture an answer places on another host than GitHub's is never asked for")
    func otherHostsAreNotAsked() async throws {
        let harness = try LiveHarness()
        let elsewhere = FakeGitHub(token: "other", tokenOwner: "other")
        try elsewhere.start()
        defer { elsewhere.stop() }
        var owner = try await harness.store().owner("lumen-labs")
        // The same address on another host: localhost, not the API's 127.0.0.1.
        owner.avatarURL = elsewhere.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/avatars/u/1"
        #expect(await harness.store().avatar(of: owner, size: 96) == nil)
        #expect(elsewhere.requests.isEmpty)
        // Nor is a redirect followed from GitHub's own host to another.
        harness.github.setAvatar(of: "lumen-labs", to: Self.png)
        owner = try await harness.store().owner("lumen-labs")
        let away = elsewhere.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/avatars/u/1"
        harness.github.inject(.redirect(to: away), at: URLComponents(string: owner.avatarURL!)!.path)
        #expect(await harness.store().avatar(of: owner, size: 96) == nil)
        #expect(elsewhere.requests.isEmpty)

        let github = "https://api.github.com"
        #expect(GitHubDataStore.servesAvatars(scheme: "https", host: "avatars.githubusercontent.com", api: github))
        #expect(!GitHubDataStore.servesAvatars(scheme: "http", host: "avatars.githubusercontent.com", api: github))
        #expect(!GitHubDataStore.servesAvatars(scheme: "https", host: "169.254.169.254", api: github))
        #expect(!GitHubDataStore.servesAvatars(scheme: "https", host: "evilgithubusercontent.com", api: github))
        #expect(GitHubDataStore.servesAvatars(scheme: "HTTPS", host: "Avatars2.GitHubUserContent.com.", api: github))
        #expect(!GitHubDataStore.servesAvatars(scheme: "https", host: "raw.githubusercontent.com", api: github))
        #expect(!GitHubDataStore.servesAvatars(scheme: "https", host: "someone.github.com", api: github))
        #expect(
            GitHubDataStore.servesAvatars(scheme: "https", host: "avatars.githubusercontent.com", api: github + "."))
        let enterprise = "https://ghe.example.org/api/v3"
        #expect(GitHubDataStore.servesAvatars(scheme: "https", host: "ghe.example.org", api: enterprise))
        #expect(GitHubDataStore.servesAvatars(scheme: "https", host: "avatars.ghe.example.org", api: enterprise))
        #expect(!GitHubDataStore.servesAvatars(scheme: "https", host: "example.org", api: enterprise))
        #expect(
            GitHubDataStore.servesAvatars(
                scheme: "https", host: "avatars.octocorp.ghe.com", api: "https://api.octocorp.ghe.com"))
        // Only GHE.com's `api.` hosts vouch for their parent domain.
        #expect(
            !GitHubDataStore.servesAvatars(
                scheme: "https", host: "intranet.corp.example", api: "https://api.corp.example"))
        #expect(GitHubDataStore.servesAvatars(scheme: "http", host: "ghe.local", api: "HTTP://ghe.local/api/v3"))
    }

    @Test("The sample draws its own pictures, as SVG, for its made-up accounts")
    func samplePictures() async throws {
        let store = SampleDataStore()
        let owner = try await store.owner("lumen-labs")
        let avatar = try #require(await store.avatar(of: owner, size: 96))
        #expect(avatar.format == .svg)
        #expect(String(decoding: avatar.data, as: UTF8.self).hasPrefix("<svg"))
    }
}
