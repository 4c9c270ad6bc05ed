import Foundation

/// The command line: a few options, parsed by hand (the bench has no other need of a parser).
struct BenchOptions {
    var repositories = [1_000, 10_000]
    var runs = 5
    var work = URL(fileURLWithPath: ".build-bench")
    /// Parts to leave out: `fetch`, `phases`, `rebuild`, `serve`, `hostile`, and `hugo` (repodigest's builds alone).
    var skip: Set<String> = []
    /// Keep each site's folder (state, Hugo project, outputs) for a look afterwards.
    var keep = false

    init<Arguments: Collection<String>>(_ arguments: Arguments) {
        var rest = Array(arguments)[...]
        while let option = rest.popFirst() {
            let value = rest.first ?? ""
            switch option {
            case "--repos":
                // `none`: no synthetic site, for running only the fetch and serve parts.
                repositories = value.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                if repositories.isEmpty && value != "none" { repositories = [1_000] }
                rest = rest.dropFirst()
            case "--runs":
                runs = max(1, Int(value) ?? runs)
                rest = rest.dropFirst()
            case "--work":
                work = URL(fileURLWithPath: value)
                rest = rest.dropFirst()
            case "--skip":
                skip = Set(value.split(separator: ",").map(String.init))
                rest = rest.dropFirst()
            case "--keep":
                keep = true
            default:
                FileHandle.standardError.write(
                    Data(
                        """
                        usage: repodigest-bench [--repos 1000,10000|none] [--runs 5] [--work DIR] [--skip fetch,phases,rebuild,serve,hostile,hugo] [--keep]

                        """.utf8))
                exit(1)
            }
        }
    }
}
