import Entities
import Foundation
import Testing
import UseCases

/// "Since the last run": repositories added to or taken out of a Star List.
@Suite struct StarListChangesTests {
    static func repo(_ name: String, id: Int64, lists: Set<String>) -> RepoSnapshot {
        var repo = ComputeChangesTests.snapshot(name, id: id)
        repo.listMemberships = lists
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

    /// A run's snapshot that read the Lists of `listsOf`, each repository in the Lists given
    /// as (account, id, name).
    static func run(
        day: Double, listsOf: [String], _ repos: [(Int64, [(String, String, String)])]
    ) -> RunSnapshot {
        RunSnapshot(
            takenAt: ComputeChangesTests.day(day),
            repositories: repos.map { id, lists in
                repo(
                    "a/r\(id)", id: id,
                    lists: Set(lists.map { ListMembership(account: $0.0, list: $0.1, name: $0.2).recorded }))
            },
            sources: RunSources(listsOf: listsOf))
    }

    static func listNews(_ previous: RunSnapshot, _ current: RunSnapshot) -> [String] {
        ComputeChangesTests.kinds(ComputeChanges()(previous: previous, current: current)).compactMap {
            switch $0 {
            case .addedToList(let name): "+ \(name)"
            case .removedFromList(let name): "- \(name)"
            default: nil
            }
        }
    }

    @Test("Lists are told apart by account and id: a rename moves nothing, two Lists of one name stay two")
    func listsAreToldApartByID() {
        let before = Self.run(
            day: 0, listsOf: ["mona", "octocat"],
            [(1, [("mona", "L1", "Swift server"), ("octocat", "L9", "Swift server")]), (2, [("mona", "L2", "Same")])])
        // L1 renamed; r1 taken out of octocat's List of the same name; r2 added to another "Same".
        let after = Self.run(
            day: 1, listsOf: ["mona", "octocat"],
            [(1, [("mona", "L1", "Swift on the server")]), (2, [("mona", "L2", "Same"), ("mona", "L3", "Same")])])
        #expect(Self.listNews(before, after) == ["- Swift server", "+ Same"])
    }

    @Test("an account added to or left out of lists_of is no news; a List's first repositories are")
    func listsOfChangesAreNoNews() {
        let mona = Self.run(day: 0, listsOf: ["mona"], [(1, [("mona", "L1", "Tools")])])
        let both = Self.run(
            day: 1, listsOf: ["mona", "octocat"], [(1, [("mona", "L1", "Tools"), ("octocat", "L9", "Hers")])])
        #expect(Self.listNews(mona, both).isEmpty, "octocat's Lists were not read before")
        #expect(Self.listNews(both, mona).isEmpty, "nor after")
        // Every List empty the run before: what goes into one now is news all the same.
        let empty = Self.run(day: 0, listsOf: ["mona"], [(1, [])])
        #expect(Self.listNews(empty, mona) == ["+ Tools"])
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
