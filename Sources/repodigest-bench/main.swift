// repodigest-bench [--repos 1000,10000] [--runs 5] [--work DIR] [--skip fetch,phases,rebuild]
//
// `make bench`: builds synthetic sites of each size with the real `repodigest` binary
// (`build --offline`, validation on) and with Hugo, alternately; times an unchanged rebuild
// and a one-repository change; fetches 1,000 starred repositories and 100 favourites from a
// fake GitHub with 50 ms on every answer; and breaks a cold build into its phases. Prints
// Markdown tables for the README. Nothing here asserts: benchmarks report, people judge.
import Foundation

var options = BenchOptions(CommandLine.arguments.dropFirst())
let started = Date()
func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

let repodigest = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appending(path: "repodigest").path
guard FileManager.default.isExecutableFile(atPath: repodigest) else {
    say("repodigest-bench: no repodigest binary beside this one (\(repodigest)); build both products")
    exit(1)
}
try FileManager.default.createDirectory(at: options.work, withIntermediateDirectories: true)
var report = Report(machine: Machine.describe(), runs: options.runs)

for count in options.repositories {
    say("site of \(count) repositories: generating, prefilling the state folder, writing the Hugo project")
    let site = try BenchSite(count: count, work: options.work, repodigest: repodigest)
    let prefill = try site.prefill()
    report.prefills.append((count, prefill.wall))
    try site.writeHugoProject()
    report.renders.append(try RenderBenchmark(site: site, runs: options.runs).run(progress: say))
    if count == options.repositories.last {
        if !options.skip.contains("rebuild") {
            report.rebuild = try RebuildBenchmark(site: site, runs: 3).run(progress: say)
        }
        if !options.skip.contains("phases") {
            report.phases = try await PhaseBreakdown(site: site, runs: 3).run(progress: say)
        }
    }
    site.github.stop()
    if !options.keep { try? FileManager.default.removeItem(at: site.folder) }
}
if !options.skip.contains("fetch") {
    say("fetch: 1,000 starred and 100 favourites, 50 ms per answer")
    report.fetch = try FetchBenchmark(work: options.work, repodigest: repodigest).run(progress: say)
}
report.duration = Date().timeIntervalSince(started)
print(report.markdown)
