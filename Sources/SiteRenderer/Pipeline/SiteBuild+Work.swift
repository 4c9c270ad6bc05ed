import Foundation
import PageModels
import ParallelWork
import Synchronization

extension SiteBuild {
    /// One build's files on their way: each carried over from the published build when its
    /// inputs are those the marker kept, else rendered, checked, and staged unless a file
    /// already failed (then nothing will be published, so nothing more is written).
    struct Work: Sendable {
        let plan: SitePlan
        let inputs: SitePlan.Inputs
        let session: SiteValidator.Session
        let staging: SiteWriter.Staging
        let listener: Listener
        /// Render every file, whatever the marker kept (`--force`).
        let force: Bool
        /// Taken out of every file made (`SiteBuild.secrets`).
        let secrets: [String]
        /// Whether every file of the published build is one this build writes too: then each
        /// link the marker kept (all to files of that build) still leads somewhere, and none
        /// of 160,000 needs looking up to carry 10,000 pages.
        private let everyFileStays: Bool
        private let state = WorkState()

        init(
            plan: SitePlan, inputs: SitePlan.Inputs, session: SiteValidator.Session, staging: SiteWriter.Staging,
            listener: Listener, force: Bool, secrets: [String] = []
        ) {
            self.plan = plan
            self.inputs = inputs
            self.session = session
            self.staging = staging
            self.listener = listener
            self.force = force
            self.secrets = secrets
            everyFileStays = staging.inventory.manifest?.isSubset(of: staging.paths) ?? false
        }

        /// What the new marker keeps of each file staged so far.
        var entries: [String: SiteWriter.Marker.Entry] { state.entries.withLock { $0 } }

        /// Whether a README streamed to the build could not be fetched (`ReadmeBatch.notFetched`):
        /// the site then shows what this run could not know, and is not stamped as up to date.
        var leftOutReadmes: Bool { state.leftOutReadmes.load(ordering: .relaxed) }

        /// The bytes fingerprint of each file checked, by path: for telling that a page
        /// rendered again to trace its findings (`SiteBuild.traced`) is the one checked.
        var checked: [String: String] {
            let staged = entries.compactMapValues(\.bytes)
            return state.unstaged.withLock { staged.merging($0) { _, unstaged in unstaged } }
        }

        /// The file at `index` of the plan (for a repository page, made from `page` when
        /// given): carried over, or rendered, checked and staged; its findings.
        func make(_ index: Int, page repoPage: RepoPage? = nil) throws -> [Finding] {
            let fingerprint = inputs.fingerprint(at: index, page: repoPage)
            if try carry(index, fingerprint: fingerprint) { return [] }
            let file = try repoPage.map { try plan.repositoryFile(at: index, page: $0) } ?? plan.file(at: index)
            return try process(file, inputs: fingerprint)
        }

        /// Carries the file at `index` over from the published build when its inputs are
        /// those the marker kept and every page it links to is still part of the site.
        private func carry(_ index: Int, fingerprint: String) throws -> Bool {
            let path = plan.items[index].path
            guard !force, let known = staging.known[path], known.inputs == fingerprint, let links = known.linked,
                links.allSatisfy({ canStillLink(to: $0, fragment: $1) }), try staging.carry(path)
            else { return false }
            session.carry(path)
            finished(path, SiteWriter.Marker.Entry(inputs: fingerprint, bytes: known.bytes, linked: links))
            return true
        }

        /// A carried page's link stays good while the file it leads to is still part of the
        /// build (the paths it was staged for). A link to an id in another page is trusted to
        /// no page carried unchecked: the page it names may be rendered anew without that id.
        private func canStillLink(to target: String, fragment: Bool) -> Bool {
            !fragment && (everyFileStays || staging.paths.contains(target))
        }

