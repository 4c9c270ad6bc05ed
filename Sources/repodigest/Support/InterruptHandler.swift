import Foundation
import SiteRenderer

/// SIGINT (Ctrl-C) and SIGTERM during a build: this run's staging folder is removed, one
/// line says what became of the site, and the process exits with 128 + the signal's number
/// (130, 143), as a shell reports a command a signal ended. The locks go with the process.
/// Without it, the default action ended the run at once and left a whole staging folder
/// beside the output until the next run.
final class InterruptHandler: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private var previous: [(Int32, __sighandler_t?)] = []

    init(_ interruption: PublishInterruption, console: Console, signals: [Int32] = [SIGINT, SIGTERM]) {
        for number in signals {
            // Ignored by default, so that only the dispatch source hears it (as `SignalStream`).
            previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Self.stop(number, interruption, console) }
            source.resume()
            sources.append(source)
        }
    }

    /// Puts back what the signals did before (`serve` ignores them and stops on its own).
    func cancel() {
        sources.forEach { $0.cancel() }
        for (number, handler) in previous { signal(number, handler) }
    }

    /// For the run that met `PublishError.interrupted`: the handler is removing the staging
    /// folder and ends the process; returning first would exit with 1 and leave it half removed.
    func awaitExit() -> Never {
        while true { pause() }
    }

    private static func stop(_ number: Int32, _ interruption: PublishInterruption, _ console: Console) -> Never {
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        switch interruption.stop() {
        case .nothingStaged:
            console.error("stopped by \(name): nothing was published, the previous site is as it was")
        case .stagingRemoved(let folder):
            console.error("stopped by \(name): the staging folder \(folder) is removed; nothing was published, the previous site is as it was")
        case .published:
            console.error("stopped by \(name) once the new site was published")
        }
        _exit(128 + number)
    }
}
