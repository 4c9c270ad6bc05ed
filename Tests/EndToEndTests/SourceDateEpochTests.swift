import Foundation
import Testing

/// `SOURCE_DATE_EPOCH` is data too: a time past what a date can be written as (and, at
/// Int64.max, past what converts back to an Int) is a usage error, never a crash.
@Suite struct SourceDateEpochTests {
    @Test(
        "SOURCE_DATE_EPOCH past the year 9999 is refused with exit 1, naming the variable",
        arguments: ["9223372036854775807", "253402300800"])
    func tooLate(_ epoch: String) throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run(
            ["build", "--sample", "--output", folder.url.appending(path: "site").path],
            environment: ["SOURCE_DATE_EPOCH": epoch], in: folder.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("SOURCE_DATE_EPOCH"), "\(outcome.standardError)")
    }

    @Test("SOURCE_DATE_EPOCH set to nothing is unset, as CI systems that export every variable mean it")
    func emptyIsUnset() throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run(
            ["build", "--sample", "--output", folder.url.appending(path: "site").path],
            environment: ["SOURCE_DATE_EPOCH": ""], in: folder.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }
}
