import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// Wakes the watcher the moment anything happens in a watched folder (Linux inotify), so a
/// save is seen at once instead of at the next poll. It only wakes: what changed is still
/// judged by `ChangeWatcher`'s snapshot, so an editor's swap file or an event inotify missed
/// cannot trigger or lose a rebuild. Where inotify is unavailable (another system, no more
/// watches), `wait` is a plain sleep and polling does it all.
final class ChangeSignal: Sendable {
    private let descriptor: Int32

    /// Watches each folder (not its subfolders: give them too). Files are watched through
    /// their folder, as editors often save by writing a new file and renaming it over the old.
    init(folders: [String]) {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
            var watching = false
            for folder in folders where descriptor >= 0 {
                watching = inotify_add_watch(descriptor, folder, mask) >= 0 || watching
            }
            if descriptor >= 0 && !watching { close(descriptor) }
            self.descriptor = watching ? descriptor : -1
        #else
            self.descriptor = -1
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether events wake the watcher (else it only polls).
    var isLive: Bool { descriptor >= 0 }

    /// Returns when something happened in a watched folder (true), or after `timeout` with
    /// nothing (false; always false without inotify). The wait runs off the concurrency
    /// pool's threads, which a blocking `poll` must not hold.
    @discardableResult
    func wait(upTo timeout: Duration) async -> Bool {
        guard descriptor >= 0 else {
            try? await Task.sleep(for: timeout)
            return false
        }
        let descriptor = self.descriptor
        let milliseconds = Int32(
            timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        return await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let woken = poll(&watched, 1, milliseconds) > 0
                // Drain what arrived: only the wake-up matters, not which file it named.
                var buffer = [UInt8](repeating: 0, count: 4_096)
                while read(descriptor, &buffer, buffer.count) > 0 {}
                done.resume(returning: woken)
            }
        }
    }
}
