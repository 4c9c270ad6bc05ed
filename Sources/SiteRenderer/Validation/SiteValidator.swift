public import Foundation

/// Checks every file of a site before it is published, as strictly as a user's own checker.
///
/// HTML pages must be polyglot HTML5 (well-formed XML too) with the parts every page needs,
/// no script that could run from the data, and links that resolve: every internal link and
/// `#fragment` must name a file and an id the site has. JSON files must parse, XML files
/// (feeds, sitemap) must be well-formed. Findings name
/// the file, line, column and rule.
public struct SiteValidator: Sendable {
    public init() {}

    public func validate(_ files: [OutputFile]) -> [Finding] {
        var findings: [Finding] = []
        var pages: [String: HTMLDocumentFacts] = [:]
        for file in files {
            switch (file.path as NSString).pathExtension.lowercased() {
            case "html":
                let facts = HTMLChecker.check(file)
                findings += facts.findings
                pages[file.path] = facts
            case "xml":
                findings += XMLChecker.check(file)
            case "json":
                if (try? JSONSerialization.jsonObject(with: file.contents)) == nil {
                    findings.append(
                        Finding(file: file.path, line: 1, column: 1, rule: "json", message: "not valid JSON"))
                }
            default:
                continue
            }
        }
        findings += LinkChecker(paths: Set(files.map(\.path)), pages: pages).findings()
        return findings.sorted()
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
