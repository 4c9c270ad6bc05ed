import Foundation

/// Every part of the benchmark, in order, into one report.
struct Bench {
    var options: BenchOptions
    var repodigest: String

    static func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

    func run() async throws -> Report {
        let started = Date()
        try FileManager.default.createDirectory(at: options.work, withIntermediateDirectories: true)
        var report = Report(machine: Machine.describe(), runs: options.runs)
        // Every site folder is removed at the end, not after its site: on ext4 without a
        // journal, files made within a minute of removing as many make the kernel pass over
        // each inode freed (`recently_deleted`), and the next site's builds would pay for it.
        var finished: [URL] = []
        defer { finished.forEach { try? FileManager.default.removeItem(at: $0) } }
        for count in options.repositories {
            Self.say("site of \(count) repositories: generating, filling the state folder, writing the Hugo project")
            let site = try BenchSite(count: count, work: options.work, repodigest: repodigest)
            report.prefills.append((count, try site.prefill().wall))
            let withHugo = !options.skip.contains("hugo")
            if withHugo { try site.writeHugoProject() }
            let render = try RenderBenchmark(site: site, runs: options.runs, withHugo: withHugo).run(progress: Self.say)
            report.renders.append(render)
            // The largest site gets the rest: it is where costs show. (Few runs: `make bench`
            // must end within 10 minutes on two cores.)
            if count == options.repositories.last {
                if !options.skip.contains("rebuild") {
                    report.rebuild = try RebuildBenchmark(
                        site: site, runs: 3, cold: render.repodigest.wall, coldCPU: render.repodigest.cpu
                    )
                    .run(progress: Self.say)
                }
                if !options.skip.contains("phases") {
                    report.phases = try await PhaseBreakdown(site: site, runs: 1).run(progress: Self.say)
                }
            }
            site.github.stop()
            if !options.keep { finished.append(site.folder) }
        }
        if !options.skip.contains("fetch") {
            Self.say("fetch: 1,000 starred and 100 favourites, 50 ms per answer")
            report.fetch = try FetchBenchmark(work: options.work, repodigest: repodigest).run(progress: Self.say)
        }
        if !options.skip.contains("serve") {
            Self.say("serve: the sample, the configuration saved \(ServeBenchmark.defaultSaves) times")
            report.serve = try ServeBenchmark(work: options.work, repodigest: repodigest).run(progress: Self.say)
        }
        if !options.skip.contains("hostile") {
            Self.say(
                "hostile READMEs: each shape at \(HostileReadmeBenchmark.lengths.short.grouped) and "
                    + "\(HostileReadmeBenchmark.lengths.long.grouped)")
            report.hostile = HostileReadmeBenchmark().run(progress: Self.say)
        }
        report.duration = Date().timeIntervalSince(started)
        finished.append(BenchSite.stale(in: options.work))
        return report
    }
}
