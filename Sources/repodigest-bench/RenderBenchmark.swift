import Foundation

/// repodigest (`build --offline` from the prefilled state folder, validation on) against Hugo
/// building the same repositories, run alternately so both see the same machine, each into
/// a fresh output folder, `runs` times each.
struct RenderBenchmark {
    struct Generator {
        var name: String
        var walls: [Double] = []
        var peaks: [Double] = []
        /// Processor time, user and system, of each run.
        var cpus: [Double] = []
        var pages = 0

        var wall: Double { walls.median }
        var cpu: Double { cpus.median }
        var peakRSS: Double { peaks.max() ?? 0 }
        var pagesPerSecond: Double { Double(pages) / wall }
    }

    struct Result {
        var repositories: Int
        var repodigest: Generator
        var hugo: Generator
        /// Hugo's wall time over repodigest's: above 1, repodigest is faster.
        var speedup: Double { hugo.walls.isEmpty ? .nan : hugo.wall / repodigest.wall }
    }

    var site: BenchSite
    var runs: Int
    /// Hugo too (`--skip hugo` leaves it out, for a quicker look at repodigest alone).
    var withHugo = true

    func run(progress: (String) -> Void) throws -> Result {
        var repodigest = Generator(name: "repodigest")
        var hugo = Generator(name: "Hugo")
        // A new output folder for every run, all removed at the end: on ext4, creating files
        // just after deleting as many costs both generators a search for inodes not
        // "recently deleted", which would measure the benchmark's own clean-up.
        let outputs = site.folder.appending(path: "outputs")
        defer { try? FileManager.default.removeItem(at: outputs) }
        var ours = outputs
        var theirs = outputs
        for run in 1...runs {
            ours = outputs.appending(path: "repodigest-\(run)")
            theirs = outputs.appending(path: "hugo-\(run)")
            // Hugo first on odd runs, repodigest first on even ones: neither always runs on a warmer cache.
            for isHugo in (run % 2 == 1 ? [true, false] : [false, true]) where withHugo || !isHugo {
                if isHugo {
                    let outcome = try site.hugo(output: theirs).runChecked()
                    hugo.walls.append(outcome.wall)
                    hugo.peaks.append(outcome.peakRSS)
                } else {
                    let outcome = try site.build(output: ours, offline: true).runChecked()
                    repodigest.walls.append(outcome.wall)
                    repodigest.peaks.append(outcome.peakRSS)
                    repodigest.cpus.append(outcome.cpu)
                }
            }
            let theirLine = hugo.walls.last.map { ", Hugo \($0.formatted(3)) s \(Int(hugo.peaks.last ?? 0)) MB" } ?? ""
            progress(
                "  render \(site.count): run \(run)/\(runs): repodigest \(repodigest.walls.last!.formatted(3)) s "
                    + "\(Int(repodigest.peaks.last!)) MB" + theirLine)
        }
        repodigest.pages = Self.htmlFiles(in: ours)
        hugo.pages = Self.htmlFiles(in: theirs)
        return Result(repositories: site.count, repodigest: repodigest, hugo: hugo)
    }

    static func htmlFiles(in folder: URL) -> Int {
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
        return files.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }.count
    }
}
