import FakeGitHubServer
import Foundation
import Testing

/// A run carries a page over from the published site when the page's inputs fingerprint is
/// the one its marker kept (`SitePlan.Inputs`). A fingerprint that missed one input would
/// leave a stale page published, unseen. So, after each of a seeded series of random
/// changes on GitHub, the live run's site is compared, file by file, with what a build that
/// renders every page (`--force`) makes from the same state: they must be the same bytes.
@Suite struct CarryOverDifferentialTests {
    /// Lists of two cards a page, grouped and sorted by stars: a star moves cards across pages.
    static let digest = """
        favourites = ["lumen-labs/tool-0", "lumen-labs/tool-5"]
        lists_of = ["mona"]
        page_size = 2
        starred_group = "language"
        starred_sort = "stars"
        markdown = "list"
        """

    @Test(
        "after each round of random changes, every file a run carried over is the one a build rendering all makes",
        arguments: [UInt64(2026), 1128, 42])
    func carriedFilesAreWhatRenderingEveryPageMakes(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let github = try CarryOverProcessTests.world()
        defer { github.stop() }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        var random = SplitMix64(seed: seed)
        for (number, at) in [(3, "2026-11-18T08:00:00Z"), (5, "2026-11-17T08:00:00Z"), (7, "2026-11-16T08:00:00Z")] {
            github.star("lumen-labs/tool-\(number)", by: "mona", at: at)
        }
        for round in 0..<8 {
            var changes: [String] = []
            if round > 0 {
                for _ in 0...random.next(below: 3) {
                    changes.append(try Self.change(github, state: run.state, round: round, &random))
                }
            }
            // Each run an hour after the last, as from cron.
            let epoch = ["SOURCE_DATE_EPOCH": String(1_795_000_000 + round * 3600)]
            let live = try run.build(digest: Self.digest, environment: epoch)
            #expect(live.status == 0, "round \(round) (\(changes)): \(live.standardError)")

            // The same state and site, copied, built again with every page rendered.
            let copy = folder.url.appending(path: "round-\(round)")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for part in ["site", "state"] {
                try FileManager.default.copyItem(at: folder.url.appending(path: part), to: copy.appending(path: part))
            }
            let forced = try LiveBuildProcessTests.Run(folder: copy, github: github)
                .build(extra: ["--offline", "--force"], digest: Self.digest, environment: epoch)
            #expect(forced.status == 0, "round \(round): \(forced.standardError)")
            let carried = SiteFolder.files(in: run.output).filter { $0.key != ".repodigest-site" }
            let rendered = SiteFolder.files(in: copy.appending(path: "site")).filter { $0.key != ".repodigest-site" }
            let differing = Set(carried.keys).union(rendered.keys).filter { carried[$0] != rendered[$0] }.sorted()
            // The first run's front page says it is the first; any build after it, forced too,
            // says that nothing changed since.
            #expect(differing == (round == 0 ? ["index.html"] : []), "round \(round) after \(changes): \(differing)")
        }
    }

    /// One random change to the fake GitHub, told in words for a failure's message.
    static func change(_ github: FakeGitHub, state: URL, round: Int, _ random: inout SplitMix64) throws -> String {
        let name = "lumen-labs/tool-\(random.next(below: 9))"
        let pushed = "2026-11-2\(round)T\(10 + random.next(below: 10)):00:00Z"
        switch random.next(below: 13) {
        case 0:
            github.update(name) { $0.stars += 1 + random.next(below: 300) }
            return "\(name): stars"
        case 1:
            github.update(name) { $0.description = "Now \(random.next(below: 1000))" }
            return "\(name): description"
        case 2:
            let languages = ["Swift", "Rust", "Go", "Zig"]
            github.update(name) { $0.language = languages[random.next(below: languages.count)] }
            return "\(name): language"
        case 3:
            github.update(name) { $0.topics = ["topic-\(random.next(below: 5))"] }
            return "\(name): topics"
        case 4:
            github.update(name) { repo in
                repo.readme = "# \(repo.name)\n\nRound \(round): \(random.next(below: 1000)).\n"
                repo.pushedAt = pushed
            }
            return "\(name): README, pushed"
        case 5:
            github.update(name) { repo in
                let id = Int64(9000 + round * 10 + repo.releases.count)
                repo.releases.insert(
                    .init(id: id, tag: "v\(round).\(repo.releases.count)", name: "Round \(round)"), at: 0)
                repo.pushedAt = pushed
            }
            return "\(name): release, pushed"
        case 6:
            github.star(name, by: "mona", at: pushed)
            return "\(name): starred"
        case 7:
            github.unstar(name, by: "mona")
            return "\(name): unstarred"
        case 8:
            let renamed = "lumen-labs/renamed-\(round)-\(random.next(below: 100))"
            github.rename(name, to: renamed)
            return "\(name): renamed \(renamed)"
        case 9:
            github.remove(repo: name)
            return "\(name): removed"
        case 10:
            let lists = (0..<random.next(below: 3)).map { list in
                FakeGitHub.StarList(
                    name: "List \(list)", slug: "list-\(list)",
                    repos: (0..<9).filter { _ in random.next(below: 3) == 0 }.map { "lumen-labs/tool-\($0)" })
            }
            github.setStarLists(lists, of: "mona")
            return "star lists: \(lists.map(\.repos))"
        case 11:
            // A favourite of the user's own, added by hand between runs (the state, not GitHub).
            let verb = random.next(below: 2) == 0 ? "add" : "remove"
            let status = try RepodigestProcess.run(["favourites", verb, name, "--offline", "--state-dir", state.path])
                .status
            return "\(name): favourites \(verb) (\(status))"
        default:
            github.update(name) { $0.pushedAt = pushed }
            return "\(name): pushed"
        }
    }
}
