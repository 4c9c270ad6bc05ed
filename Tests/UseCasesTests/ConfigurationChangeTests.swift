import Entities
import Foundation
import Testing
import UseCases

/// A configuration change is not news: changes are computed only for the sources both runs
/// read (`RunSources`).
@Suite struct ConfigurationChangeTests {
    static func starred(_ name: String, id: Int64, by accounts: Set<String>, stars: Int = 100) -> RepoSnapshot {
        RepoSnapshot(
            id: GitHubRepo.ID(rawValue: id), name: try! RepoName(parsing: name), stars: stars,
            isStarred: !accounts.isEmpty, starredBy: accounts)
    }

    static func run(_ day: Double, _ repositories: [RepoSnapshot], starredBy: [String], complete: Bool = true)
        -> RunSnapshot
    {
        RunSnapshot(
            takenAt: ComputeChangesTests.day(day), repositories: repositories, starredListComplete: complete,
            sources: RunSources(starredBy: starredBy))
    }

    static func kinds(_ previous: RunSnapshot?, _ current: RunSnapshot) -> [DigestChange.Kind] {
        ComputeChangesTests.kinds(ComputeChanges()(previous: previous, current: current))
    }

    @Test("an account left out of starred_by unstars nothing")
    func aRemovedAccountIsNotUnstarring() {
        let before = Self.run(
            0, [Self.starred("a/x", id: 1, by: ["alice"]), Self.starred("b/y", id: 2, by: ["bob"])],
            starredBy: ["alice", "Bob"])
        let after = Self.run(1, [Self.starred("a/x", id: 1, by: ["alice"])], starredBy: ["alice"])
        #expect(Self.kinds(before, after).isEmpty)
    }

    @Test("a configuration with no starred_by at all (a --sample build) unstars nothing")
    func noAccountsAtAllIsNotUnstarring() {
        let before = Self.run(
            0, (1...42).map { Self.starred("o/r\($0)", id: Int64($0), by: ["mona-sample"]) }, starredBy: ["mona-sample"]
        )
        let after = Self.run(1, [], starredBy: [])
        #expect(Self.kinds(before, after).isEmpty)
    }

    @Test("an account added to starred_by stars nothing new: its stars were there before")
    func anAddedAccountIsNotNews() {
        let before = Self.run(0, [Self.starred("a/x", id: 1, by: ["alice"])], starredBy: ["alice"])
        let after = Self.run(
            1, [Self.starred("a/x", id: 1, by: ["alice"]), Self.starred("c/z", id: 3, by: ["carol"])],
            starredBy: ["alice", "carol"])
        #expect(Self.kinds(before, after).isEmpty)
    }

    @Test("accounts read by both runs still report stars and unstars, whatever else changed")
    func commonAccountsStillReport() {
        let before = Self.run(
            0, [Self.starred("a/x", id: 1, by: ["alice"]), Self.starred("b/y", id: 2, by: ["alice", "bob"])],
            starredBy: ["alice", "bob"])
        let after = Self.run(
            1, [Self.starred("b/y", id: 2, by: ["bob"]), Self.starred("c/z", id: 3, by: ["alice", "carol"])],
            starredBy: ["alice", "carol"])
        let kinds = Self.kinds(before, after)
        // a/x: alice unstarred it. b/y: only bob (no longer read) holds it: not news. c/z: alice starred it.
        #expect(kinds.filter { $0 == .unstarred }.count == 2, "\(kinds)")
        #expect(kinds.filter { $0 == .newlyStarred }.count == 1, "\(kinds)")
    }

    @Test("a run recorded before sources were is compared as before: same accounts assumed")
    func aLegacyPreviousRunIsComparedAsBefore() {
        let legacy = RunSnapshot(
            takenAt: ComputeChangesTests.day(0),
            repositories: [
                RepoSnapshot(
                    id: GitHubRepo.ID(rawValue: 1), name: try! RepoName(parsing: "a/x"), stars: 1, isStarred: true)
            ])
        #expect(Self.kinds(legacy, Self.run(1, [], starredBy: ["alice"])) == [.unstarred])
        #expect(
            Self.kinds(legacy, Self.run(1, [], starredBy: [])).isEmpty, "no account is read now: no star can be judged")
    }

    @Test("login case does not matter: Alice and alice are one account")
    func loginsIgnoreCase() {
        let before = Self.run(0, [Self.starred("a/x", id: 1, by: ["alice"])], starredBy: ["Alice"])
        let after = Self.run(1, [], starredBy: ["ALICE"])
        #expect(Self.kinds(before, after) == [.unstarred])
    }
}
