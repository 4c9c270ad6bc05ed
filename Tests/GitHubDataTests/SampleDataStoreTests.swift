import Entities
import FakeGitHubServer
import Foundation
import Testing
import UseCases

@testable import GitHubData

/// The bundled sample is the promise of `make run`: it must have the breadth issue 2 asks
/// for, and decode through the same path live data takes.
@Suite struct SampleDataStoreTests {
    let store = SampleDataStore()

    @Test func theStarringUserHasBreadth() async throws {
        let stars = try await store.starred(by: "mona-sample")
        #expect(stars.count >= 40)
        #expect(Set(stars.compactMap(\.repo.language)).count >= 6)
        #expect(Set(stars.flatMap(\.repo.topics)).count >= 10)
        #expect(stars.allSatisfy { $0.starredAt != nil }, "star+json entries carry starred_at")
        let dates = stars.compactMap(\.starredAt)
        #expect(dates == dates.sorted(by: >), "newest first, as GitHub sends them")
    }

    @Test func theConfigurationNamesFiveFavouritesTwoOwnersAndASearch() async throws {
        let text = SampleDataStore.configuration
        #expect(text.contains("starred_by = [\"mona-sample\"]"))
        let favourites = try #require(text.split(separator: "\n").first { $0.hasPrefix("favourites") })
        let names = favourites.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        #expect(names.count == 5)
        for name in names {
            let repo = try await store.repository(try RepoName(parsing: name))
            #expect(repo.name.description == name)
        }
        for login in ["lumen-labs", "kit-harbor"] {
            let owner = try await store.owner(login)
            #expect(try await !store.repositories(of: owner).isEmpty)
        }
        #expect(try await store.owner("lumen-labs").kind == .organization)
        #expect(try await store.search(SavedSearch(name: "s", query: "q", limit: 5)).count == 5)
    }

    @Test func readmesArriveAsMarkdownFromBase64() async throws {
        let repo = try await store.repository(RepoName(owner: "vesper-org", name: "vesper"))
        let readme = try #require(try await store.readme(of: repo))
        #expect(readme.markdown.hasPrefix("#"))
        #expect(readme.markdown.contains("```"))
        #expect(readme.htmlURL?.hasPrefix("https://github.com/vesper-org/vesper/blob/") == true)
    }

    @Test("The showcase sample holds no script-injection strings: a newcomer's first page is realistic")
    func theSampleIsFreeOfInjectionStrings() throws {
        for (path, base64) in SampleFiles.files {
            var text = String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
            // READMEs come base64 inside their JSON, as GitHub sends them.
            if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let content = object["content"] as? String,
                let decoded = Data(base64Encoded: content, options: .ignoreUnknownCharacters)
            {
                text += String(decoding: decoded, as: UTF8.self)
            }
            for vector in ["<script", "javascript:", "onerror", "onload", "onclick", "alert(", "<iframe", "data:text"] {
                #expect(!text.lowercased().contains(vector), "\(path) holds \(vector)")
            }
        }
    }

    @Test("The hostile fixture, laid over the sample, carries what the escaping tests need")
    func theHostileFixtureCarriesHostileContent() async throws {
        let store = SampleDataStore(files: try HostileSample.files(over: SampleFiles.files))
        let stars = try await store.starred(by: "mona-sample")
        #expect(stars.contains { $0.repo.description?.contains("<script>") == true })
        // A topic GitHub could not have (`<script>`) is left out where it is read.
        #expect(!stars.contains { $0.repo.topics.contains { $0.contains("<script>") } })
        #expect(stars.contains { $0.repo.homepage?.lowercased().hasPrefix("javascript:") == true })
    }

    @Test func missingReadmesAndReleasesAreEmptyNotErrors() async throws {
        var withoutReadme = 0
        for star in try await store.starred(by: "mona-sample") {
            if try await store.readme(of: star.repo) == nil { withoutReadme += 1 }
            #expect(try await store.releases(of: star.repo, limit: 2).count <= 2)
        }
        #expect(withoutReadme > 0, "the sample has repositories without a README")
    }

    @Test("an account the sample does not hold is said so, with what it holds and what to drop")
    func anAccountNotInTheSample() async throws {
        await #expect(
            throws: GitHubDataError.notInSample(
                resource: "sample users/octocat/starred", account: "octocat", holds: ["mona-sample"])
        ) { _ = try await store.starsRead(by: "octocat") }
        let owner = await #expect(throws: GitHubDataError.self) { _ = try await store.owner("apple") }
        #expect(
            owner?.detail
                == "the sample (--sample) holds the data of kit-harbor, lumen-labs only, not of apple; "
                + "drop --sample to read it from GitHub")
        let me = await #expect(throws: GitHubDataError.self) { _ = try await store.starsRead(by: "@me") }
        #expect(me?.detail.hasSuffix("with a token in GITHUB_TOKEN or GH_TOKEN") == true)
        #expect(try await store.owner("lumen-labs").login == "lumen-labs")
        await #expect(
            throws: GitHubDataError.notInSample(
                resource: "sample graphql/users/octocat/lists", account: "octocat", holds: ["mona-sample"])
        ) { _ = try await store.starLists(of: "octocat") }
        #expect(try await store.starLists(of: "kit-harbor").isEmpty, "an account it holds, with no Lists")
    }

    @Test func anUnknownRepositoryIsNotFoundNamingIt() async {
        await #expect(throws: RepositoryNotFound(name: RepoName(owner: "nobody", name: "nothing"))) {
            _ = try await store.repository(RepoName(owner: "nobody", name: "nothing"))
        }
    }
}

@Suite struct SampleHistoryTests {
    /// `make run` shows a digest with changes: the sample carries the day before.
    @Test func theSampleHasAnEarlierRunWithEveryKindOfChange() async throws {
        let previous = try #require(try await SampleHistory().latestSnapshot())
        #expect(previous.repositories.count > 40)
        let site = try await BuildDigest(source: SampleDataStore(), clock: Fixed(), history: SampleHistory())(
            BuildDigest.Request(
                title: "t", starredBy: ["mona-sample"],
                favourites: [
                    "lumen-labs/lantern", "tidepool-io/tidepool", "otter-cli/otter", "vesper-org/vesper",
                    "ines-moreau/carnet",
                ]
                .map { Favourite(name: try! RepoName(parsing: $0)) },
                owners: ["lumen-labs", "kit-harbor"], searches: [SavedSearch(name: "s", query: "q")]
            ).english)
        let kinds = Set(try #require(site.digest.changes).items.map(\.kind))
        #expect(kinds.isSuperset(of: [.starred, .release, .stars, .archived, .renamed, .unstarred]), "\(kinds)")
    }

    struct Fixed: Clock { var now: Date { Date(timeIntervalSince1970: 1_795_000_000) } }
}
