import Foundation
public import PageModels

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

    /// - Parameters:
    ///   - readmes: the READMEs `site` leaves out, a batch of repository pages at a time;
    ///     each batch's pages are rendered as it arrives. A page no batch names is rendered
    ///     as the site holds it.
    ///   - stamp: what the site was made from, kept with it (`SiteWriter.publishedStamp`).
    ///   - progress: hears (files done, files in all), from one thread at a time.
    public func run(
        _ site: Site, readmes: (any AsyncSequence<ReadmeBatch, any Error>)? = nil, stamp: String? = nil,
        progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Outcome {
        let plan = try generator.plan(site)
        let paths = Set(plan.paths)
        let work = Work(plan: plan, session: SiteValidator.Session(paths: paths), staging: try writer.stage(writing: paths),
                        listener: Listener(progress))
        do {
            var findings: [Finding]
            if let readmes {
                findings = try await work.run(readmes: readmes)
            } else {
                findings = try Parallel.map(plan.count) { try work.process(plan.file(at: $0)) }.flatMap { $0 }
            }
            findings = (findings + work.session.finish()).sorted()
            guard findings.isEmpty else {
                work.staging.discard()
                return .invalid(findings)
            }
            return .published(try writer.commit(work.staging, paths: paths, stamp: stamp), files: plan.count)
        } catch {
            work.staging.discard()
            throw error
        }
    }

    /// The caller's progress closure, called only under `done`'s lock, so from one thread at a time.
    struct Listener: @unchecked Sendable {
        let progress: (Int, Int) -> Void
        init(_ progress: @escaping (Int, Int) -> Void) { self.progress = progress }
    }
}
