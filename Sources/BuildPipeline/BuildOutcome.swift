public import Foundation
public import SiteRenderer

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
    /// Sources that failed and whose previous data was kept, or, with none, were left out
    /// (their pages say so).
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
