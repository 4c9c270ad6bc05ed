internal import ArgumentParser
import BuildPipeline
import GitHubData
import RepodigestConfiguration
import SiteRenderer
import UseCases

extension Console {
    /// Says what went wrong (every finding, for a site that failed validation), and gives the
    /// exit code for it.
    func fail(_ error: any Error) -> ExitCode {
        let findings = Self.findings(in: error)
        if format == .json, let mistake = ((error as? BuildFailure)?.underlying ?? error) as? ConfigurationError {
            // The file (or variable, or option) at fault and its place as fields, as a finding's.
            var fields: [String: any Sendable] = ["file": mistake.source]
            if let line = mistake.line { fields["line"] = line }
            if let column = mistake.column { fields["column"] = column }
            self.error(mistake.description, fields: fields)
            return ExitStatus.code(for: error)
        }
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
