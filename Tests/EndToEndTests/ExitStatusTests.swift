import BuildPipeline
import Foundation
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
            Finding(file: "index.html", line: $0, column: 1, rule: "broken-link", message: "x\($0)")
        }
        let failure = BuildFailure(step: .publish, underlying: InvalidSite(findings: findings, output: "site"))
        let people = Console.failureLines(failure)
        #expect(people.count == 502 && people[500] == "… and 100 more finding(s), not shown")
        #expect(Console.failureLines(failure, every: true).count == 601)
    }

    @Test("one rule's same message on many pages (a theme's card) is printed three times, then counted")
    func alikeFindingsAreFolded() {
        let card = (1...257).map {
            Finding(file: "repos/o/r\($0).html", line: 40, column: 5, rule: "duplicate-id", message: "id 'card' twice")
        }
        let other = Finding(file: "zz.html", line: 1, column: 1, rule: "img-alt", message: "no alt")
        let failure = BuildFailure(step: .publish, underlying: InvalidSite(findings: card + [other], output: "site"))
        let lines = Console.failureLines(failure)
        #expect(
            lines == [
                "repos/o/r1.html:40:5: id 'card' twice [duplicate-id]",
                "repos/o/r2.html:40:5: id 'card' twice [duplicate-id]",
                "repos/o/r3.html:40:5: id 'card' twice [duplicate-id]", "zz.html:1:1: no alt [img-alt]",
                "… and 254 more like it: id 'card' twice [duplicate-id]",
                "258 finding(s): nothing was published; site is unchanged",
            ])
        #expect(Console.failureLines(failure, every: true).count == 259, "a log collector gets every one")
    }

    @Test("libxml2's line numbers inside a message do not make one template mistake many kinds")
    func lineNumbersInAMessageAreOneKind() {
        let mismatch = [44, 45, 54, 44].enumerated().map { index, line in
            Finding(
                file: "p\(index).html", line: line, column: 1, rule: "well-formed",
                message: "Opening and ending tag mismatch: b line \(line) and li")
        }
        let other = Finding(file: "q.html", line: 1, column: 1, rule: "misnested", message: "<h3> inside a <p>")
        let lines = Console.folded(mismatch + [other])
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.last == "… and 1 more like it: Opening and ending tag mismatch: b line 44 and li [well-formed]")
        #expect(Set(mismatch.map(\.kind)).count == 1 && other.kind != mismatch[0].kind)
    }

    @Test(
        "a command line that is wrong exits 1, as the README says, not ArgumentParser's 64",
        arguments: [["build", "--bogus"], ["build", "--log-format", "xml"], ["nope"], ["validate"]])
    func aWrongCommandLineExitsOne(arguments: [String]) throws {
        let outcome = try RepodigestProcess.run(arguments)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(!outcome.standardError.isEmpty)
    }

    @Test(
        "flags that contradict each other, or do nothing with --sample, are refused, not ignored",
        arguments: [
            (
                ["build", "--offline", "--full"],
                "--full asks GitHub again for every repository's details and --offline"
            ),
            (
                ["build", "--sample", "--api-url", "http://127.0.0.1:1"],
                "--api-url with --sample: the sample is bundled"
            ),
            (["serve", "--sample", "--offline"], "--offline with --sample"),
        ])
    func contradictoryFlagsAreRefused(arguments: [String], says: String) throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run(
            arguments + ["--output", "site", "--state-dir", "state"], in: folder.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(says), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing made")
    }
}
