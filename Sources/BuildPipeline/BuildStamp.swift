import Entities
import Foundation
import ParallelWork
import SiteRenderer
import UseCases

/// What a build is made from, in one line kept beside the published site: a run that finds
/// the same inputs again has nothing new to publish, and says so instead of rendering,
/// checking and comparing every page (`make` and Hugo's up-to-date check, for a digest).
///
/// The inputs: this program (its file, so a rebuilt binary counts), the options that shape
/// the site, the configuration file, every template and asset of the theme, the favourites,
/// the data the cache holds (its generation, which moves with every stored change and not
/// with a 304), the run the changes are compared with, and `SOURCE_DATE_EPOCH`. Not the time
/// of day: a site rebuilt from the same inputs differs only in the time on its digest, and a
/// cron run that found nothing new would otherwise rewrite every page and record an empty run.
struct BuildStamp {
    /// Everything but the data and the history, which are read at the moment they matter.
    private var fixed: [String]

    init(settings: BuildPipeline.Settings, favourites: [Favourite]) {
        fixed = [
            "program \(settings.program)",
            // The options that change what is published; the rest change how a run talks.
            "options \(settings.shapingOptions)",
            "configuration " + Self.hash([settings.configurationBytes]),
            "theme " + Self.hash(settings.theme.contents.flatMap { [Data($0.name.utf8), $0.bytes] }),
            "favourites " + favourites.map { "\($0.name)\u{1}\($0.note ?? "")" }.joined(separator: "\u{0}"),
            "epoch " + (settings.sourceDateEpoch ?? "-"),
        ]
    }

    /// For tests: a stamp of these fixed inputs.
    init(fixed: [String]) { self.fixed = fixed }

    /// What the data and the history are at one moment (see `BuildPipeline.Sources.reading`).
    struct Reading {
        /// The cache's generation, or "sample"; nil when it cannot be told.
        var data: String?
        /// The newest recorded run's id; nil for the sample, which records none.
        var newestRun: Int64?
    }

    /// The inputs of a build from `reading`; `recording` for the build about to record the
    /// next run, which the next run's reading will show as the newest. Nil when the data
    /// cannot be told apart (no usable cache), so that such a build always publishes.
    func inputs(_ reading: Reading, recording: Bool) -> String? {
        guard let data = reading.data else { return nil }
        let run = reading.newestRun.map { String(recording ? $0 + 1 : $0) } ?? "sample"
        return Self.hash(fixed + ["data \(data)", "run \(run)"])
    }

    /// What a build found: every repository's snapshot and the favourites GitHub answered
    /// 404 for. Two live runs over the same cache can still find different things: a 404
    /// leaves no cached row, so a favourite gone changes no generation.
    static func result(_ snapshot: RunSnapshot, gone: [RepoName]) -> String {
        // Written on every core: 10,000 lines of numbers, waited on before anything renders.
        // Sorted as positions, not as snapshots (10,000 moved about while sorting).
        let all = snapshot.repositories
        let order = all.indices.sorted { all[$0].id.rawValue < all[$1].id.rawValue }
        let repositories = order.concurrentMap { index in
            let repo = all[index]
            return
                "\(repo.id.rawValue) \(repo.name) \(repo.stars) \(repo.forks) \(repo.openIssues) \(repo.latestRelease ?? "-") "
                + "\(repo.pushedAt?.timeIntervalSince1970 ?? 0) \(repo.isArchived) \(repo.isStarred) \(repo.isFavourite)"
        }
        return hash(repositories + ["gone"] + gone.map(\.description).sorted())
    }

    /// The line kept in the published marker: the inputs, then what was found.
    static func line(inputs: String, result: String) -> String { "\(inputs) \(result)" }

    /// The inputs part of a published line.
    static func inputs(of line: String) -> Substring { line.prefix { $0 != " " } }

    /// FNV-1a, 64 bits, in hex: enough to tell one build's inputs from another's (nothing
    /// here is secret or adversarial; a collision costs one skipped rebuild).
    static func hash(_ parts: [Data]) -> String {
        var value = offsetBasis
        for part in parts { part.withUnsafeBytes { mix($0, into: &value) } }
        return String(value, radix: 16)
    }

    /// The same of the strings' UTF-8, without a copy of each (10,000 repositories' lines).
    static func hash(_ parts: [String]) -> String {
        var value = offsetBasis
        for var part in parts { part.withUTF8 { mix(UnsafeRawBufferPointer($0), into: &value) } }
        return String(value, radix: 16)
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// One part into the hash, then a byte no UTF-8 holds, so that ("ab", "c") and ("a", "bc") differ.
    private static func mix(_ bytes: UnsafeRawBufferPointer, into value: inout UInt64) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
    }
}

/// Whether a run has anything new to publish, decided from the published build's stamp.
enum UpToDate {
    /// The same inputs as the published build's: before anything is read, for a build from
    /// the cache or the sample, whose data is known up front; and for a live build, once every
    /// request is answered, before what the cache kept is read (`BuildPipeline.run`).
    static func before(published: String?, stamp: BuildStamp, reading: BuildStamp.Reading) -> Bool {
        guard let published, let inputs = stamp.inputs(reading, recording: false) else { return false }
        return BuildStamp.inputs(of: published) == inputs
    }

    /// Once every answer from GitHub is in: the same inputs, and the same things found.
    static func after(published: String?, stamp: BuildStamp, reading: BuildStamp.Reading, found: String) -> Bool {
        guard let published, let inputs = stamp.inputs(reading, recording: false) else { return false }
        return published == BuildStamp.line(inputs: inputs, result: found)
    }
}
