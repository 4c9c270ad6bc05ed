import Foundation
public import PageModels
import ParallelWork

/// Renders, checks and stages a site one file at a time on every core, then publishes it
/// only if every file passed: what `SiteGenerator`, `SiteValidator` and `SiteWriter` do in
/// turn, without holding the whole site in memory between them. A site of 10,000 pages
/// would otherwise hold some 300 MB of HTML from rendering until the last file is written.
///
/// A file whose inputs (`SitePlan.Inputs`) are those the published marker kept for it is
/// not rendered at all: the published copy is hard-linked into the new build, as long as
/// every page it linked to is still part of the site. So a build costs what changed.
public struct SiteBuild: Sendable {
    public var generator: SiteGenerator
    public var writer: SiteWriter
    /// What else shapes every page, in one line: the program (a new one may render
    /// differently) and the options that shape the site. A change renders every page again.
    public var options: String
    /// Render every file, carrying none over (`--force`).
    public var force: Bool
    /// What no published file may hold (the token). The data layer takes it out of every
    /// answer, but rendering may spell it anew (`&#103;hp_…` in a README, decoded): a file
    /// that holds one has it replaced by `[redacted]` before it is checked.
    public var secrets: [String]

    public init(
        generator: SiteGenerator, writer: SiteWriter, options: String = "", force: Bool = false,
        secrets: [String] = []
    ) {
        self.generator = generator
        self.writer = writer
        self.options = options
        self.force = force
        self.secrets = secrets.filter { !$0.isEmpty }
    }

    public enum Outcome: Sendable, Equatable {
        /// Every file passed and the site is published.
        case published(SiteWriter.Report, files: Int)
        /// Some file did not pass: nothing was published, the output is as it was.
        case invalid([Finding])
    }

    /// - Parameters:
    ///   - readmes: where to read the READMEs `site` leaves out: asked only for the pages
    ///     that are not carried over, a batch at a time, each batch's pages rendered as it
    ///     arrives. A page no batch names is rendered as the site holds it.
    ///   - stamp: what the site was made from, kept with it (`SiteWriter.publishedStamp`).
    ///   - ahead: the published folder and the spare, if the caller read them ahead
    ///     (`SiteWriter.readAhead`).
    ///   - progress: hears (files done, files in all), from one thread at a time.
    public func run(
        _ site: Site, readmes: (any ReadmeSupply)? = nil, stamp: String? = nil, ahead: SiteWriter.ReadAhead? = nil,
        progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Outcome {
        let plan = try generator.plan(site)
        let paths = Set(plan.paths)
        if paths.count < plan.count, let twice = plan.firstRepeatedPath { throw PublishError.twoFiles(twice) }
        // Staging reads the published folder and readies the spare while every page's inputs
        // are fingerprinted: neither needs the other.
        let writer = self.writer
        let staged = Task { try writer.stage(writing: paths, ahead: ahead) }
        let inputs = SitePlan.Inputs(plan: plan, theme: generator.theme, options: options)
        let work = Work(
            plan: plan, inputs: inputs, session: SiteValidator.Session(paths: paths, published: writer.output),
            staging: try await staged.value, listener: Listener(progress), force: force, secrets: secrets)
        do {
            var findings: [Finding]
            if let readmes {
                findings = try await work.run(readmes: readmes)
            } else {
                findings = try Parallel.map(plan.count) { try work.make($0) }.flatMap { $0 }
            }
            findings = (findings + work.session.finish()).sorted()
            guard findings.isEmpty else {
                work.staging.discard()
                return .invalid(
                    await Self.traced(
                        findings, plan: plan, checked: work.checked, sources: generator.theme.templates,
                        readmes: readmes))
            }
            // A site with a README this run could not fetch is made again by the next run.
            let stamp = work.leftOutReadmes ? nil : stamp
            return .published(try writer.commit(work.staging, entries: work.entries, stamp: stamp), files: plan.count)
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
