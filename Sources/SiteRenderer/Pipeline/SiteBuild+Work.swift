import Foundation
import PageModels
import Synchronization

extension SiteBuild {
    /// One build's files on their way: each rendered, checked, and staged unless a file
    /// already failed (then nothing will be published, so nothing more is written).
    struct Work: Sendable {
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

        /// Every file: the repository pages as their READMEs arrive, the others at once.
        func run(readmes: any AsyncSequence<ReadmeBatch, any Error>) async throws -> [Finding] {
            var waiting = Dictionary(uniqueKeysWithValues: plan.items.indices.compactMap { index in
                plan.items[index].item.repository.map { ($0, index) }
            })
            let others = Set(plan.items.indices).subtracting(waiting.values).sorted()
            var findings = try Parallel.map(others.count) { try process(plan.file(at: others[$0])) }.flatMap { $0 }
            for try await batch in readmes {
                let pages = batch.pages.indices.compactMap { offset in
                    waiting.removeValue(forKey: batch.pages[offset]).map { (item: $0, readme: batch.readmes[offset]) }
                }
                findings += try Parallel.map(pages.count) { offset in
                    var page = plan.site.repositories[plan.items[pages[offset].item].item.repository!]
                    page.readme = pages[offset].readme
                    return try process(plan.repositoryFile(at: pages[offset].item, page: page))
                }.flatMap { $0 }
            }
            let rest = waiting.values.sorted()
            findings += try Parallel.map(rest.count) { try process(plan.file(at: rest[$0])) }.flatMap { $0 }
            return findings
        }
    }

    /// Files done so far, and whether any failed.
    private final class Counter: Sendable {
        let count = Mutex(0)
        let failed = Atomic<Bool>(false)
    }
}
