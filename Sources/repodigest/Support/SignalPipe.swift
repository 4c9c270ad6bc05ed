import Foundation
import Synchronization

/// Signals heard on a thread of their own: a signal handler writes the signal's number to a
/// pipe (all a handler may safely do), and the thread reads it and calls `heard`.
///
/// Not a dispatch source, nor a task: on Linux a dispatch source's handler waits for a thread
/// of the pool that rendering (`Parallel`, on every core) and Swift's tasks keep busy, so a
/// Ctrl-C during a build was heard only once every page was rendered (half a minute with a
/// slow theme), and one during `serve` while clients kept its threads busy, ten minutes later. One per process: the handler, which can capture
/// nothing, finds the pipe through a global.
enum SignalPipe {
    /// Starts hearing `numbers`; false when no pipe could be made (out of files), and the
    /// signals keep their default action, an immediate stop.
    static func listen(to numbers: [Int32], heard: @escaping @Sendable (Int32) -> Void) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A full pipe (signals by the thousand, none read yet) drops one rather than block the handler.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        writeEnd.store(ends[1], ordering: .relaxed)
        for number in numbers {
            signal(number) { number in
                let saved = errno  // the interrupted code may be about to read it
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(writeEnd.load(ordering: .relaxed), &byte, 1)
                errno = saved
            }
        }
        let reader = ends[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                heard(Int32(byte))
            }
        }
        thread.name = "repodigest signals"
        thread.start()
        return true
    }
}

/// The write end of `SignalPipe`'s pipe, for the signal handler.
private let writeEnd = Atomic<Int32>(-1)
