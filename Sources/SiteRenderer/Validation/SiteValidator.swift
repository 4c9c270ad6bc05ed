public import Foundation
import ParallelWork

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
        // Each file is checked on its own, on every core (libxml2 keeps its parser and error
        // state per thread); only fragments into other pages wait for the end.
        let session = Session(paths: Set(files.map(\.path)))
        let findings = Parallel.map(files.count) { session.check(files[$0]) }
        return (findings.flatMap { $0 } + session.finish()).sorted()
    }

    /// Checks a folder already on disk, such as a published site a user edited.
    public func validate(directory: URL) throws -> [Finding] {
        try validate(directory: directory, usersKinds: false).findings
    }

    /// The same; with `usersKinds`, in a folder repodigest published, the kind of each of the
    /// user's own files (those its marker does not list: a PDF, a `browserconfig.xml`), which a
    /// build carries as they are, is not judged, and those files are counted. Everything else
    /// is checked: a page the user added or edited is still a page of the site.
    public func validate(directory: URL, usersKinds: Bool) throws -> (findings: [Finding], usersFiles: Int) {
        let manifest = usersKinds ? SiteWriter.Marker(in: directory, manifestOnly: true)?.manifest : nil
        let root = directory.standardizedFileURL
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path]) }
        var files: [OutputFile] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            files.append(OutputFile(path: path, contents: try Data(contentsOf: url)))
        }
        guard let manifest else { return (validate(files), 0) }
        let usersFiles = files.count { !manifest.contains($0.path) }
        return (validate(files).filter { $0.rule != FileKindChecker.rule || manifest.contains($0.file) }, usersFiles)
    }
}
