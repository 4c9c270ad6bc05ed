public import Foundation

/// One run at a time per state folder, and one per output folder (a lock file beside it,
/// `SiteWriter.lockFile`), so two cron runs never write the same cache, nor publish into the
/// same output from two state folders.
///
/// `flock(2)` on `repodigest.lock`, rather than a pid file created with `O_EXCL`: the kernel
/// releases the lock when its holder ends, however it ends (`kill -9` included), so a lock
/// left by a dead run is taken over at once, with no guess from a pid that the system may have
/// handed to another process since. The file itself stays; the pid written into it only names
/// the holder in the message. flock does not reach across machines: a state folder on NFS
/// shared by two hosts is not protected.
public final class RunLock {
    public static let fileName = "repodigest.lock"

    public let path: URL
    private var descriptor: Int32

    /// Takes the state folder's lock or throws at once; a run never waits for another.
    public convenience init(stateDirectory: URL) throws(RunLockError) {
        do {
            try self.init(file: stateDirectory.appending(path: Self.fileName))
        } catch .unusable(let path, let reason) {
            // Named as the option that chose it, as the output's lock names --output.
            throw .unusable(path: path, reason: "\(reason) (the state folder; --state-dir names another)")
        }
    }

    /// Takes the lock on `file` (made, with its folder, if need be) or throws at once.
    public init(file: URL) throws(RunLockError) {
        path = file
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unusable(
                path: folder.path, reason: Self.whyNoFolder(folder) ?? (error as NSError).localizedDescription)
        }
        // Never through a link: the pid written below would land in whatever file it names.
        descriptor = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        let refusal = errno
        if descriptor < 0, refusal == EROFS || refusal == EACCES {
            // flock needs no write access: a lock file left on a folder since made read-only still serves.
            descriptor = open(path.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            // None there: why it could not be made ("Permission denied"), not that it is missing.
            if descriptor < 0, errno == ENOENT { errno = refusal }
        }
        guard descriptor >= 0 else {
            let reason =
                errno == ELOOP
                ? "a symbolic link; a lock file never is one" + Self.remedy : String(cString: strerror(errno))
            throw .unusable(path: path.path, reason: reason)
        }
        // A hard link to another file (or anything but a file of its own) is not written over either.
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            close(descriptor)
            throw .unusable(
                path: path.path,
                reason: "not a file of its own (a hard link, or not a regular file); a lock file never is" + Self.remedy
            )
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = Self.holder(of: descriptor)
            close(descriptor)
            if reason == EWOULDBLOCK { throw .held(path: path.path, pid: holder) }
            throw .unusable(path: path.path, reason: String(cString: strerror(reason)))
        }
        // Written over the last holder's, then cut to length: never empty for the run that
        // finds the lock taken and reads who holds it.
        let pid = Data("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(descriptor, off_t(pid.count))
    }

    /// The lock on an output folder, beside it; nil when its folder is read-only and the lock
    /// file cannot be made there: no run can publish into that output then, and the writer
    /// says why (or the run finds it up to date, which needs no write).
    public static func output(_ file: URL) throws(RunLockError) -> RunLock? {
        do {
            return try RunLock(file: file)
        } catch {
            guard case .unusable(let path, let reason) = error else { throw error }
            guard access(file.deletingLastPathComponent().path, W_OK) != 0 else {
                // Said as the output's: the lock file is a name the user never gave.
                throw .unusable(path: path, reason: "\(reason) (the lock file beside the output folder, --output)")
            }
            return nil
        }
    }

    /// What to do about a lock file that is not one repodigest made.
    static let remedy = ": remove it, and repodigest makes its own"

    /// Lets the next run in. Also happens when the process ends.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// The pid the holder wrote (its first line); asked again for up to 50 ms while the
    /// holder, which took the lock an instant ago, has yet to write it. Nil if it never does.
    private static func holder(of descriptor: Int32) -> Int32? {
        for _ in 0..<10 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            let line = buffer[..<max(0, count)].prefix { $0 != UInt8(ascii: "\n") }
            if count > 0, let pid = Int32(String(decoding: line, as: UTF8.self)), pid > 0 { return pid }
            usleep(5_000)
        }
        return nil
    }
}

/// Why a run could not take the lock.
public enum RunLockError: Error, Equatable, CustomStringConvertible {
    /// Another run is going (exit code 75).
    case held(path: String, pid: Int32?)
    /// The state folder or the lock file cannot be used (exit code 1).
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .held(let path, let pid):
            let holder = pid.map { "process \($0)" } ?? "another process"
            return "another repodigest run (\(holder)) holds the lock \(path); this run stops and touches nothing"
        case .unusable(let path, let reason):
            return "\(path): cannot take the run lock: \(reason)"
        }
    }
}

extension RunLock {
    /// Why `folder` cannot be made, in words, from the first of its ancestors that stands in
    /// the way: Foundation says only "a file with the same name already exists" for a loop of
    /// links, and "NSCocoaErrorDomain error 512" for a folder under a file.
    static func whyNoFolder(_ folder: URL) -> String? {
        // As written, `..` and all: the system walks it so (`file/../st` fails at `file`).
        var path = folder.path.hasPrefix("/") ? "" : "."
        for component in folder.path.split(separator: "/") {
            let parent = path.isEmpty ? "/" : path
            path += "/" + component
            var status = stat()
            if stat(path, &status) == 0 {
                if status.st_mode & S_IFMT != S_IFDIR { return "\(path) is a file, not a folder" }
                continue
            }
            switch errno {
            case ENOENT:
                guard lstat(path, &status) == 0 else {
                    // The first folder missing: made in its parent, if that may be written.
                    guard access(parent, W_OK) != 0 else { return nil }
                    return "cannot make the folder \(path): \(parent): \(String(cString: strerror(errno)))"
                }
                return "\(path) is a symbolic link to something that does not exist"
            case ELOOP: return "\(path) is a symbolic link that leads round in a loop"
            default: return "\(path): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }
}
