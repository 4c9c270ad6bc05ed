public import SiteRenderer

/// Why a build stopped, and at which step (for the callers and tests that tell the steps
/// apart; the message printed is the underlying error's alone, which names what is at
/// fault). Nothing is published by a build that fails: every step before `publish` leaves
/// the output as it was, and `publish` only swaps in a complete, checked site (a problem
/// after the swap is `Published.problems`, not a failure).
public struct BuildFailure: Error, CustomStringConvertible {
    public enum Step: String, Sendable {
        case check = "checking the configuration"
        case lock = "taking the run lock"
        case output = "checking the output folder"
        case open = "opening the sources"
        case decide = "deciding whether anything changed"
        case digest = "fetching and translating"
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