        /// Checks and stages one rendered file; its findings.
        func process(_ file: OutputFile, inputs fingerprint: String? = nil) throws -> [Finding] {
            let file = secrets.isEmpty ? file : file.redacting(secrets)
            let (found, links) = session.check(file)
            if !found.isEmpty { state.failed.store(true, ordering: .relaxed) }
            var entry: SiteWriter.Marker.Entry?
            if !state.failed.load(ordering: .relaxed) {
                entry = SiteWriter.Marker.Entry(inputs: fingerprint, bytes: try staging.put(file), links: links)
            } else {
                let bytes = StableHasher.fingerprint(of: file.contents)
                state.unstaged.withLock { $0[file.path] = bytes }
            }
            finished(file.path, entry)
            return found
        }

        private func finished(_ path: String, _ entry: SiteWriter.Marker.Entry?) {
            if let entry { state.entries.withLock { $0[path] = entry } }
            state.count.withLock { count in
                count += 1
                listener.progress(count, plan.count)
            }
        }

        /// Every file: the repository pages whose README is named and whose inputs did not
        /// change carried over unread, the others as their READMEs arrive, the rest at once.
        func run(readmes: any ReadmeSupply) async throws -> [Finding] {
            // The repository pages still to make: a `page` is an index in `site.repositories`,
            // an `item` one in the plan's items.
            var waiting = Dictionary(
                uniqueKeysWithValues: plan.items.indices.compactMap { index in
                    plan.items[index].item.repository.map { ($0, index) }
                })
            // The files that are not pages first (`digest.json`, the search indexes: the longest
            // to make, one core each), then the other pages.
            let others = Set(plan.items.indices).subtracting(waiting.values).sorted {
                (plan.items[$0].item.isPage ? 1 : 0, $0) < (plan.items[$1].item.isPage ? 1 : 0, $1)
            }
            // Only pages the marker knows can be carried: none in a cold or forced build.
            let named = waiting.filter { page, item in
                !force && plan.site.repositories[page].readmeVersion != nil
                    && staging.known[plan.items[item].path] != nil
            }.map { $0 }
            // Those and the repository pages to carry, in one pass over every core: one after
            // the other, a core waited while the other made `digest.json` alone.
            let made = try Parallel.map(others.count + named.count) { (index) throws -> ([Finding], Int?) in
                guard index >= others.count else { return (try make(others[index]), nil) }
                let (page, item) = named[index - others.count]
                return ([], try carry(item, fingerprint: inputs.fingerprint(at: item)) ? page : nil)
            }
            var findings = made.flatMap(\.0)
            for page in made.compactMap(\.1) { waiting[page] = nil }
            for try await batch in readmes.batches(for: plan.site, pages: waiting.keys.sorted()) {
                let pages = batch.pages.indices.compactMap { offset in
                    let page = batch.pages[offset]
                    return waiting.removeValue(forKey: page).map {
                        (page: page, item: $0, readme: batch.readmes[offset])
                    }
                }
                if !batch.notFetched.isEmpty { state.leftOutReadmes.store(true, ordering: .relaxed) }
                findings += try Parallel.map(pages.count) { offset in
                    var repoPage = plan.site.repositories[pages[offset].page]
                    repoPage.readme = pages[offset].readme
                    if batch.notFetched.contains(pages[offset].page) { repoPage.readmeKnown = false }
                    return try make(pages[offset].item, page: repoPage)
                }.flatMap { $0 }
            }
            let rest = waiting.values.sorted()
            findings += try Parallel.map(rest.count) { try make(rest[$0]) }.flatMap { $0 }
            return findings
        }
    }

    /// What the work has done so far, shared by every core: how many files, whether any
    /// failed or left a README out, and what the marker will keep of each.
    private final class WorkState: Sendable {
        let count = Mutex(0)
        let failed = Atomic<Bool>(false)
        let leftOutReadmes = Atomic<Bool>(false)
        let entries = Mutex([String: SiteWriter.Marker.Entry]())
        /// The bytes fingerprint of each file checked but not staged: it failed, or one before it did.
        let unstaged = Mutex([String: String]())
    }
}
