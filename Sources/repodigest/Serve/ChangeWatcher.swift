import Foundation

/// Notices edits to the configuration and the theme folder: a stamp of every entry under
/// them (its kind and permissions, modification and change times, size, inode), compared with
/// the last. Polling decides, as it works on every file system and in every container;
/// inotify (`ChangeSignal`) only wakes it early, so a save is seen within milliseconds where
/// inotify works and within a poll where it does not.
struct ChangeWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        /// The kind and the permissions (`st_mode`): a `chmod` is a change.
        var mode: UInt32
        var seconds: Int
        var nanoseconds: Int
        /// When the entry itself last changed (`st_ctim`): permissions, links, a rename.
        var changedSeconds: Int
        var changedNanoseconds: Int
        var size: Int64
        var inode: UInt64

        init(_ status: stat) {
            mode = UInt32(status.st_mode)
            seconds = Int(status.st_mtim.tv_sec)
            nanoseconds = Int(status.st_mtim.tv_nsec)
            changedSeconds = Int(status.st_ctim.tv_sec)
            changedNanoseconds = Int(status.st_ctim.tv_nsec)
            size = Int64(status.st_size)
            inode = UInt64(status.st_ino)
        }

        var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    }

    typealias Snapshot = [String: Stamp]

    var paths: [URL] {
        didSet { signal = ChangeSignal(folders: Self.folders(of: paths)) }
    }
    private var signal: ChangeSignal

    init(paths: [URL]) {
        self.paths = paths
        self.signal = ChangeSignal(folders: Self.folders(of: paths))
    }

    /// Whether saves wake the watcher at once (inotify), rather than at the next poll.
    var wakesOnEvents: Bool { signal.isLive }

    /// The folders whose events matter: each watched file's folder, and each watched folder
    /// with every folder inside it.
    static func folders(of paths: [URL]) -> [String] {
        var folders: Set<String> = []
        for path in paths.map(\.standardizedFileURL) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder), isFolder.boolValue else {
                folders.insert(path.deletingLastPathComponent().path)
                continue
            }
            folders.insert(path.path)
            for case let relative as String in FileManager.default.enumerator(atPath: path.path) ?? .init() {
                var inner: ObjCBool = false
                let full = path.appending(path: relative).path
                if FileManager.default.fileExists(atPath: full, isDirectory: &inner), inner.boolValue {
                    folders.insert(full)
                }
            }
        }
        return folders.sorted()
    }

    /// Every entry under the watched paths (files, folders, links as themselves and, where a
    /// link leads to something, that too, keyed `PATH →`); a path that is missing is absent.
    /// Links and permissions count: a build that failed on a dangling link or a file it could
    /// not read is built again once the link is gone or the file readable.
    func snapshot() -> Snapshot {
        var snapshot: Snapshot = [:]
        for path in paths {
            add(path.standardizedFileURL.path, to: &snapshot)
            if let walker = FileManager.default.enumerator(atPath: path.path) {
                for case let relative as String in walker {
                    add(path.appending(path: relative).standardizedFileURL.path, to: &snapshot)
                }
            }
        }
        return snapshot
    }

    private func add(_ path: String, to snapshot: inout Snapshot) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        snapshot[path] = Stamp(status)
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) == 0 { snapshot[path + " →"] = Stamp(status) }
    }

    /// Waits until something changed and then held still for `settle` (editors save in
    /// steps), and returns the new snapshot; nil when the task is cancelled. Between changes
    /// it looks every `interval`, or at once when woken by an event.
    func nextChange(after last: Snapshot, interval: Duration, settle: Duration) async -> Snapshot? {
        var previous = last
        // Events that never stop (a log written beside the configuration) must not hold the
        // rebuild back for ever: half a second after the change, a still snapshot is enough.
        var changedAt: ContinuousClock.Instant?
        while !Task.isCancelled {
            var quiet = true
            if previous == last {
                await signal.wait(upTo: interval)
            } else {
                // Held still: `settle` with no event in the watched folders (an event, even for
                // an editor's swap file, starts the wait over).
                quiet = !(await signal.wait(upTo: settle))
            }
            if Task.isCancelled { return nil }
            let now = snapshot()
            if now != previous && now != last {
                previous = now
                changedAt = changedAt ?? .now
                continue
            }
            let since = changedAt.map { $0.duration(to: .now) } ?? .zero
            if now == previous && now != last && (quiet || since > .milliseconds(500)) {
                // A file emptied or gone may be a save half done (truncated, then written; moved
                // away, then written anew): an empty configuration is a valid one, and would
                // publish a site of defaults. The rest is waited for, a second and a half at most.
                if Self.emptied(from: last, to: now), since < Self.halfDoneSaveWait { continue }
                return now
            }
            previous = now
        }
        return nil
    }

    /// How long a file emptied or gone waits for the rest of a save before it counts.
    static let halfDoneSaveWait = Duration.milliseconds(1_500)

    /// Whether a file that held something is now empty or gone.
    static func emptied(from last: Snapshot, to now: Snapshot) -> Bool {
        last.contains { path, stamp in stamp.isRegularFile && stamp.size > 0 && (now[path]?.size ?? 0) == 0 }
    }
}
