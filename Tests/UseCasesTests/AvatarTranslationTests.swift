import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

/// Owners' pictures on cards: linked from GitHub at a size, the site's own copies, or none.
@Suite struct AvatarTranslationTests {
    static func site(_ mode: AvatarMode, avatars: [String: Avatar] = [:]) async throws -> Site {
        var repo = Make.repo("kit/tool", id: 1)
        repo.owner.avatarURL = "https://avatars.githubusercontent.com/u/7?v=4"
        var other = Make.repo("solo/thing", id: 2)
        other.owner.avatarURL = "https://avatars.githubusercontent.com/u/8?v=4"
        var source = FakeRepositorySource()
        source.stars["mona"] = [Make.star(repo, daysAgo: 1), Make.star(other, daysAgo: 2)]
        source.avatars = avatars
        var request = BuildDigest.Request(title: "D", starredBy: ["mona"]).english
        request.avatars = mode
        return try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch)).build(request).site
    }

    @Test("link: GitHub's avatar URL with the size asked for, and nothing published")
    func linked() async throws {
        let site = try await Self.site(.link)
        #expect(
            site.repositories.first { $0.card.fullName == "kit/tool" }?.card.avatar
                == .remote(url: "https://avatars.githubusercontent.com/u/7?v=4&s=96"))
        #expect(site.avatars.isEmpty)
    }

    @Test("copy: the site's own file, and an owner whose picture could not be had shows none, never a link")
    func copied() async throws {
        let png = Avatar(data: Data([0x89, 0x50, 0x4E, 0x47]), format: .png)
        let site = try await Self.site(.copy, avatars: ["kit": png])
        let cards = Dictionary(uniqueKeysWithValues: site.repositories.map { ($0.card.fullName, $0.card) })
        #expect(cards["kit/tool"]?.avatar == .file(name: "kit.png"))
        #expect(cards["solo/thing"]?.avatar == nil)
        #expect(site.avatars == ["kit.png": [0x89, 0x50, 0x4E, 0x47]])
    }

    @Test("an organisation's card says so, for its picture's shape; a user's does not")
    func organisations() async throws {
        var repo = Make.repo("kit/tool", id: 1)
        repo.owner.kind = .organization
        let other = Make.repo("solo/thing", id: 2)
        var source = FakeRepositorySource()
        source.stars["mona"] = [Make.star(repo, daysAgo: 1), Make.star(other, daysAgo: 2)]
        source.owners["kit"] = repo.owner
        source.ownedRepos["kit"] = [repo]
        var request = BuildDigest.Request(title: "D", starredBy: ["mona"], owners: ["kit"]).english
        request.avatars = .link
        let site = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch)).build(request).site
        let cards = Dictionary(uniqueKeysWithValues: site.repositories.map { ($0.card.fullName, $0.card) })
        #expect(cards["kit/tool"]?.ownerIsOrganisation == true)
        #expect(cards["solo/thing"]?.ownerIsOrganisation == false)
        let page = try #require(site.listPages.first { $0.route.kind == .owner(login: "kit") })
        #expect(page.isOrganisation)
    }

    @Test("none: no pictures at all")
    func none() async throws {
        let site = try await Self.site(.none)
        #expect(site.repositories.allSatisfy { $0.card.avatar == nil })
    }
}
