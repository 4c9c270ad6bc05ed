internal import ArgumentParser
import BuildPipeline
import GitHubData
import RepodigestConfiguration
import SiteRenderer
import UseCases

/// The exit codes of the README, the contract with cron and scripts.
enum ExitStatus {
    /// Published, or up to date.
    static let success = ExitCode(0)
    /// Nothing published: a usage or configuration error, a source failed with nothing cached
    /// to fall back on, the network or the disk failed, or the output cannot be written.
    static let failure = ExitCode(1)
    /// Published, but some sources failed and their previous data was kept (or, for a
    /// repository's releases or README no run had fetched yet, left out; or, for a list whose
    /// `Link` led back to a page already read or to no address, shown as far as it was read),
    /// or something after the publish failed (tidying the old build, recording the run).
    static let partial = ExitCode(2)
    /// Nothing published: authentication failed or the rate limit is spent.
    static let refusedByGitHub = ExitCode(3)
    /// Nothing published: the output failed validation.
    static let invalidOutput = ExitCode(4)
    /// Another run holds the lock.
    static let locked = ExitCode(75)
    /// What ArgumentParser ends a command line it refuses with (sysexits' `EX_USAGE`); the
    /// README has one code for input to fix, so `Repodigest.main` turns it into `failure`.
    static let argumentParserUsage = ExitCode(64)

    /// Stopped by a signal before anything was published: 130 for SIGINT, 143 for SIGTERM,
    /// as a shell reports a process the signal ended.
    static func signalled(_ number: Int32) -> ExitCode { ExitCode(128 + number) }

    /// The exit code for an error any command met: the one place that decides it.
    static func code(for error: any Error) -> ExitCode {
        switch error {
        case let code as ExitCode: code
        case let failure as BuildFailure: code(for: failure.underlying)
        case let failure as UseCaseFailure: code(for: failure.underlying)
        case let error as GitHubDataError: error.isAuthenticationOrRateLimit ? refusedByGitHub : failure
        case let error as RunLockError: if case .held = error { locked } else { failure }
        case is InvalidSite: invalidOutput
        default: failure
        }
    }
}
