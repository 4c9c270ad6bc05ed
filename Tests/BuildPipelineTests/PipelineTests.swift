import Entities
import Foundation
import GitHubData
import RepodigestConfiguration
import SiteRenderer
import Testing
import UseCases

@testable import BuildPipeline

/// The pipeline's steps on the bundled sample, with a history that can be made to fail.
@Suite struct PipelineTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "pipeline-\(UUID().uuidString)")

    struct Now: UseCases.Clock {
        var now = Date(timeIntervalSince1970: 1_790_000_000)
    }

    /// Collects what a build says.
    final class Lines: BuildEvents, @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func info(_ message: String, fields: [String: any Sendable]) { lock.withLock { lines.append(message) } }
        func warning(_ message: String) { lock.withLock { lines.append("warning: " + message) } }
        func writing(_ done: Int, of total: Int) {}
        func writingFinished() {}
    }

    /// A history that has no past run and fails to record this one.
    struct FailingHistory: HistoryStore {
        struct Refused: Error, CustomStringConvertible { var description: String { "the disk said no" } }
        func latestSnapshot() async throws -> RunSnapshot? { nil }
        func snapshotBeforeLatest() async throws -> RunSnapshot? { nil }
        func record(_ snapshot: RunSnapshot) async throws { throw Refused() }
        func recentNews(runs: Int) async throws -> [DigestChange] { [] }
        func prune(before date: Date, after future: Date) async throws {}
    }

    /// A history that has no past run and keeps the time it was asked to prune before.
    final class PruneWatch: HistoryStore, @unchecked Sendable {
        private let lock = NSLock()
        private var dates: [Date] = []
        var pruned: [Date] { lock.withLock { dates } }
        func latestSnapshot() async throws -> RunSnapshot? { nil }
        func snapshotBeforeLatest() async throws -> RunSnapshot? { nil }
        func record(_ snapshot: RunSnapshot) async throws {}
        func recentNews(runs: Int) async throws -> [DigestChange] { [] }
        func prune(before date: Date, after future: Date) async throws { lock.withLock { dates.append(date) } }
    }

    func pipeline(_ events: Lines, now: Date = Now().now) throws -> BuildPipeline {
        let configuration = try Configuration(toml: SampleDataStore.configuration, source: "sample")
        let settings = BuildPipeline.Settings(
            configuration: configuration, configurationBytes: Data(SampleDataStore.configuration.utf8),
            theme: try Theme.builtIn("default"), output: root.appending(path: "site"), stateDirectory: nil,
            origin: .sample,
            shapingOptions: "test", program: "test", sourceDateEpoch: nil)
        return BuildPipeline(settings: settings, events: events, clock: Now(now: now))
    }

    @Test("a run dated ahead of the machine's clock forgets no run the clock would keep")
    func aRunDatedAheadForgetsNothing() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let ahead = Date(timeIntervalSince1970: 253_402_300_799)  // SOURCE_DATE_EPOCH's last second
        let pipeline = try pipeline(Lines(), now: ahead)
        var sources = try await pipeline.openSources()
        let history = PruneWatch()
        sources.history = history
        let before = Date()
        guard case .published = try await pipeline.run(sources) else {
            Issue.record("the sample must publish")
            return
        }
        let cutoff = try #require(history.pruned.first)
        #expect(cutoff <= Date().addingTimeInterval(-90 * 86_400), "history_days before the clock, not the run")
        #expect(cutoff >= before.addingTimeInterval(-90 * 86_400 - 60))
    }

    @Test("a run that cannot be recorded is still published, and says so as a problem, not a failure")
    func recordingFailsAfterThePublish() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let events = Lines()
        let pipeline = try pipeline(events)
        var sources = try await pipeline.openSources()
        sources.history = FailingHistory()
        guard case .published(let published) = try await pipeline.run(sources) else {
            Issue.record("the sample must publish")
            return
        }
        #expect(FileManager.default.fileExists(atPath: published.index.path))
        #expect(published.problems.count == 1)
        #expect(published.problems.first?.contains("the disk said no") == true)
        #expect(published.problems.first?.contains("published") == true)
    }

    @Test("the same sample built again is up to date before anything is digested")
    func sampleTwiceIsUpToDate() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let pipeline = try pipeline(Lines())
        guard case .published = try await pipeline.run() else {
            Issue.record("the first build must publish")
            return
        }
        let events = Lines()
        guard case .upToDate = try await self.pipeline(events).run() else {
            Issue.record("nothing changed: up to date")
            return
        }
        #expect(!events.all.contains { $0.hasPrefix("Rendering") })
    }

    @Test("a failing step is named in the failure")
    func failureNamesTheStep() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appending(path: "site"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: root.appending(path: "site/notes.txt"))
        let events = Lines()
        let pipeline = try pipeline(events)
        await #expect {
            _ = try await pipeline.run()
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.step == .output && failure.underlying is PublishError
        }
        // Found before anything is gathered: a live run would have asked GitHub for nothing.
        #expect(events.all.isEmpty, "\(events.all)")
    }

    @Test("an output that is a file, or beside which nothing can be written, is refused before gathering")
    func outputCheckedFirst() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: root.appending(path: "site"))
        let events = Lines()
        await #expect {
            _ = try await pipeline(events).run()
        } throws: { error in
            guard let failure = error as? BuildFailure, case .notOurs = failure.underlying as? PublishError else {
                return false
            }
            return failure.step == .output
        }
        #expect(events.all.isEmpty, "\(events.all)")
        try FileManager.default.removeItem(at: root.appending(path: "site"))
        // Not writable: as root, `access` says yes to everything; the check is then the publish's.
        guard geteuid() != 0 else { return }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: root.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path) }
        await #expect {
            _ = try await pipeline(events).run()
        } throws: { error in
            guard let failure = error as? BuildFailure,
                case .notWritable(let path, let reason) = failure.underlying as? PublishError
            else { return false }
            return path == root.standardizedFileURL.path && reason.contains("the folder that holds the output")
        }
        #expect(events.all.isEmpty, "\(events.all)")
    }
}
