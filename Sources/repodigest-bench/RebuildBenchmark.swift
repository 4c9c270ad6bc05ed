import Foundation

/// What a build costs when little or nothing changed: an unchanged rebuild's time as a share
/// of a cold build and the files it rewrote; then one repository changed on the fake GitHub,
/// and exactly which files the next (live) build rewrote; and twice more, for a median.
struct RebuildBenchmark {
    struct Result {
        var repositories: Int
        var cold: Double
        /// Nothing changed: the run finds the published build's inputs and stops.
        var unchanged: Double
        var unchangedWritten: Int
        /// Nothing changed, `--force`: every page rendered, checked and compared.
        var forced: Double
        var forcedWritten: Int
        var files: Int
        var changedRepository: String
        /// Files the build after one change wrote anew (its own count, and by inode).
        var changedWritten: Int
        var rewritten: [String]
        /// The live builds after each change, whole (fetch included), and the median of their
        /// pages alone: from the "Rendering" log line to the "Published" one.
        var changedWalls: [Double]
        var changedPages: Double?
        /// The processor time (user and system) of the cold builds and of the live builds
        /// after each change: their ratio moves less than the wall times' on a shared machine,
        /// where other work stretches a run's wall time more than its processor time.
        var coldCPU: Double
        var changedCPUs: [Double]
        /// The live builds' peak memory (MB).
        var changedPeaks: [Double]

        var changedWall: Double { changedWalls.median }

        var share: Double { unchanged / cold }
        var forcedShare: Double { forced / cold }
        var changedShare: Double { changedWall / cold }
        var changedPagesShare: Double? { changedPages.map { $0 / cold } }
        var changedCPUShare: Double { changedCPUs.median / coldCPU }
    }

    var site: BenchSite
    var runs: Int
    /// How many one-change runs follow, each after its own change.
    var changes = 3
    /// The cold build's median wall time, from the render benchmark's runs.
    var cold: Double
    /// Its median processor time (user and system).
    var coldCPU: Double

    func run(progress: (String) -> Void) throws -> Result {
        let output = site.folder.appending(path: "out-rebuild")
        // The spare beside it too (`--keep` leaves one): the first build starts from nothing.
        for folder in [output, site.folder.appending(path: ".out-rebuild.spare")] {
            try? FileManager.default.removeItem(at: folder)
        }
        _ = try site.build(output: output, offline: true).runChecked()
        let files = Self.inodes(in: output).count
        var walls: [Double] = []
        var written = 0
        var forcedWalls: [Double] = []
        var forcedWritten = 0
        for _ in 1...runs {
            let before = Self.inodes(in: output)
            let outcome = try site.build(output: output, offline: true, quiet: false).runChecked()
            walls.append(outcome.wall)
            written = max(written, Self.inodes(in: output).filter { before[$0.key] != $0.value }.count)
            let forced = try site.build(output: output, offline: true, quiet: false, force: true).runChecked()
            forcedWalls.append(forced.wall)
            forcedWritten = max(forcedWritten, try Self.published(forced).written)
        }
        progress(
            "  rebuild \(site.count): cold \(cold.formatted(3)) s, unchanged \(walls.median.formatted(3)) s, \(written) written; "
                + "--force \(forcedWalls.median.formatted(3)) s, \(forcedWritten) written")

        // One repository changes on GitHub (more stars, a new README paragraph, pushed), then
        // the live build that follows; `changes` times, another repository each time, as one
        // run is too few on a shared machine.
        // An hourly run finds the last run's removals an hour old. Just after them, ext4
        // without a journal passes over each inode freed in the last minute (five more while
        // its inode table's block is not yet written back) when it makes a file or folder
        // (`recently_deleted`, a read of the inode table each): the staging's 1,464
        // `mkdir`s at 10,000 would pay for the runs above, as a run from cron never does. A
        // one-change run frees a dozen inodes, so the runs after the first wait only 5 s: a
        // build sets the old one aside as the next one's spare only if none of its folders
        // changed in the 2 s before it was read (`Inventory.isCurrent`), and runs one after
        // another would each find the last one's folders too new, and stage without a spare,
        // as runs an hour apart never do. (Profiled, the one-change runs after these 31 s
        // spend under 0.1 % of their time in that search: with a spare, they make few folders.)
        Thread.sleep(forTimeInterval: 31)
        var changedRuns: [(wall: Double, pages: Double?, cpu: Double, peak: Double)] = []
        var first: (repository: String, written: Int, rewritten: [String])?
        for run in 1...changes {
            if run > 1 { Thread.sleep(forTimeInterval: 5) }
            let changed = site.data.repositories[min(10 * run, site.data.repositories.count - 1)]
            site.github.update(changed.fullName) { repo in
                repo.stars += 500
                repo.readme = (repo.readme ?? "") + "\n\nA new paragraph.\n"
                repo.pushedAt = "2026-11-22T12:0\(run % 10):00Z"
            }
            let before = Self.inodes(in: output)
            let live = try site.build(output: output, offline: false, quiet: false).runChecked()
            try? Data(live.standardError.utf8).write(to: site.folder.appending(path: "one-change-\(run).log"))
            let after = Self.inodes(in: output)
            changedRuns.append((live.wall, Self.pagesTime(live), live.cpu, live.peakRSS))
            if first == nil {
                let rewritten = after.filter { before[$0.key] != $0.value }.map(\.key).sorted()
                first = (changed.fullName, try Self.published(live).written, rewritten)
            }
        }
        let pages = changedRuns.compactMap(\.pages)
        return Result(
            repositories: site.count, cold: cold, unchanged: walls.median, unchangedWritten: written,
            forced: forcedWalls.median, forcedWritten: forcedWritten, files: files,
            changedRepository: first!.repository, changedWritten: first!.written, rewritten: first!.rewritten,
            changedWalls: changedRuns.map(\.wall), changedPages: pages.isEmpty ? nil : pages.median, coldCPU: coldCPU,
            changedCPUs: changedRuns.map(\.cpu), changedPeaks: changedRuns.map(\.peak))
    }

    /// The counts from the build's "Published" log line.
    static func published(_ outcome: ChildProcess.Outcome) throws -> (files: Int, written: Int) {
        for line in outcome.standardError.split(separator: "\n") where line.contains("\"written\"") {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let files = object["files"] as? Int, let written = object["written"] as? Int
            {
                return (files, written)
            }
        }
        throw ChildProcess.Failure(
            description: "no 'Published' line in the build's log:\n\(outcome.standardError.suffix(1_000))")
    }

    /// Seconds from the build's "Rendering" log line to its "Published" one: what its pages
    /// cost, apart from gathering the data; nil where either line is missing.
    static func pagesTime(_ outcome: ChildProcess.Outcome) -> Double? {
        var start: Date?
        var end: Date?
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for line in outcome.standardError.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let message = object["message"] as? String,
                let time = (object["time"] as? String).flatMap({ try? format.parse($0) })
            else { continue }
            if message.hasPrefix("Rendering") { start = time }
            if object["written"] != nil { end = time }
        }
        guard let start, let end else { return nil }
        return end.timeIntervalSince(start)
    }

    /// Each file's inode: an unchanged file is hard-linked into the new build, so keeps it.
    static func inodes(in folder: URL) -> [String: UInt64] {
        var result: [String: UInt64] = [:]
        guard let paths = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        for case let path as String in paths {
            var status = stat()
            if stat(folder.appending(path: path).path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
                result[path] = UInt64(status.st_ino)
            }
        }
        return result
    }
}
