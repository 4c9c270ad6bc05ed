import BuildPipeline
import Foundation

/// A build's events on the console: messages as log lines, the writing phase as a bar on a
/// terminal.
///
/// `REPODIGEST_TEST_WRITE_DELAY_MS` is a seam for the kill tests only (undocumented): a
/// pause after each file, so that a `kill -9` can land in the middle of a build that is
/// otherwise written in milliseconds.
struct ConsoleEvents: BuildEvents, @unchecked Sendable {
    // @unchecked: the bar is touched only from `writing`, which the build calls from one
    // thread at a time, and from `writingFinished` after the last of those calls.
    let console: Console
    private let bar: ProgressBar?
    private let pause: UInt32?

    init(_ console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.console = console
        bar = console.progress("Writing")
        pause = environment["REPODIGEST_TEST_WRITE_DELAY_MS"].flatMap(UInt32.init).map { $0 * 1000 }
    }

    func info(_ message: String, fields: [String: any Sendable]) { console.info(message, fields: fields) }
    func warning(_ message: String) { console.warning(message) }

    func writing(_ done: Int, of total: Int) {
        bar?.update(done, of: total)
        if let pause { usleep(pause) }
    }

    func writingFinished() { bar?.finish() }
}
