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
    /// repository's releases or README no run had fetched yet, left out), or something
    /// after the publish failed (tidying the old build, recording the run).
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

extension Console {
    /// Says what went wrong (every finding, for a site that failed validation), and gives the
    /// exit code for it.
    func fail(_ error: any Error) -> ExitCode {
        let findings = Self.findings(in: error)
        guard format == .json, !findings.isEmpty else {
            Self.failureLines(error, every: format == .json).forEach { self.error($0) }
            return ExitStatus.code(for: error)
        }
        // A log collector gets each finding's parts as fields, to sort and count by.
        for finding in findings {
            var fields: [String: any Sendable] = [
                "file": finding.file, "line": finding.line, "column": finding.column, "rule": finding.rule,
            ]
            if let origin = finding.origin { fields["origin"] = origin }
            if let origin = finding.holderOrigin { fields["holder_origin"] = origin }
            self.error(finding.description, fields: fields)
        }
        Self.failureLines(error, every: true).dropFirst(findings.count).forEach { self.error($0) }
        return ExitStatus.code(for: error)
    }

    /// What `fail` says about an error, a line each: the findings of a site that failed
    /// validation (`folded`, the first `shownFindings` lines; or `every` one), then the error.
    static func failureLines(_ error: any Error, every: Bool = false) -> [String] {
        let underlying = (error as? BuildFailure)?.underlying ?? error
        let findings = Self.findings(in: error)
        var lines = every ? findings.map(\.description) : shown(folded(findings))
        if !(underlying is ExitCode) { lines.append("\(underlying)") }
        return lines
    }

    /// The findings of a site that failed validation, through a `BuildFailure`; none for another error.
    static func findings(in error: any Error) -> [Finding] {
        (((error as? BuildFailure)?.underlying ?? error) as? InvalidSite)?.findings ?? []
    }

    /// How many findings are printed for people: a page with 300,000 broken links printed
    /// 300,000 lines, which reach someone as a mail from cron. The count of them all is said
    /// after. A log collector (`--log-format json`) gets every one.
    static let shownFindings = 500

    /// How many findings of one rule and message are printed for people before the rest are
    /// counted in one line: a theme's mistake in `card` is the same finding on every page
    /// that shows a card, hundreds of them, which would hide every other.
    static let shownAlike = 3

    /// The findings, each kind (`Finding.kind`: its rule and message) at most `shownAlike`
    /// times, then a line for each that came more often, saying how many more; each file's
    /// path after `prefix`.
    static func folded(_ findings: [Finding], prefix: String = "") -> [String] {
        func key(_ finding: Finding) -> String { finding.kind }
        var seen: [String: Int] = [:]
        var lines: [String] = []
        var often: [Finding] = []
        for finding in findings {
            let count = seen[key(finding), default: 0] + 1
            seen[key(finding)] = count
            if count <= shownAlike { lines.append(prefix + finding.description) }
            if count == shownAlike + 1 { often.append(finding) }
        }
        for finding in often {
            let more = seen[key(finding), default: 0] - shownAlike
            lines.append("… and \(more) more like it: \(finding.message) [\(finding.rule)]")
        }
        return lines
    }

    /// The first `shownFindings` of `findings`, and a line saying how many more there are;
    /// all of them when `every`.
    static func shown(_ findings: [String], every: Bool = false) -> [String] {
        guard !every, findings.count > shownFindings else { return findings }
        return Array(findings.prefix(shownFindings))
            + ["… and \(findings.count - shownFindings) more finding(s), not shown"]
    }
}
