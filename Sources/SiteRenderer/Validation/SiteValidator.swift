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
    /// is checked: a page the user added or edited is still a page of the site.
    public func validate(directory: URL, usersKinds: Bool) throws -> (findings: [Finding], usersFiles: Int) {
        let manifest = usersKinds ? SiteWriter.Marker(in: directory, manifestOnly: true)?.manifest : nil
        let root = directory.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
        }
        // Hidden files and links too: a server serves them (a `.page.html`, a link out of
        // the folder) as it serves the rest. Only git's folder and the build's marker are not pages.
        var files: [OutputFile] = []
        // What walking the folder finds: links out of it, and what is not read at all.
        var walked: [Finding] = []
        let realRoot = RealPath.of(root)
        for case let url as URL in enumerator {
            let path = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            if path == ".git" || SiteWriter.markers.contains(path) {
                enumerator.skipDescendants()
                continue
            }
            var status = stat()
            guard stat(url.path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                files.append(OutputFile(path: path, contents: try Data(contentsOf: url)))
                let target = RealPath.of(url)
                if !RealPath.isSameOrInside(target, realRoot) {
                    walked.append(
                        Finding(
                            file: path, line: 1, column: 1, rule: "outside",
                            message: "a link to \(target.path), outside the folder: a server that follows links "
                                + "serves that file as part of the site"))
                }
            case S_IFDIR where (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) == true:
                walked.append(
                    Finding(
                        file: path, line: 1, column: 1, rule: "unread",
                        message: "a link to a folder, which validate does not follow; a server serves what it holds"))
            case S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK:
                // Not read (a FIFO waits for a writer; /dev/zero never ends), and no site's file.
                let kind =
                    (status.st_mode & S_IFMT) == S_IFIFO
                    ? "a FIFO" : (status.st_mode & S_IFMT) == S_IFSOCK ? "a socket" : "a device"
                walked.append(
                    Finding(
                        file: path, line: 1, column: 1, rule: "unread",
                        message:
                            "\(kind), which validate does not read and no site should hold: a server may wait on it or stream it without end"
                    ))
            default: continue
            }
        }
        guard let manifest else { return ((validate(files) + walked).sorted(), 0) }
        let usersFiles = files.count { !manifest.contains($0.path) }
        let findings = validate(files).filter { $0.rule != FileKindChecker.rule || manifest.contains($0.file) }
        return ((findings + walked).sorted(), usersFiles)
    }
}
