import Entities
public import PageModels

/// The READMEs a site left out (`BuildDigest.build(_:readmes: .streamed)`), read from the
/// source the build gathered from, a batch of pages at a time, each as `RepoPageTranslator`
/// would have made it. The next batch is read while the renderer works on this one; no more
/// than two batches are ever held.
public struct ReadmeLoader: Sendable {
    /// How many repository pages get their READMEs read at once.
    public static let batchSize = 128

    private let source: any RepositorySource
    private let repositories: [Route: GitHubRepo]
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
        self.repositories = Dictionary(
            repositories.map { (RepoCardTranslator.route(for: $0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every repository page of `site`, in its order, in batches of `size`.
    public func batches(for site: Site, size: Int = batchSize) -> Batches {
        let repos = site.repositories.map { repositories[$0.card.route] }
        let ranges = stride(from: 0, to: repos.count, by: max(1, size)).map { $0..<min(repos.count, $0 + max(1, size)) }
        return Batches(loader: self, repos: repos, ranges: ranges)
    }

    /// The batches as an `AsyncSequence`: what the renderer is handed.
    public struct Batches: AsyncSequence, Sendable {
        public typealias Element = ReadmeBatch
        fileprivate let loader: ReadmeLoader
        fileprivate let repos: [GitHubRepo?]
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
                let repos = Array(batches.repos[range])
                return Task { ReadmeBatch(pages: Array(range), readmes: try await loader.readmes(of: repos)) }
            }
        }
    }

    /// The README of each repository, in the order given.
    func readmes(of repos: [GitHubRepo?]) async throws -> [MarkdownText?] {
        let source = self.source
        let format = self.format
        let images = self.images
        return try await withThrowingTaskGroup(of: (Int, MarkdownText?).self) { group in
            for (index, repo) in repos.enumerated() {
                guard let repo else { continue }
                group.addTask {
                    do {
                        return (
                            index,
                            try await source.readme(of: repo).map {
                                RepoPageTranslator.markdown(of: $0, in: repo, format: format, images: images)
                            }
                        )
                    } catch {
                        throw UseCaseFailure(step: "loading the README of \(repo.name)", underlying: error)
                    }
                }
            }
            var texts = [MarkdownText?](repeating: nil, count: repos.count)
            for try await (index, text) in group { texts[index] = text }
            return texts
        }
    }
}
