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
/// Heard through `SignalPipe`, so a second signal stops it even while clients keep every
/// thread Swift's tasks run on busy (FlyingFox reads a request line in time that grows with
/// its square).
final class SignalStream: SignalStop {
    let signals: AsyncStream<Int32>
    /// Set once a second signal came: the process is ending from the signals' thread, and
    /// `serve`, which may be done stopping in order first, waits for it (`awaitExit`).
    private let endingNow = Atomic<Bool>(false)

    /// The build under way's interruption, or one no build has, which a stop finds with
    /// nothing staged; whether the process is stopping, after which a build that starts
    /// gets one stopped already (it stages nothing); and whether a build is under way, which
    /// a first signal waits for, and says so.
    private let current = Mutex((interruption: PublishInterruption(), stopping: false, building: false))

    var isEnding: Bool { endingNow.load(ordering: .acquiring) }

    /// Runs one build with an interruption of its own, which a second signal stops.
    func build<Result>(_ body: (PublishInterruption) async -> Result) async -> Result {
        let interruption = current.withLock { current in
            current.interruption = PublishInterruption()
            current.building = true
            if current.stopping { _ = current.interruption.stop() }
            return current.interruption
        }
        let result = await body(interruption)
        current.withLock {
            $0.interruption = PublishInterruption()
            $0.building = false
        }
        return result
    }

    /// The interruption to stop at once: the build under way's. Any later build's is stopped
    /// before it starts.
    private func stopping() -> PublishInterruption {
        current.withLock { current in
            current.stopping = true
            return current.interruption
        }
    }

    /// The signals heard so far.
    private let heard = Atomic<Int>(0)

    init(console: Console, _ numbers: [Int32] = [SIGINT, SIGTERM]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        signals = stream
        let listening = SignalPipe.listen(to: numbers) { [self] number in
            if heard.wrappingAdd(1, ordering: .relaxed).newValue == 1 {
                // Said at once when a build is under way: it is finished (and published)
                // first, which may take a while, and a second signal is the way not to wait.
                if current.withLock({ $0.building }) {
                    console.info(
                        "Stopping once the build under way is done; \(Self.name(of: number)) again stops at once.")
                }
                continuation.yield(number)
            } else {
                endingNow.store(true, ordering: .releasing)
                Self.end(by: "a second \(Self.name(of: number)), at once", number, stopping(), console)
            }
        }
        // No pipe (out of files): the default action, an immediate stop, is left in place.
        if !listening { continuation.finish() }
    }
}
