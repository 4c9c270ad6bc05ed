import Foundation

/// Notices edits to the configuration and the theme folder by polling: a stamp (modification
/// time, size, inode) of every file, compared with the last. Polling works on every file
/// system and in every container, where inotify may not; a few hundred stats per second
/// cost nothing next to a build.
struct ChangeWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    typealias Snapshot = [String: Stamp]

    var paths: [URL]

    /// Every regular file under the watched paths; a path that is missing is absent.
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
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return }
        snapshot[path] = Stamp(
            seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec),
            size: Int64(status.st_size), inode: UInt64(status.st_ino))
    }

    /// Waits until something changed and then held still for one more interval (editors save
    /// in steps), and returns the new snapshot; nil when the task is cancelled.
    func nextChange(after last: Snapshot, interval: Duration) async -> Snapshot? {
        var previous = last
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return nil }
            let now = snapshot()
            if now != previous && now != last {
                previous = now
                continue
            }
            if now == previous && now != last { return now }
            previous = now
        }
        return nil
    }
}
