import Foundation
import SiteRenderer
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM as an async sequence, so `serve` can stop in order: end the
/// event streams, close the server, exit 0.
///
/// A second signal stops the process at once, as `build` stops on its first: the build under
/// way, if any (each runs in `build(_:)`, with a `PublishInterruption` of its own), has its
/// staging folder removed, and the process exits with 128 + the signal's number (130, 143),
/// or 2 if that build's new site is published already. One interruption for every build
/// would say "published" long after an earlier rebuild, when the server was only idle.
///
/// Heard by a signal handler and a thread of its own, not by a dispatch source: on Linux a
/// dispatch source's handler runs on the threads Swift's tasks run on, and clients that keep
/// those busy (FlyingFox reads a request line in time that grows with its square) kept the
/// handler, and so the stop, waiting for ten minutes. The handler only writes the signal's
/// number to a pipe (all a signal handler may safely do); the thread reads it.
final class SignalStream: SignalStop {
    let signals: AsyncStream<Int32>
    /// Set once a second signal came: the process is ending from the signals' thread, and
    /// `serve`, which may be done stopping in order first, waits for it (`awaitExit`).
    private let endingNow = Atomic<Bool>(false)

    /// The build under way's, or one no build has, which a stop finds with nothing staged.
    private let current = Mutex(PublishInterruption())

    var isEnding: Bool { endingNow.load(ordering: .acquiring) }

    /// Runs one build with an interruption of its own, which a second signal stops.
    func build<Result>(_ body: (PublishInterruption) async -> Result) async -> Result {
        let interruption = PublishInterruption()
        current.withLock { $0 = interruption }
        let result = await body(interruption)
        current.withLock { $0 = PublishInterruption() }
        return result
    }

    init(console: Console, _ numbers: [Int32] = [SIGINT, SIGTERM]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        signals = stream
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // No pipe (out of files): the default action, an immediate stop, is left in place.
            continuation.finish()
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipe.store(ends[1], ordering: .relaxed)
        for number in numbers {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe.load(ordering: .relaxed), &byte, 1)
            }
        }
        let reader = ends[0]
        let thread = Thread {
            var heard = 0
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                heard += 1
                if heard == 1 {
                    continuation.yield(Int32(byte))
                } else {
                    self.endingNow.store(true, ordering: .releasing)
                    let number = Int32(byte)
                    Self.end(
                        by: "a second \(Self.name(of: number)), at once", number, self.current.withLock { $0 },
                        console)
                }
            }
        }
        thread.name = "repodigest signals"
        thread.start()
    }
}

/// The write end of `SignalStream`'s pipe, for the signal handler, which can capture nothing.
private let signalPipe = Atomic<Int32>(-1)
