import Foundation
public import PageModels
import Synchronization

/// Renders, checks and stages a site one file at a time on every core, then publishes it
/// only if every file passed: what `SiteGenerator`, `SiteValidator` and `SiteWriter` do in
/// turn, without holding the whole site in memory between them. A site of 10,000 pages
/// would otherwise hold some 300 MB of HTML from rendering until the last file is written.
public struct SiteBuild: Sendable {
    public var generator: SiteGenerator
    public var writer: SiteWriter

    public init(generator: SiteGenerator, writer: SiteWriter) {
        self.generator = generator
        self.writer = writer
    }

    public enum Outcome: Sendable, Equatable {
        /// Every file passed and the site is published.
        case published(SiteWriter.Report, files: Int)
        /// Some file did not pass: nothing was published, the output is as it was.
        case invalid([Finding])
    }

    /// - Parameter progress: hears (files done, files in all), from one thread at a time.
    public func run(_ site: Site, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> Outcome {
        try withoutActuallyEscaping(progress) { progress in try run(site, listener: Listener(progress)) }
    }

    private func run(_ site: Site, listener: Listener) throws -> Outcome {
        let plan = try generator.plan(site)
        let paths = Set(plan.paths)
        let session = SiteValidator.Session(paths: paths)
        let staging = try writer.stage()
        let done = Mutex(0)
        let failed = Atomic<Bool>(false)
        do {
            let findings = try Parallel.map(plan.count) { index in
                let file = try plan.file(at: index)
                let found = session.check(file)
                if !found.isEmpty { failed.store(true, ordering: .relaxed) }
                // Once a file failed nothing will be published, so nothing more is written.
                if !failed.load(ordering: .relaxed) { try staging.put(file) }
                done.withLock { count in
                    count += 1
                    listener.progress(count, plan.count)
                }
                return found
            }
            let all = (findings.flatMap { $0 } + session.finish()).sorted()
            guard all.isEmpty else {
                staging.discard()
                return .invalid(all)
            }
            return .published(try writer.commit(staging, paths: paths), files: plan.count)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The caller's progress closure, called only under `done`'s lock, so from one thread at a time.
    private struct Listener: @unchecked Sendable {
        let progress: (Int, Int) -> Void
        init(_ progress: @escaping (Int, Int) -> Void) { self.progress = progress }
    }
}
