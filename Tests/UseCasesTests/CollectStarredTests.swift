import Entities
import Testing
import UseCases

@Suite struct CollectStarredTests {
    @Test func mergesUsersNewestFirstEachRepositoryOnce() async throws {
        let shared = Make.repo("a/shared", id: 1)
        var source = FakeRepositorySource()
        source.stars["mona"] = [Make.star(Make.repo("a/old", id: 2), daysAgo: 30), Make.star(shared, daysAgo: 5)]
        source.stars["lisa"] = [Make.star(shared, daysAgo: 1), Make.star(Make.repo("b/new", id: 3), daysAgo: 0)]

        let stars = try await CollectStarred(source: source).list(users: ["mona", "lisa"]).stars

        #expect(stars.map(\.repo.name.description) == ["b/new", "a/shared", "a/old"])
        #expect(stars[1].starredAt == Make.epoch.addingTimeInterval(-Make.day), "the newest star of a repository wins")
    }

    @Test func undatedStarsKeepTheirOrderAfterDatedOnes() async throws {
        var source = FakeRepositorySource()
        source.stars["mona"] = [
            Make.star(Make.repo("x/first", id: 1), daysAgo: nil),
            Make.star(Make.repo("x/dated", id: 2), daysAgo: 3),
            Make.star(Make.repo("x/second", id: 3), daysAgo: nil),
        ]
        let stars = try await CollectStarred(source: source).list(users: ["mona"]).stars
        #expect(stars.map(\.repo.name.name) == ["dated", "first", "second"])
    }

    @Test func failureNamesTheStep() async {
        var source = FakeRepositorySource()
        source.failing = ["starred:mona"]
        await #expect {
            _ = try await CollectStarred(source: source).list(users: ["mona"])
        } throws: { error in
            (error as? UseCaseFailure)?.description.contains("loading the stars of mona") == true
        }
    }
}
