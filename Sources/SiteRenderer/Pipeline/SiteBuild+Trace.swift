import Foundation
import PageModels

extension SiteBuild {
    /// How many findings of one rule and message are traced to their template line, and in
    /// how many pages at most: those a person is shown first (the command line prints three of
    /// each), for rendering a few pages again in a build that failed.
    static let tracedAlike = 3
    static let tracedPages = 50

    /// `findings` (in order), the first `tracedAlike` of each kind (`Finding.kind`) in a page given
    /// the template line their text came from (`Finding.origin`). A page is rendered again
    /// for it, and traced only if its bytes are those `checked` (by path, their fingerprint):
    /// never a line from another rendering.
    static func traced(
        _ findings: [Finding], plan: SitePlan, checked: [String: String], sources: [String: TemplateSource],
        readmes: (any ReadmeSupply)?
    ) async -> [Finding] {
        var alike: [String: Int] = [:]
        /// The findings to trace, by the page they are in.
        var chosen: [String: [Int]] = [:]
        for (index, finding) in findings.enumerated() {
            alike[finding.kind, default: 0] += 1
            guard alike[finding.kind, default: 0] <= tracedAlike,
                chosen[finding.file] != nil || chosen.count < tracedPages
            else { continue }
            chosen[finding.file, default: []].append(index)
        }
        var traced = findings
        for (path, indexes) in chosen {
            guard let item = plan.index(of: path),
                let (page, trace) = await Self.traced(item, plan: plan, readmes: readmes),
                StableHasher.fingerprint(of: Data(page.utf8)) == checked[path]
            else { continue }
            for index in indexes {
                let finding = findings[index]
                traced[index].origin = trace.origin(
                    line: finding.line, column: finding.column, in: page, sources: sources)
                traced[index].holderOrigin = finding.holder.flatMap {
                    trace.origin(line: $0.line, column: $0.column, in: page, sources: sources)
                }
            }
        }
        return traced
    }

    /// The page at `item` of the plan rendered again, traced; a repository page with the
    /// README the build rendered it with, read again from `readmes` as `Work.run` read it.
    private static func traced(_ item: Int, plan: SitePlan, readmes: (any ReadmeSupply)?) async
        -> (page: String, trace: TemplateTrace)?
    {
        guard let index = plan.items[item].item.repository, let readmes else { return plan.traced(at: item) }
        var repository = plan.site.repositories[index]
        do {
            for try await batch in readmes.batches(for: plan.site, pages: [index]) {
                guard let offset = batch.pages.firstIndex(of: index) else { continue }
                repository.readme = batch.readmes[offset]
            }
        } catch {
            return nil
        }
        return plan.traced(at: item, repository: repository)
    }
}
