public import Foundation
public import SiteRenderer

/// Why a build stopped, and at which step. Nothing is published by a build that fails: every
/// step before `publish` leaves the output as it was, and `publish` only swaps in a complete,
/// checked site (a problem after the swap is `Published.problems`, not a failure).
public struct BuildFailure: Error, CustomStringConvertible {
    public enum Step: String, Sendable {
        case lock = "taking the run lock"
        case gather = "gathering"
        case decide = "deciding whether anything changed"
        case digest = "building the digest"
        case publish = "rendering and publishing"
    }

    public var step: Step
    /// The error the step met: each layer's own (`ConfigurationError`, `GitHubDataError`,
    /// `UseCaseFailure`, `PublishError`, `InvalidSite`, …), each with a message for people.
    public var underlying: any Error

    public init(step: Step, underlying: any Error) {
        self.step = step
        self.underlying = underlying
    }

    /// The underlying message: each already names the resource, file or value at fault.
    public var description: String { "\(underlying)" }
}

/// Some file of the site failed validation: nothing was published.
public struct InvalidSite: Error, CustomStringConvertible {
    public var findings: [Finding]
    public var output: String

    public init(findings: [Finding], output: String) {
        self.findings = findings
        self.output = output
    }

    public var description: String {
        "\(findings.count) finding(s): nothing was published; \(output) is unchanged"
    }
}

/// What a build that did not fail did.
public enum BuildOutcome: Sendable {
    /// Nothing changed since the published build: not one file touched, no run recorded.
    case upToDate(index: URL)
    case published(Published)
}

/// A published build.
public struct Published: Sendable {
    public var report: SiteWriter.Report
    public var files: Int
    public var index: URL
    /// Sources that failed and whose previous data was kept (their pages say so).
    public var staleSources = 0
    /// What went wrong after the site was published (tidying the old build, recording the run).
    public var problems: [String] = []
    /// What the run should warn about that is no failure (leftovers left alone, files kept).
    public var warnings: [String] = []

    public init(report: SiteWriter.Report, files: Int, index: URL) {
        self.report = report
        self.files = files
        self.index = index
        if let problem = report.problem { problems.append(problem) }
        warnings = report.notes
    }
}
