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

    init(options: BuildOptions, theme: Theme, request: BuildDigest.Request) {
        var exe = stat()
        let program = stat("/proc/self/exe", &exe) == 0 ? "\(exe.st_ino) \(exe.st_size) \(exe.st_mtim.tv_sec).\(exe.st_mtim.tv_nsec)" : "?"
        let configuration = options.config.flatMap { FileManager.default.contents(atPath: $0) }
            ?? (options.sample ? Data(SampleDataStore.configuration.utf8) : FileManager.default.contents(atPath: "repodigest.toml"))
        fixed = [
            "program \(Repodigest.configuration.version) \(program)",
            // The options that change what is published; the rest change how a run talks.
            "options sample=\(options.sample) api=\(options.apiURL ?? "-") base=\(options.baseURL ?? "-") theme=\(options.theme ?? "-")",
            "configuration " + Self.hash([configuration ?? Data()]),
            "theme " + Self.hash(theme.contents.flatMap { [Data($0.name.utf8), $0.bytes] }),
            "favourites " + request.favourites.map { "\($0)" }.joined(separator: "\u{0}"),
            "epoch " + (ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] ?? "-"),
        ]
    }

    /// The stamp of a build from `data` compared with history's run `run`; nil when the data
    /// cannot be told apart (no usable cache), so that such a build always publishes.
    func line(inputs: (data: String?, run: String)) -> String? {
        line(data: inputs.data, run: inputs.run)
    }

    func line(data: String?, run: String) -> String? {
        guard let data else { return nil }
        return Self.hash((fixed + ["data \(data)", "run \(run)"]).map { Data($0.utf8) })
    }

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
    /// is its newest run. `recording` gives the run this build will record instead.
    ///
    /// Favourites GitHub answered 404 for are not in the cache, so they count apart: `gone`.
    /// A build from the cache alone has none (it would have failed without them), so a run
    /// that sees the same cache as a published build that had some never takes it as the same.
    func inputs(of sources: Sources, gone: [RepoName] = [], recording: Bool) async throws -> (data: String?, run: String) {
        guard let live = sources.live, let state = sources.state else { return ("sample", "sample") }
        let newest = try await state.latestRunID()
        let data = await live.dataGeneration().map { generation in
            gone.isEmpty ? generation : generation + " gone " + gone.map(\.description).sorted().joined(separator: " ")
        }
        return (data, String(recording ? newest + 1 : newest))
    }

    /// A run that found nothing new: the published site stays as it is, and no run is recorded.
    func upToDate(_ output: URL, console: Console) {
        console.info("Up to date: nothing changed since the published build, so \(options.output) is as it was (--force rebuilds).",
                     fields: ["output": options.output, "upToDate": true])
        console.result(output.appending(path: "index.html").standardizedFileURL.path)
    }
}
