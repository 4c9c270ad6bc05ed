import Foundation

/// repodigest (`build --offline` from the prefilled state folder, validation on) against Hugo
/// building the same repositories, run alternately so both see the same machine, each into
/// a fresh output folder, `runs` times each.
struct RenderBenchmark {
    struct Generator {
        var name: String
        var walls: [Double] = []
        var peaks: [Double] = []
        var pages = 0

        var wall: Double { walls.median }
        var peakRSS: Double { peaks.max() ?? 0 }
        var pagesPerSecond: Double { Double(pages) / wall }
    }

    struct Result {
        var repositories: Int
        var repodigest: Generator
        var hugo: Generator
        /// Hugo's wall time over repodigest's: above 1, repodigest is faster.
        var speedup: Double { hugo.wall / repodigest.wall }
    }

    var site: BenchSite
    var runs: Int

    func run(progress: (String) -> Void) throws -> Result {
        var repodigest = Generator(name: "repodigest")
        var hugo = Generator(name: "Hugo")
        let ours = site.folder.appending(path: "out-repodigest")
        let theirs = site.folder.appending(path: "out-hugo")
        for run in 1...runs {
            // Hugo first on odd runs, repodigest first on even ones: neither always runs on a warmer cache.
            for first in run % 2 == 1 ? [true, false] : [false, true] {
                if first {
                    try? FileManager.default.removeItem(at: theirs)
                    let outcome = try site.hugo(output: theirs).runChecked()
                    hugo.walls.append(outcome.wall)
                    hugo.peaks.append(outcome.peakRSS)
                } else {
                    try? FileManager.default.removeItem(at: ours)
                    let outcome = try site.build(output: ours, offline: true).runChecked()
                    repodigest.walls.append(outcome.wall)
                    repodigest.peaks.append(outcome.peakRSS)
                }
            }
            progress("  render \(site.count): run \(run)/\(runs): repodigest \(repodigest.walls.last!.formatted(3)) s, "
                     + "Hugo \(hugo.walls.last!.formatted(3)) s")
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
