import Foundation
import PageModels
import Synchronization

extension SiteBuild {
    /// One build's files on their way: each rendered, checked, and staged unless a file
    /// already failed (then nothing will be published, so nothing more is written).
    struct Work: Sendable {
        /// How many repository pages get their READMEs read at once.
        static let batch = 128

        let plan: SitePlan
        let session: SiteValidator.Session
        let staging: SiteWriter.Staging
        let listener: Listener
        private let done = Counter()

        init(plan: SitePlan, session: SiteValidator.Session, staging: SiteWriter.Staging, listener: Listener) {
            self.plan = plan
            self.session = session
            self.staging = staging
            self.listener = listener
        }

        /// Checks and stages one file; its findings.
        func process(_ file: OutputFile) throws -> [Finding] {
            let found = session.check(file)
            if !found.isEmpty { done.failed.store(true, ordering: .relaxed) }
            if !done.failed.load(ordering: .relaxed) { try staging.put(file) }
            done.count.withLock { count in
                count += 1
                listener.progress(count, plan.count)
            }
            return found
        }

        /// Every file, the repository pages a batch at a time with their READMEs, the next
        /// batch's being read while this one renders.
        func run(readmes: any DeferredReadmes) async throws -> [Finding] {
            let repositories = plan.items.indices.filter { plan.items[$0].item.repository != nil }
            let others = Set(plan.items.indices).subtracting(repositories).sorted()
            var findings = try Parallel.map(others.count) { try process(plan.file(at: others[$0])) }.flatMap { $0 }
            let batches = stride(from: 0, to: repositories.count, by: Self.batch).map {
                Array(repositories[$0..<min(repositories.count, $0 + Self.batch)])
            }
            func read(_ batch: [Int]) -> Task<[MarkdownText?], any Error> {
                let pages = batch.map { plan.site.repositories[plan.items[$0].item.repository!] }
                return Task { try await readmes.readmes(for: pages) }
            }
            var next = batches.first.map(read)
            defer { next?.cancel() }
            for (number, batch) in batches.enumerated() {
                let texts = try await next!.value
                next = number + 1 < batches.count ? read(batches[number + 1]) : nil
                findings += try Parallel.map(batch.count) { offset in
                    var page = plan.site.repositories[plan.items[batch[offset]].item.repository!]
                    page.readme = texts[offset]
                    return try process(plan.repositoryFile(at: batch[offset], page: page))
                }.flatMap { $0 }
            }
            return findings
        }
    }

    /// Files done so far, and whether any failed.
    private final class Counter: Sendable {
        let count = Mutex(0)
        let failed = Atomic<Bool>(false)
    }
}
