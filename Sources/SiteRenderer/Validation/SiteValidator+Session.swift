import Foundation
import Synchronization

extension SiteValidator {
    /// Checks one site a file at a time, from any number of threads, keeping of each page only
    /// what the site-wide link check still needs: a hash of each id, and the links into other
    /// pages that name a fragment. So a build can check each page as it renders it, and let
    /// the page go.
    final class Session: Sendable {
        private let paths: Set<String>
        /// Where the files carried over unchecked from the published build are (`carried`).
        private let published: URL?
        private let state = Mutex(State())

        private struct State {
            /// `pathID(page, id)` of every id of every page.
            var ids = Set<UInt64>()
            var pages = Set<String>()
            var pending: [(target: String, fragment: String, href: String, finding: Finding)] = []
            /// Pages carried over from the published build: checked when they were published.
            var carried = Set<String>()
        }

        /// - Parameters:
        ///   - paths: every file of the site, relative to its folder.
        ///   - published: the folder of the published build, which the files `carry` names are read from.
        init(paths: Set<String>, published: URL? = nil) {
            self.paths = paths
            self.published = published
            XMLTree.initialise()
        }

        /// A file carried over from the published build without being checked: links into
        /// it still find its ids, read from it once some link needs them.
        func carry(_ path: String) {
            state.withLock { _ = $0.carried.insert(path) }
        }

        /// What is wrong with this file alone and with its links into files of the site; and
        /// the other files it links to, `#` before those whose ids it names: what a later
        /// build needs to know whether the page can be carried over.
        func check(_ file: OutputFile) -> (findings: [Finding], links: [String]) {
            // Checked for each of 10,900 files: the name is cut out once, with no array of its folders.
            let name = file.path.lastIndex(of: "/").map { file.path[file.path.index(after: $0)...] } ?? file.path[...]
            let kind = Self.kind(of: name)
            if let misread = FileKindChecker.hostProblem(name: name) {
                return (
                    [Finding(file: file.path, line: 1, column: 1, rule: FileKindChecker.rule, message: misread)], []
                )
            }
            // libxml2 ends its reading at a NUL after the root element, and a browser reads on:
            // what follows one would be published unchecked.
            if ["html", "xml", "opml", "svg", "json"].contains(kind), Self.holdsNUL(file.contents) {
                return (
                    [
                        Finding(
                            file: file.path, line: 1, column: 1, rule: "nul",
                            message: "a NUL byte, after which "
                                + "the checks would stop reading and a browser reads on")
                    ], []
                )
            }
            switch kind {
            case "html": break
            case "xml", "opml": return (FeedChecker.checkXML(file), [])
            case "json": return (FeedChecker.checkJSON(file), [])
            default: return (FileKindChecker.check(file, kind: kind), [])
            }
            var targets: [String] = []
            let facts = HTMLChecker.check(file)
            var findings = facts.findings
            var pending: [(String, String, String, Finding)] = []
            var columns: ColumnFinder?
            let folder = LinkChecker.folder(of: file.path)
            for link in facts.links {
                func finding(_ message: String) -> Finding {
                    if columns == nil { columns = ColumnFinder(file.contents) }
                    let at = columns!.position(of: columns!.tagStart(before: link.tagEnd) ?? 0)
                    return Finding(
                        file: file.path, line: at.line, column: at.column, rule: "broken-link", message: message)
                }
                switch LinkChecker.check(link.href, from: file.path, folder: folder, paths: paths, ids: facts.ids) {
                case .fine(let target):
                    if let target, target != file.path { targets.append(target) }
                case .problem(let message): findings.append(finding(message))
                case .fragment(let target, let fragment):
                    targets.append("#" + target)
                    pending.append((target, fragment, link.href, finding("")))
                }
            }
            let ids = facts.ids.map { Self.pathID(file.path, $0) }
            state.withLock { state in
                state.ids.formUnion(ids)
                state.pages.insert(file.path)
                state.pending += pending
            }
            // Each target once: a list page links to the same pages from its navigation and cards.
            // A build keeps every page's links until its marker is written (160,000 at 10,000
            // repositories): each link to a page is the site's own copy of its path, not a string
            // of its own (a link to an id, `#` and the path, is the rarer kind, kept as made).
            return (findings, Set(targets).sorted().map(shared))
        }

        /// What a server and a browser take a file named `name` to be: the lower-cased letters after the
        /// last dot of its name, a name's leading dot included (`.html` is a page to them;
        /// `pathExtension` finds none there). Empty for a name with no dot.
        static func kind(of name: Substring) -> String {
            guard let dot = name.lastIndex(of: ".") else { return "" }
            return name[name.index(after: dot)...].lowercased()
        }

        static func holdsNUL(_ data: Data) -> Bool {
            data.withUnsafeBytes { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
        }

        /// The site's own copy of the path `target`, kept at the cost of a reference.
        private func shared(_ target: String) -> String {
            paths.firstIndex(of: target).map { paths[$0] } ?? target
        }

        /// The links into other pages whose fragment names no id there; call once every page is checked.
        func finish() -> [Finding] {
            let carriedTargets = state.withLock { state in
                Set(state.pending.map(\.target)).filter { state.carried.contains($0) && !state.pages.contains($0) }
            }
            for path in carriedTargets {
                guard let published,
                    let contents = FileManager.default.contents(atPath: published.appending(path: path).path)
                else { continue }
                let ids = HTMLChecker.check(OutputFile(path: path, contents: contents)).ids.map {
                    Self.pathID(path, $0)
                }
                state.withLock { state in
                    state.ids.formUnion(ids)
                    state.pages.insert(path)
                }
            }
            return state.withLock { state in
                state.pending.compactMap { link in
                    guard state.pages.contains(link.target),
                        !state.ids.contains(Self.pathID(link.target, link.fragment)),
                        case .problem(let message) = LinkChecker.missingID(link.href, link.fragment, link.target)
                    else { return nil }
                    var finding = link.finding
                    finding.message = message
                    return finding
                }
            }
        }

        /// FNV-1a of `path`, a NUL, and `id`: ids kept as 8 bytes each, not as strings. A false
        /// match needs two 64-bit hashes to collide among one site's ids.
        static func pathID(_ path: String, _ id: String) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0) &* 0x100_0000_01b3
            for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }
}
