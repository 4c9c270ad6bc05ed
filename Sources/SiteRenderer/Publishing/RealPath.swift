public import Foundation

/// Where a path really leads, every symbolic link followed, even when its end does not exist
/// yet (a folder the first build creates, a link to one). Two names for one folder, such as
/// `out` and a link to it, resolve alike, so folders are compared by what they are, not by
/// how they were spelt.
public enum RealPath {
    /// More links than this in one chain is a loop, as for the kernel (`ELOOP`).
    static let maximumLinks = 40

    /// Why `url` cannot be opened as a folder, in words (`no such folder`, `not a folder`, or
    /// the system's reason); nil when it is one. A link that leads round to itself is told as
    /// such ("Too many levels of symbolic links"), not as a folder that is not there.
    public static func folderProblem(_ url: URL) -> String? {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            return errno == ENOENT ? "no such folder" : String(cString: strerror(errno))
        }
        return status.st_mode & S_IFMT == S_IFDIR ? nil : "not a folder"
    }

    public static func of(_ url: URL) -> URL {
        URL(fileURLWithPath: resolve(url.standardizedFileURL.path, links: 0)).standardizedFileURL
    }

    private static func resolve(_ path: String, links: Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        guard path != "/", !path.isEmpty else { return path }
        let url = URL(fileURLWithPath: path)
        let parent = resolve(url.deletingLastPathComponent().path, links: links)
        let name = url.lastPathComponent
        let joined = parent == "/" ? "/\(name)" : "\(parent)/\(name)"
        // A link to somewhere that does not exist: follow it by hand, as the kernel would on creating it.
        guard links < maximumLinks, let target = readLink(joined) else { return joined }
        let next = target.hasPrefix("/") ? target : (parent == "/" ? "/\(target)" : "\(parent)/\(target)")
        return resolve(URL(fileURLWithPath: next).standardizedFileURL.path, links: links + 1)
    }

    /// The target of a symbolic link, or nil when `path` is not one.
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `inner` is `outer` or lies inside it (both already resolved).
    public static func isSameOrInside(_ inner: URL, _ outer: URL) -> Bool {
        let inside = inner.path
        let around = outer.path
        return inside == around || inside.hasPrefix(around == "/" ? "/" : around + "/")
    }
}
