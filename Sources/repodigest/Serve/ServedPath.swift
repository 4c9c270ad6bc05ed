import Foundation

/// What a request path means inside the served folder. Only files inside it are ever
/// answered: the raw (still percent-encoded) path is decoded once, then any `.` or `..`
/// segment, NUL, backslash or undecodable escape is refused, hidden entries (`.git`, the
/// build's marker) are not found, and the real path, symlinks resolved, must stay inside.
enum ServedPath: Equatable {
    case file(URL)
    /// A folder asked for without its `/`: relative links inside it need the slash.
    case redirect(String)
    case notFound
    /// Malformed or an attempt to climb out: 400.
    case refused(String)
    /// A symlink that leads outside the folder: not found (and said to the console).
    case outside

    static func resolve(rawPath: String, root: URL) -> ServedPath {
        guard rawPath.hasPrefix("/") else { return .refused("the path must start with '/'") }
        guard let decoded = rawPath.removingPercentEncoding else { return .refused("malformed percent-encoding") }
        guard !decoded.contains("\0"), !decoded.contains("\\") else { return .refused("NUL or backslash in the path") }
        let segments = decoded.split(separator: "/").map(String.init)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return .refused("'.' or '..' in the path") }
        guard !segments.contains(where: { $0.hasPrefix(".") }) else { return .notFound }

        // An output folder replaced by a file while serving: no site, not that file as one.
        var rootStatus = stat()
        guard let base = realPath(root.path), stat(base, &rootStatus) == 0, rootStatus.st_mode & S_IFMT == S_IFDIR
        else { return .notFound }
        let candidate = segments.reduce(URL(fileURLWithPath: base)) { $0.appending(path: $1) }
        guard let real = realPath(candidate.path) else { return .notFound }
        guard real == base || real.hasPrefix(base + "/") else { return .outside }
        // A visible link to a hidden entry (`notes.txt -> .repodigest-site`) is no way in either.
        guard !real.dropFirst(base.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            return .notFound
        }

        var status = stat()
        guard stat(real, &status) == 0 else { return .notFound }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            guard decoded.hasSuffix("/") else {
                let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
                return .redirect("/" + encoded.joined(separator: "/") + "/")
            }
            return resolve(rawPath: "/" + segments.map { $0 + "/" }.joined() + "index.html", root: root)
        case S_IFREG:
            // `/page.html/`, as a web server answers it: a file is no folder, and its page's
            // relative links would be read against the wrong one.
            guard !decoded.hasSuffix("/") else { return .notFound }
            return .file(URL(fileURLWithPath: real))
        default:
            return .notFound
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
