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
        let findings = Parallel.map(files.count) { session.check(files[$0]).findings }
        return (findings.flatMap { $0 } + session.finish()).sorted()
    }

    /// Checks a folder already on disk, such as a published site a user edited.
    public func validate(directory: URL) throws -> [Finding] {
        try validate(directory: directory, usersKinds: false).findings
    }

    /// The same; with `usersKinds`, in a folder repodigest published, the kind of each of the
    /// user's own files (those its marker does not list: a PDF, a `browserconfig.xml`), which a
    /// build carries as they are, is not judged, and those files are counted. Everything else
    /// is checked: a page the user added or edited is still a page of the site. `pages` counts
    /// the `.html` files checked: none, and the folder is no site (`.git`'s are not read).
    public func validate(directory: URL, usersKinds: Bool) throws -> (
        findings: [Finding], usersFiles: Int, pages: Int
    ) {
        // A folder named through a link is the folder it leads to: its files are the site's.
        let root = RealPath.of(directory)
        let manifest = usersKinds ? SiteWriter.Marker(in: root, manifestOnly: true)?.manifest : nil
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        var walk = FolderWalk(root: root)
        walk.read(folder, "")
        let pages = walk.files.count { $0.path.lowercased().hasSuffix(".html") }
        guard let manifest else { return ((validate(walk.files) + walk.findings).sorted(), 0, pages) }
        let usersFiles = walk.files.count { !manifest.contains($0.path) }
        let findings = validate(walk.files).filter { $0.rule != FileKindChecker.rule || manifest.contains($0.file) }
        return ((findings + walk.findings).sorted(), usersFiles, pages)
    }
}
