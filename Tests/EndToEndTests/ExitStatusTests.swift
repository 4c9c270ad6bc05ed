import BuildPipeline
import GitHubData
import RepodigestConfiguration
import SiteRenderer
import Testing
import UseCases

@testable import repodigest

/// The one place exit codes are decided: every error any command meets, however wrapped.
@Suite struct ExitStatusTests {
    @Test("each kind of error gets the README's code, through any wrapping")
    func codes() {
        let invalid = InvalidSite(findings: [], output: "site")
        #expect(ExitStatus.code(for: BuildFailure(step: .publish, underlying: invalid)) == ExitStatus.invalidOutput)
        #expect(
            ExitStatus.code(for: BuildFailure(step: .lock, underlying: RunLockError.held(path: "l", pid: 1)))
                == ExitStatus.locked)
        #expect(ExitStatus.code(for: RunLockError.unusable(path: "l", reason: "r")) == ExitStatus.failure)
        #expect(ExitStatus.code(for: ConfigurationError(source: "x", message: "y")) == ExitStatus.failure)
        #expect(
            ExitStatus.code(for: BuildFailure(step: .publish, underlying: PublishError.unsafePath("../x")))
                == ExitStatus.failure)
        #expect(ExitStatus.code(for: ExitStatus.partial) == ExitStatus.partial)
    }

    @Test("a failed build prints the first 500 findings for people, every one for a log collector")
    func findingsShown() {
        let findings = (1...600).map {
            Finding(file: "index.html", line: $0, column: 1, rule: "broken-link", message: "x")
        }
        let failure = BuildFailure(step: .publish, underlying: InvalidSite(findings: findings, output: "site"))
        let people = Console.failureLines(failure)
        #expect(people.count == 502 && people[500] == "… and 100 more finding(s), not shown")
        #expect(Console.failureLines(failure, every: true).count == 601)
    }

    @Test(
        "a command line that is wrong exits 1, as the README says, not ArgumentParser's 64",
        arguments: [["build", "--bogus"], ["build", "--log-format", "xml"], ["nope"], ["validate"]])
    func aWrongCommandLineExitsOne(arguments: [String]) throws {
        let outcome = try RepodigestProcess.run(arguments)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(!outcome.standardError.isEmpty)
    }
}
