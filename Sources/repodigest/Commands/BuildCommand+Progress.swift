import Foundation

extension BuildCommand {
    /// What hears the writer after each staged file: the terminal's bar, if any.
    ///
    /// `REPODIGEST_TEST_WRITE_DELAY_MS` is a seam for the kill tests only (undocumented): a
    /// pause after each file, so that a `kill -9` can land in the middle of a build that is
    /// otherwise written in milliseconds.
    static func writeProgress(
        _ bar: ProgressBar?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (Int, Int) -> Void {
        let pause = environment["REPODIGEST_TEST_WRITE_DELAY_MS"].flatMap(UInt32.init).map { $0 * 1000 }
        return { done, total in
            bar?.update(done, of: total)
            if let pause { usleep(pause) }
        }
    }
}
