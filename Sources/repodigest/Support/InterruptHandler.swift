import Foundation
import SiteRenderer

/// SIGINT (Ctrl-C) and SIGTERM during a build: this run's staging folder is removed, one
/// line says what became of the site, and the process exits with 128 + the signal's number
/// (130, 143), as a shell reports a command a signal ended; or, once the new site is
/// published, with 2 (published, but what follows did not happen), as the exit codes promise
/// a script: 130 and 143 say nothing was published. The locks go with the process.
/// Without it, the default action ended the run at once and left a whole staging folder
/// beside the output until the next run. Heard through `SignalPipe`, while every core renders.
final class InterruptHandler: SignalStop {
    init(_ interruption: PublishInterruption, console: Console, signals: [Int32] = [SIGINT, SIGTERM]) {
        _ = SignalPipe.listen(to: signals) { number in
            Self.end(by: Self.name(of: number), number, interruption, console)
        }
    }
}

/// What stops a build on a signal (`PublishInterruption.stop`), then removes its staging
/// folder and ends the process: `InterruptHandler` for `build`, `SignalStream` for `serve`.
protocol SignalStop: Sendable {}

extension SignalStop {
    /// Stops the build `interruption` guards, says in one line what became of the site, and
    /// ends the process: with 2 once the new site is published (published, but what follows
    /// did not happen), as the exit codes promise a script; else with 128 + the signal's
    /// number (130, 143), which say nothing was published.
    static func end(by name: String, _ number: Int32, _ interruption: PublishInterruption, _ console: Console)
        -> Never
    {
        switch interruption.stop() {
        case .nothingStaged:
            console.error("stopped by \(name): nothing was published, any site published before is as it was")
        case .stagingRemoved(let folder):
            console.error(
                "stopped by \(name): the staging folder \(folder) is removed; nothing was published, any site published before is as it was"
            )
        case .published:
            console.error(
                "stopped by \(name) after the new site was published: a run stopped before it was recorded "
                    + "has the next one report its changes again")
            _exit(ExitStatus.partial.rawValue)
        }
        _exit(ExitStatus.signalled(number).rawValue)
    }

    static func name(of number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }

    /// For the run that met `PublishError.interrupted`: the handler is removing the staging
    /// folder and ends the process; returning first would exit with 1 and leave it half removed.
    func awaitExit() -> Never {
        while true { pause() }
    }
}
