// repodigest-bench [--repos 1000,10000|none] [--runs 5] [--work DIR] [--skip fetch,phases,rebuild,serve,hostile,hugo] [--keep]
//
// `make bench`: builds synthetic sites of each size with the real `repodigest` binary
// (`build --offline`, validation on) and with Hugo, alternately; times an unchanged rebuild
// and a one-repository change; fetches 1,000 starred repositories and 100 favourites from a
// fake GitHub with 50 ms on every answer; breaks a cold build into its phases; and times
// hostile READMEs at two lengths, to show a cost growing faster than the README. Prints
// Markdown tables for the README. Nothing here asserts: benchmarks report, people judge.
import Foundation

if CommandLine.arguments.dropFirst().first == Measured.flag {
    Measured.main(Array(CommandLine.arguments.dropFirst(2)))
}
let options = BenchOptions(CommandLine.arguments.dropFirst())
let repodigest = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appending(path: "repodigest").path
do {
    guard FileManager.default.isExecutableFile(atPath: repodigest) else {
        throw ChildProcess.Failure(
            description: "no repodigest binary beside this one (\(repodigest)); build both products")
    }
    print(try await Bench(options: options, repodigest: repodigest).run().markdown)
} catch {
    Bench.say("repodigest-bench: \(error)")
    exit(1)
}
