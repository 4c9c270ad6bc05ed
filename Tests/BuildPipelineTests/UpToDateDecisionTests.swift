import Entities
import Foundation
import Testing
import UseCases

@testable import BuildPipeline

/// When a run has nothing new to publish: the decisions of `UpToDate` and the stamp they
/// compare, on values alone (end-to-end runs are in EndToEndTests/UpToDateTests).
@Suite struct UpToDateDecisionTests {
    let stamp = BuildStamp(fixed: [
        "program 1", "options sample=false", "configuration a", "theme b", "favourites ", "epoch -",
    ])
    let reading = BuildStamp.Reading(data: "7", newestRun: 3)
    let found = "f00d"

    /// The line a build published with `reading` and `found` kept in its marker.
    func published(_ reading: BuildStamp.Reading, found: String, recording: Bool = true) -> String {
        BuildStamp.line(inputs: stamp.inputs(reading, recording: recording)!, result: found)
    }

    @Test("the stamp's hash is FNV-1a of each part's bytes, the same from strings as from data")
    func stampHash() {
        // A literal: a published stamp made by an earlier version must still compare equal.
        #expect(BuildStamp.hash(["repodigest", "run"]) == "48eaa92cf118c728")
        #expect(BuildStamp.hash([Data("repodigest".utf8), Data("run".utf8)]) == "48eaa92cf118c728")
        #expect(BuildStamp.hash(["ab", "c"]) != BuildStamp.hash(["a", "bc"]))
    }

    @Test("nothing published, or no stamp: never up to date")
    func nothingPublished() {
        #expect(!UpToDate.before(published: nil, stamp: stamp, reading: reading))
        #expect(!UpToDate.after(published: nil, stamp: stamp, reading: reading, found: found))
    }

    @Test("the build that recorded run 3 is up to date when run 3 is the newest and the data is the same")
    func sameInputsAfterRecording() {
        let line = published(BuildStamp.Reading(data: "7", newestRun: 2), found: found)
        #expect(UpToDate.before(published: line, stamp: stamp, reading: reading))
        #expect(UpToDate.after(published: line, stamp: stamp, reading: reading, found: found))
    }

    @Test("moved data, a newer run, or another stamp: not up to date")
    func anyInputMoved() {
        let line = published(BuildStamp.Reading(data: "7", newestRun: 2), found: found)
        #expect(!UpToDate.before(published: line, stamp: stamp, reading: .init(data: "8", newestRun: 3)))
        #expect(!UpToDate.before(published: line, stamp: stamp, reading: .init(data: "7", newestRun: 4)))
        let other = BuildStamp(fixed: [
            "program 2", "options sample=false", "configuration a", "theme b", "favourites ", "epoch -",
        ])
        #expect(!UpToDate.before(published: line, stamp: other, reading: reading))
    }

    @Test("live: the same inputs but something else found is news")
    func somethingElseFound() {
        let line = published(BuildStamp.Reading(data: "7", newestRun: 2), found: found)
        #expect(!UpToDate.after(published: line, stamp: stamp, reading: reading, found: "beef"))
    }

    @Test("a cache whose generation cannot be told is never up to date")
    func unknownData() {
        let line = published(BuildStamp.Reading(data: "7", newestRun: 2), found: found)
        #expect(!UpToDate.before(published: line, stamp: stamp, reading: .init(data: nil, newestRun: 3)))
    }

    @Test("what a run found moves with any figure of any repository and with a favourite gone")
    func resultMovesWithTheFigures() {
        let repo = RepoSnapshot(
            id: GitHubRepo.ID(rawValue: 1), name: RepoName(owner: "o", name: "n"), stars: 5, isStarred: true)
        var more = repo
        more.stars = 6
        let at = Date(timeIntervalSince1970: 0)
        let one = BuildStamp.result(RunSnapshot(takenAt: at, repositories: [repo]), gone: [])
        #expect(
            one == BuildStamp.result(RunSnapshot(takenAt: at.addingTimeInterval(60), repositories: [repo]), gone: []))
        #expect(one != BuildStamp.result(RunSnapshot(takenAt: at, repositories: [more]), gone: []))
        #expect(
            one
                != BuildStamp.result(
                    RunSnapshot(takenAt: at, repositories: [repo]), gone: [RepoName(owner: "o", name: "gone")]))
    }
}
