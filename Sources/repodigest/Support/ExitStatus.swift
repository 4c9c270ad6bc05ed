internal import ArgumentParser

/// The exit codes of ARCHITECTURE.md, the contract with cron and scripts.
enum ExitStatus {
    /// Published.
    static let published = ExitCode(0)
    /// Usage or configuration error; nothing touched.
    static let usage = ExitCode(1)
    /// Published, but some sources failed and their previous data was kept.
    static let partial = ExitCode(2)
    /// Nothing published: authentication failed or the rate limit is spent.
    static let unauthorised = ExitCode(3)
    /// Nothing published: the output failed validation.
    static let invalidOutput = ExitCode(4)
    /// Another run holds the lock.
    static let locked = ExitCode(75)
}
