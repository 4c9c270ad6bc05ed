import Foundation

/// The figures, as the Markdown tables `docs/benchmarks.md` carries.
struct Report {
    var machine: String
    var runs: Int
    var date = Date()
    var prefills: [(repositories: Int, wall: Double)] = []
    var renders: [RenderBenchmark.Result] = []
    var rebuild: RebuildBenchmark.Result?
    var phases: PhaseBreakdown.Result?
    var fetch: FetchBenchmark.Result?
    var serve: ServeBenchmark.Result?
    var hostile: [HostileReadmeBenchmark.Timing] = []
    var duration: Double = 0

    var markdown: String {
        var lines = ["\(date.formatted(.iso8601.year().month().day())), \(machine).", ""]
        if !renders.isEmpty { lines += renderTable() }
        if let rebuild { lines += ["", rebuildTable(rebuild)] }
        if let fetch { lines += ["", fetchTable(fetch)] }
        if let phases { lines += ["", phaseTable(phases)] }
        if let serve { lines += ["", serveTable(serve)] }
        if !hostile.isEmpty { lines += ["", hostileTable(hostile)] }
        if !prefills.isEmpty {
            let prefill = prefills.map { "\($0.repositories.grouped) in \($0.wall.formatted(1)) s" }
            lines += [
                "",
                "First (live) builds against the fake GitHub with no added latency, filling the state folders: "
                    + prefill.joined(separator: ", ") + ".",
            ]
        }
        lines += ["", "The whole benchmark took \(Int(duration / 60)) min \(Int(duration) % 60) s."]
        return lines.joined(separator: "\n")
    }

    private func renderTable() -> [String] {
        var lines: [String] = []
        lines += [
            "**Render** (`repodigest build --offline` from a filled state folder, validation on, against Hugo; "
                + "median of \(runs) alternate runs each, fresh output folder each run):", "",
        ]
        lines += [
            "| repositories | generator | pages | median wall (s) | pages/s | peak RSS (MB) | Hugo ÷ repodigest |",
            "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for render in renders {
            for generator in [render.repodigest, render.hugo] where !generator.walls.isEmpty {
                let ratio =
                    generator.name == "repodigest" && !render.hugo.walls.isEmpty
                    ? "**\(render.speedup.formatted(2))×**" : ""
                lines.append(
                    "| \(render.repositories.grouped) | \(generator.name) | \(generator.pages.grouped) | "
                        + "\(generator.wall.formatted(2)) | \(Int(generator.pagesPerSecond.rounded()).grouped) | "
                        + "\(Int(generator.peakRSS.rounded())) | \(ratio) |")
            }
        }
        return lines
    }

    private func rebuildTable(_ result: RebuildBenchmark.Result) -> String {
        let shown =
            result.rewritten.count <= 12
            ? result.rewritten.joined(separator: ", ")
            : result.rewritten.prefix(12).joined(separator: ", ") + ", …"
        return """
            **Rebuild** (\(result.repositories.grouped) repositories, \(result.files.grouped) files):

            | build | wall (s) | share of cold | files rewritten |
            | --- | ---: | ---: | ---: |
            | cold, empty output (the render's median) | \(result.cold.formatted(2)) | 100 % | \(result.files.grouped) |
            | nothing changed (`--offline`: up to date, median of 3) | \(result.unchanged.formatted(2)) | \((100 * result.share).formatted(1)) % | \(result.unchangedWritten) |
            | nothing changed, `--force` (every page rendered, checked, compared) | \(result.forced.formatted(2)) | \((100 * result.forcedShare).formatted(1)) % | \(result.forcedWritten) |
            | one repository changed (live, \(result.changedRepository) and \(result.changedWalls.count - 1) more, one a run): whole run, fetch included, median (\(result.changedWalls.map { $0.formatted(2) }.joined(separator: ", "))) | \(result.changedWall.formatted(2)) | \((100 * result.changedShare).formatted(1)) % | \(result.changedWritten) |
            | the same runs' pages alone ("Rendering" to "Published"), median | \(result.changedPages.map { $0.formatted(2) } ?? "?") | \(result.changedPagesShare.map { (100 * $0).formatted(1) } ?? "?") % | |
            | the same runs' processor seconds, user + system (\(result.changedCPUs.map { $0.formatted(2) }.joined(separator: ", "))), median; share of the cold builds' median (\(result.coldCPU.formatted(2)) s) | \(result.changedCPUs.median.formatted(2)) | \((100 * result.changedCPUShare).formatted(1)) % | |
            | the same runs' peak memory (MB: \(result.changedPeaks.map { String(Int($0.rounded())) }.joined(separator: ", "))), highest | \(Int((result.changedPeaks.max() ?? 0).rounded())) | | |

            Rewritten after the first change: \(shown).
            """
    }

