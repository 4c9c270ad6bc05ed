import Entities
import Testing
import UseCases

actor InMemoryFavourites: FavouritesStore {
    private var stored: [Favourite] = []

    func favourites() -> [Favourite] { stored }

    func add(_ favourite: Favourite) {
        if let index = stored.firstIndex(where: { $0.name.matches(favourite.name) }) {
            stored[index].note = favourite.note ?? stored[index].note
        } else {
            stored.append(favourite)
        }
    }

    func remove(_ name: RepoName) -> Bool {
        let before = stored.count
        stored.removeAll { $0.name.matches(name) }
        return stored.count < before
    }
}

@Suite struct ManageFavouritesTests {
    static func source() -> FakeRepositorySource {
        var source = FakeRepositorySource()
        source.repos["apple/swift-nio"] = Make.repo("apple/swift-nio", id: 1)
        return source
    }

    @Test func addingChecksGitHubAndKeepsItsSpelling() async throws {
        var source = Self.source()
        source.repos["Apple/Swift-NIO"] = Make.repo("apple/swift-nio", id: 1)
        let manage = ManageFavourites(store: InMemoryFavourites(), source: source)
        #expect(
            try await manage.add(RepoName(owner: "Apple", name: "Swift-NIO"), note: "net")
                == .added(RepoName(owner: "apple", name: "swift-nio")))
        #expect(
            try await manage.add(RepoName(owner: "apple", name: "swift-nio"), note: nil)
                == .alreadyThere(RepoName(owner: "apple", name: "swift-nio")))
        #expect(
            try await manage.list(configured: []) == [
                Favourite(name: RepoName(owner: "apple", name: "swift-nio"), note: "net")
            ])
    }

    @Test func aRepositoryThatDoesNotExistIsAClearError() async throws {
        let manage = ManageFavourites(store: InMemoryFavourites(), source: Self.source())
        await #expect {
            _ = try await manage.add(RepoName(owner: "nobody", name: "nothing"), note: nil)
        } throws: { error in
            "\(error)".contains("checking that nobody/nothing exists on GitHub")
        }
        #expect(try await manage.list(configured: []).isEmpty, "nothing was stored")
    }

    @Test func offlineAddsWithoutChecking() async throws {
        let manage = ManageFavourites(store: InMemoryFavourites(), source: nil)
        #expect(
            try await manage.add(RepoName(owner: "x", name: "y"), note: nil) == .added(RepoName(owner: "x", name: "y")))
    }

    @Test func theConfigurationsAndTheStoredAreListedTogetherOnce() async throws {
        let store = InMemoryFavourites()
        let manage = ManageFavourites(store: store, source: nil)
        _ = try await manage.add(RepoName(owner: "a", name: "stored"), note: nil)
        _ = try await manage.add(RepoName(owner: "A", name: "Both"), note: nil)
        let listed = try await manage.list(configured: [Favourite(name: RepoName(owner: "a", name: "both"))])
        #expect(listed.map(\.name.description) == ["a/both", "a/stored"])
        #expect(try await manage.remove(RepoName(owner: "a", name: "stored")))
        #expect(try await !manage.remove(RepoName(owner: "a", name: "stored")))
    }

    @Test("one named in both keeps the configuration's note, or the added one where the configuration has none")
    func notesOfOneNamedInBoth() async throws {
        let manage = ManageFavourites(store: InMemoryFavourites(), source: nil)
        _ = try await manage.add(RepoName(owner: "a", name: "bare"), note: "added")
        _ = try await manage.add(RepoName(owner: "a", name: "noted"), note: "added")
        let listed = try await manage.list(configured: [
            Favourite(name: RepoName(owner: "a", name: "bare")),
            Favourite(name: RepoName(owner: "a", name: "noted"), note: "configured"),
        ])
        #expect(listed.map(\.note) == ["added", "configured"])
    }
}
