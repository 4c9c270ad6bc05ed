import Entities
import Foundation
import Testing
import UseCases

/// "Since the last run": repositories added to or taken out of a Star List.
@Suite struct StarListChangesTests {
    static func repo(_ name: String, id: Int64, lists: Set<String>) -> RepoSnapshot {
        var repo = ComputeChangesTests.snapshot(name, id: id)
        repo.lists = lists
        return repo
    }

    @Test("a repository added to a List, one taken out, and one gone with its List membership are each reported once")
    func addedAndRemoved() async throws {
        let outcomes = try await ComputeChangesTests.run([
            [
                Self.repo("a/one", id: 1, lists: ["Git"]), Self.repo("a/two", id: 2, lists: ["Git", "Rust"]),
                Self.repo("a/three", id: 3, lists: ["Rust"]),
            ],
            [Self.repo("a/one", id: 1, lists: ["Git", "Rust"]), Self.repo("a/two", id: 2, lists: ["Git"])],
        ])
        let kinds = ComputeChangesTests.kinds(outcomes[1])
        #expect(kinds.filter { if case .addedToList = $0 { true } else { false } } == [.addedToList("Rust")])
        #expect(
            kinds.filter { if case .removedFromList = $0 { true } else { false } } == [
                .removedFromList("Rust"), .removedFromList("Rust"),
            ])
    }

    @Test("the first run with Lists reports nothing as added: there was nothing to compare with")
    func firstRunWithLists() async throws {
        let outcomes = try await ComputeChangesTests.run([
            [Self.repo("a/one", id: 1, lists: [])],
            [Self.repo("a/one", id: 1, lists: ["Git"])],
        ])
        #expect(!ComputeChangesTests.kinds(outcomes[1]).contains(.addedToList("Git")))
    }

    @Test("the digest and the feeds say it in words, with an id stable for the run")
    func translated() async throws {
        let source = StarListPagesTests.source
        let history = InMemoryHistory()
        let clock = FixedClock(now: Make.epoch)
        let request = BuildDigest.Request(title: "T", includePrivate: true, listsOf: ["mona"]).english
        let first = try await BuildDigest(source: source, clock: clock, history: history).build(request)
        await history.record(first.snapshot)
        var moved = source
        moved.lists["mona"]![1].repositories.append(StarListPagesTests.lantern)
        let site = try await BuildDigest(
            source: moved, clock: FixedClock(now: Make.epoch.addingTimeInterval(Make.day)), history: history)(request)
        let items = site.digest.changes?.items ?? []
        #expect(items.map(\.text).contains("lumen-labs/lantern was added to the List Secret"), "\(items.map(\.text))")
        #expect(site.feed.contains { $0.title == "lumen-labs/lantern was added to the List Secret" })
    }
}
