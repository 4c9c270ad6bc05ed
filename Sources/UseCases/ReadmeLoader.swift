import Entities
public import PageModels
import ParallelWork

/// The READMEs a site left out (`BuildDigest.build(_:readmes: .streamed)`), read from the
/// source the build gathered from, a batch of pages at a time, each as `RepoPageTranslator`
/// would have made it. The next batch is read while the renderer works on this one; no more
/// than two batches are ever held.
public struct ReadmeLoader: ReadmeSupply {
    /// How many repository pages get their READMEs read at once.
    public static let batchSize = 128

    private let source: any RepositorySource
    /// Held once, and found by route: a copy per page, or per batch, was 10 MB at 10,000.
    private let repositories: [GitHubRepo]
    private let byRoute: [Route: Int]
    /// The site's language, for the note above a shortened README.
    private let format: DisplayFormat
    private let images: ReadmeImages

    init(
        source: any RepositorySource, repositories: [GitHubRepo], format: DisplayFormat,
        images: ReadmeImages = ReadmeImages()
    ) {
        self.source = source
        self.format = format
        self.images = images
        self.repositories = repositories
        self.byRoute = Dictionary(
            repositories.indices.map { (RepoCardTranslator.route(for: repositories[$0]), $0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The repository pages of `site` at `pages` (all, when nil), in that order, in batches of `size`.
    public func batches(for site: Site, pages: [Int]? = nil, size: Int = batchSize) -> Batches {
        let pages = pages ?? Array(site.repositories.indices)
        // A README no run could fetch is not asked for again: the page says it is not known.
        let repos = pages.map { site.repositories[$0].readmeKnown ? byRoute[site.repositories[$0].card.route] : nil }
        let ranges = stride(from: 0, to: repos.count, by: max(1, size)).map { $0..<min(repos.count, $0 + max(1, size)) }
        return Batches(loader: self, pages: pages, repos: repos, ranges: ranges)
    }

    public func batches(for site: Site, pages: [Int]) -> any AsyncSequence<ReadmeBatch, any Error> {
        batches(for: site, pages: pages, size: Self.batchSize)
    }

    /// The batches as an `AsyncSequence`: what the renderer is handed.
    public struct Batches: AsyncSequence, Sendable {
        public typealias Element = ReadmeBatch
        fileprivate let loader: ReadmeLoader
        /// Indices into the site's repositories, and each one's repository (in the loader's).
        fileprivate let pages: [Int]
        fileprivate let repos: [Int?]
        fileprivate let ranges: [Range<Int>]

        public func makeAsyncIterator() -> Iterator { Iterator(batches: self) }

        public struct Iterator: AsyncIteratorProtocol {
            private let batches: Batches
            private var next = 0
            private var reading: Task<ReadmeBatch, any Error>?

            fileprivate init(batches: Batches) { self.batches = batches }

            public mutating func next() async throws -> ReadmeBatch? {
                guard next < batches.ranges.count else { return nil }
                let current = reading ?? read(next)
                next += 1
                reading = next < batches.ranges.count ? read(next) : nil
                do {
                    return try await current.value
                } catch {
                    reading?.cancel()
                    throw error
                }
            }

            private func read(_ number: Int) -> Task<ReadmeBatch, any Error> {
                let range = batches.ranges[number]
                let loader = batches.loader
                let repos = batches.repos[range].map { $0.map { loader.repositories[$0] } }
                let pages = Array(batches.pages[range])
                return Task {
                    let (readmes, notFetched) = try await loader.readmes(of: repos)
                    return ReadmeBatch(pages: pages, readmes: readmes, notFetched: Set(notFetched.map { pages[$0] }))
                }
            }
        }
    }

    /// Gives each repository page the name of the README it will show, where the source can
    /// tell one without reading it (`versions()`): the source's name for its copy, and what
    /// else the page's README is made from (the repository's address and default branch,
    /// which relative links fall back on).
    func nameREADMEs(of site: inout Site, versions: [GitHubRepo.ID: String]) {
        // Named on every core (10,000 lookups by route), then set in place: the pages are
        // read in a call of their own, so that no copy of them is held while they are set.
        let names = readmeNames(of: site.repositories, versions: versions)
        for (index, name) in names.enumerated() where name != nil { site.repositories[index].readmeVersion = name }
    }

    private func readmeNames(of pages: [RepoPage], versions: [GitHubRepo.ID: String]) -> [String?] {
        Parallel.map(pages.count) { index in
            guard let repo = byRoute[pages[index].card.route].map({ repositories[$0] }), let version = versions[repo.id]
            else { return nil }
            // The card's address is `RepoCardTranslator.gitHubURL(of: repo)`, made once already.
            return "\(version) \(pages[index].card.gitHubURL) \(repo.defaultBranch)"
        }
    }

    /// What names each repository's README, as the source can tell without reading it, for
    /// `nameREADMEs(of:versions:)`; none where READMEs get images the source holds itself.
    func versions() async -> [GitHubRepo.ID: String] {
        guard images.isEmpty else { return [:] }
        return await source.readmeVersions(of: repositories)
    }

    /// The README of each repository, in the order given, and the offsets of those that could
    /// not be fetched and were not kept (`DetailNotFetched`: a README the gathering found kept,
    /// whose rendering was not; or a build without a cache, which reads READMEs only here).
    func readmes(of repos: [GitHubRepo?]) async throws -> (texts: [MarkdownText?], notFetched: [Int]) {
        let source = self.source
        let format = self.format
        let images = self.images
        return try await withThrowingTaskGroup(of: (Int, MarkdownText??).self) { group in
            for (index, repo) in repos.enumerated() {
                guard let repo else { continue }
                group.addTask {
                    do {
                        // Typed: `map` would otherwise make a repository with no README not fetched.
                        let text: MarkdownText? = try await source.readme(of: repo, from: .kept).map {
                            RepoPageTranslator.markdown(of: $0, in: repo, format: format, images: images)
                        }
                        return (index, .some(text))
                    } catch is DetailNotFetched {
                        return (index, nil)
                    } catch {
                        throw UseCaseFailure(step: "loading the README of \(repo.name)", underlying: error)
                    }
                }
            }
            var texts = [MarkdownText?](repeating: nil, count: repos.count)
            var notFetched: [Int] = []
            for try await (index, text) in group {
                if let text { texts[index] = text } else { notFetched.append(index) }
            }
            return (texts, notFetched.sorted())
        }
    }
}
