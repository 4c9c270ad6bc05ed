import Entities
import Foundation
import GitHubData
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
/// of day: a site rebuilt from the same inputs differs only in the time in its footer, and a
/// cron run that found nothing new would otherwise rewrite every page and record an empty run.
struct BuildStamp {
    /// Everything but the data and the history, which are read at the moment they matter.
    private var fixed: [String]

    /// - Parameter configuration: the bytes the configuration was parsed from (read once,
    ///   so a file saved during the run cannot be stamped for a build made from the old one).
    init(options: BuildOptions, configuration: Data, theme: Theme, request: BuildDigest.Request) {
        var exe = stat()
        let program = stat("/proc/self/exe", &exe) == 0 ? "\(exe.st_ino) \(exe.st_size) \(exe.st_mtim.tv_sec).\(exe.st_mtim.tv_nsec)" : "?"
        fixed = [
            "program \(Repodigest.configuration.version) \(program)",
            // The options that change what is published; the rest change how a run talks.
            "options sample=\(options.sample) api=\(options.apiURL ?? "-") base=\(options.baseURL ?? "-") theme=\(options.theme ?? "-")",
            "configuration " + Self.hash([configuration]),
            "theme " + Self.hash(theme.contents.flatMap { [Data($0.name.utf8), $0.bytes] }),
            "favourites " + request.favourites.map { "\($0.name)\u{1}\($0.note ?? "")" }.joined(separator: "\u{0}"),
            "epoch " + (ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] ?? "-"),
        ]
    }

    /// What the data and the history are at one moment (see `BuildCommand.reading`).
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
        return Self.hash((fixed + ["data \(data)", "run \(run)"]).map { Data($0.utf8) })
    }

    /// What a build found: every repository's snapshot and the favourites GitHub answered
    /// 404 for. Two live runs over the same cache can still find different things: a
    /// `--full` read drops stars an incremental one kept, and a 404 leaves no cached row.
    static func result(_ snapshot: RunSnapshot, gone: [RepoName]) -> String {
        let repositories = snapshot.repositories.sorted { $0.id.rawValue < $1.id.rawValue }.map { repo in
            "\(repo.id.rawValue) \(repo.name) \(repo.stars) \(repo.forks) \(repo.openIssues) \(repo.latestRelease ?? "-") "
                + "\(repo.pushedAt?.timeIntervalSince1970 ?? 0) \(repo.isArchived) \(repo.isStarred) \(repo.isFavourite)"
        }
        return hash((repositories + ["gone"] + gone.map(\.description).sorted()).map { Data($0.utf8) })
    }

    /// The line kept in the published marker: the inputs, then what was found.
    static func line(inputs: String, result: String) -> String { "\(inputs) \(result)" }

    /// The inputs part of a published line.
    static func inputs(of line: String) -> Substring { line.prefix { $0 != " " } }

    /// FNV-1a, 64 bits, in hex: enough to tell one build's inputs from another's (nothing
    /// here is secret or adversarial; a collision costs one skipped rebuild).
    static func hash(_ parts: [Data]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16)
    }
}

extension BuildCommand {
    /// What the data and the history are now, for comparing with the published stamp: the
    /// bundled sample never changes; GitHub's data is the cache's generation, and the history
    /// is its newest run.
    func reading(of sources: Sources) async throws -> BuildStamp.Reading {
        guard let live = sources.live, let state = sources.state else { return .init(data: "sample", newestRun: nil) }
        return .init(data: await live.dataGeneration(), newestRun: try await state.latestRunID())
    }

    /// A run that found nothing new: the published site stays as it is, and no run is recorded.
    func upToDate(_ output: URL, console: Console) {
        console.info("Up to date: nothing changed since the published build, so \(options.output) is as it was (--force rebuilds).",
                     fields: ["output": options.output, "upToDate": true])
        console.result(output.appending(path: "index.html").standardizedFileURL.path)
    }
}
