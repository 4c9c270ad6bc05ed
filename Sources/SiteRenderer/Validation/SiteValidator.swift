public import Foundation

/// Checks every file of a site before it is published, as strictly as a user's own checker.
///
/// HTML pages must be polyglot HTML5 (well-formed XML too) with the parts every page needs,
/// no script that could run from the data, and links that resolve: every internal link and
/// `#fragment` must name a file and an id the site has. Feeds, the sitemap and the JSON
/// files must match their formats (`FeedChecker`). Findings name the file, line, column
/// and rule.
public struct SiteValidator: Sendable {
    public init() {}

    public func validate(_ files: [OutputFile]) -> [Finding] {
        // Each file is checked on its own, on every core; libxml2 keeps its parser and error
        // state per thread. Only the link check needs all pages, so it runs after.
        XMLTree.initialise()
        let checked = [Checked](unsafeUninitializedCapacity: files.count) { buffer, count in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                (slots.base + index).initialize(to: Self.check(files[index]))
            }
            count = files.count
        }
        var findings = checked.flatMap(\.findings)
        var pages: [String: HTMLDocumentFacts] = [:]
        for (file, result) in zip(files, checked) where result.page != nil {
            pages[file.path] = result.page
        }
        findings += LinkChecker(paths: Set(files.map(\.path)), pages: pages).findings()
        return findings.sorted()
    }

    /// The result array's storage, shared by the workers: each index is written exactly once,
    /// by one worker, before `concurrentPerform` returns, so no two threads touch one slot.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Checked>
    }

    /// What checking one file found, and for a page what the link check needs.
    private struct Checked: Sendable {
        var findings: [Finding]
        var page: HTMLDocumentFacts?
    }

    private static func check(_ file: OutputFile) -> Checked {
        switch (file.path as NSString).pathExtension.lowercased() {
        case "html":
            let facts = HTMLChecker.check(file)
            return Checked(findings: facts.findings, page: facts)
        case "xml": return Checked(findings: FeedChecker.checkXML(file))
        case "json": return Checked(findings: FeedChecker.checkJSON(file))
        default: return Checked(findings: [])
        }
    }

    /// Checks a folder already on disk, such as a published site a user edited.
    public func validate(directory: URL) throws -> [Finding] {
        let root = directory.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path]) }
        var files: [OutputFile] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            files.append(OutputFile(path: path, contents: try Data(contentsOf: url)))
        }
        return validate(files)
    }
}