    private func fetchTable(_ result: FetchBenchmark.Result) -> String {
        """
        **Fetch** (live build against the fake GitHub, \(Int(result.latency * 1000)) ms added to every answer; \
        \(result.starred.grouped) starred repositories and \(result.favourites) favourites, each with releases and a README; \
        concurrency \(result.concurrency)):

        | run | requests | not answered 304 | fetch (s) | floor (s) | × floor | whole build (s) |
        | --- | ---: | ---: | ---: | ---: | ---: | ---: |
        | first, empty state | \(row(result.first, of: result)) |
        | second, nothing changed | \(row(result.second, of: result)) |
        | third, one repository changed (stars, README) | \(row(result.changed, of: result)) |
        """
    }

    private func row(_ run: FetchBenchmark.Run, of result: FetchBenchmark.Result) -> String {
        [
            run.requests.grouped, run.not304.grouped, run.fetch.formatted(2), result.floor(run).formatted(2),
            "**\(result.multiple(run).formatted(2))×**", run.build.formatted(2),
        ].joined(separator: " | ")
    }

    private func serveTable(_ result: ServeBenchmark.Result) -> String {
        func cell(_ times: [Double]) -> String {
            let sorted = times.sorted()
            let median = sorted[sorted.count / 2]
            return "\(Int((median * 1000).rounded())) | \(Int((sorted.last! * 1000).rounded()))"
        }
        return """
            **Preview** (`repodigest serve --sample --config FILE`; from saving the configuration to the open page's \
            reload event, \(result.saves) saves each):

            | save | median (ms) | slowest (ms) |
            | --- | ---: | ---: |
            | a new title (every page changes) | \(cell(result.retitled)) |
            | a comment (no page changes) | \(cell(result.commented)) |
            """
    }

    private func hostileTable(_ timings: [HostileReadmeBenchmark.Timing]) -> String {
        let (short, long) = (HostileReadmeBenchmark.lengths.short.grouped, HostileReadmeBenchmark.lengths.long.grouped)
        var lines = [
            "**Hostile READMEs** (raw HTML repeated \(short) and \(long) times, rendered once each in-process: "
                + "about 4× between them follows the length, 16× is its square):", "",
            "| README shape | \(short) (s) | \(long) (s) | growth |", "| --- | ---: | ---: | ---: |",
        ]
        for timing in timings {
            lines.append(
                "| \(timing.shape.name) | \(timing.short.formatted(3)) | \(timing.long.formatted(3)) | "
                    + "\(timing.growth.formatted(1))× |")
        }
        return lines.joined(separator: "\n")
    }

    private func phaseTable(_ result: PhaseBreakdown.Result) -> String {
        var lines = [
            "**Where the time goes** (cold build of \(result.repositories.grouped) repositories, each phase timed alone "
                + "in-process through the same layers, one run):", "",
            "| phase | median (s) | share |", "| --- | ---: | ---: |",
        ]
        for (phase, median) in zip(PhaseBreakdown.phases, result.medians) {
            lines.append("| \(phase) | \(median.formatted(3)) | \((100 * median / result.total).formatted(1)) % |")
        }
        lines.append("| **sum** | \(result.total.formatted(3)) | 100 % |")
        return lines.joined(separator: "\n")
    }
}
