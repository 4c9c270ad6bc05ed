import RepodigestConfiguration
import Testing
import UseCases

/// `details_refresh_days` (how often unchanged repositories are asked again) and
/// `full_refresh_days`, which no longer does anything but is still accepted.
@Suite struct DetailsRefreshDaysTests {
    @Test("details_refresh_days reaches the build request; 7 when the file says nothing")
    func reachesTheRequest() throws {
        #expect(
            try Configuration(toml: "", source: "repodigest.toml").digestRequest.detailRefresh == DetailRefresh(days: 7)
        )
        let configuration = try Configuration(toml: "[digest]\ndetails_refresh_days = 30\n", source: "repodigest.toml")
        #expect(configuration.digestRequest.detailRefresh == DetailRefresh(days: 30))
        #expect(configuration.warnings.isEmpty)
    }

    @Test(
        "details_refresh_days outside 1 to 365 is an error naming the key, its line and the value",
        arguments: [0, -3, 366])
    func isBounded(days: Int) {
        #expect(
            throws: ConfigurationError(
                source: "repodigest.toml", line: 3, column: 1,
                message: "'digest.details_refresh_days' must be between 1 and 365, found \(days)"
            )
        ) {
            try Configuration(
                toml: "[digest]\nstarred_by = [\"mona\"]\ndetails_refresh_days = \(days)\n", source: "repodigest.toml")
        }
    }

    @Test("full_refresh_days is accepted with a warning at its line that says what to do")
    func fullRefreshDaysWarns() throws {
        let configuration = try Configuration(toml: "[digest]\nfull_refresh_days = 7\n", source: "repodigest.toml")
        #expect(configuration.warnings.count == 1)
        let warning = try #require(configuration.warnings.first)
        #expect(warning.hasPrefix("repodigest.toml:2:1: full_refresh_days no longer does anything"), "\(warning)")
        #expect(warning.contains("remove it") && warning.contains("details_refresh_days"))
    }

    @Test("the starter configuration sets details_refresh_days, not full_refresh_days, and parses without a warning")
    func starter() throws {
        #expect(Configuration.starter.contains("details_refresh_days = 7"))
        #expect(!Configuration.starter.contains("full_refresh_days"))
        #expect(
            Configuration.starter.hasSuffix("\"digest\"\n"), "a line break at its end: `echo KEY >> FILE` adds a line")
        #expect(try Configuration(toml: Configuration.starter, source: "repodigest.toml").warnings.isEmpty)
    }
}
