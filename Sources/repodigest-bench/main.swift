// repodigest-bench [REPOSITORIES] [RUNS]
//
// Builds a synthetic site of REPOSITORIES repositories (default 1,000) RUNS times (default 5)
// through every layer and prints the median of each phase, its share of the build, and the
// peak resident memory. Nothing here asserts: benchmarks report, people judge.
import Foundation
import GitHubData
import PageModels
import SiteRenderer
import UseCases

struct FixedClock: Clock {
    var now = Date(timeIntervalSince1970: 1_795_000_000)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let repositories = arguments.first ?? 1_000
let runs = max(1, arguments.dropFirst().first ?? 5)

let source = SampleDataStore(files: SyntheticData(repositories: repositories).files())
let request = BuildDigest.Request(title: "Benchmark", starredBy: ["bench"], pageSize: 50)
let theme = try Theme.builtIn("default")
let output = FileManager.default.temporaryDirectory.appending(path: "repodigest-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: output) }

let phases = ["gather, decode, translate", "render (templates + Markdown)", "validate", "write"]
var samples = [[Duration]](repeating: [], count: phases.count)
var pages = 0
let clock = ContinuousClock()
for run in 1...runs {
    var site: Site?
    var files: [OutputFile] = []
    let timings = [
        try await clock.measure { site = try await BuildDigest(source: source, clock: FixedClock())(request) },
        try clock.measure { files = try SiteGenerator(theme: theme).render(site!) },
        clock.measure {
            let findings = SiteValidator().validate(files)
            precondition(findings.isEmpty, "the synthetic site must validate: \(findings.prefix(3))")
        },
        try clock.measure { try SiteWriter(output: output).publish(files) },
    ]
    for (index, timing) in timings.enumerated() { samples[index].append(timing) }
    pages = files.filter { $0.path.hasSuffix(".html") }.count
    FileHandle.standardError.write(Data("run \(run)/\(runs) done\n".utf8))
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
let medians = samples.map { seconds($0.sorted()[$0.count / 2]) }
let total = medians.reduce(0, +)
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)

print("repodigest-bench: \(repositories) repositories, \(pages) pages, median of \(runs) runs")
print("")
print("| phase | median (s) | share |")
print("| --- | ---: | ---: |")
for (phase, median) in zip(phases, medians) {
    print("| \(phase) | \(String(format: "%.3f", median)) | \(String(format: "%.1f", 100 * median / total)) % |")
}
print("| **build** | \(String(format: "%.3f", total)) | 100 % |")
print("")
print("pages per second: \(String(format: "%.0f", Double(pages) / total)); peak RSS: \(usage.ru_maxrss / 1024) MB")
