import Foundation
import RepodigestConfiguration
import SiteRenderer
import Testing
import UseCases

@testable import BuildPipeline

/// What the settings hand the use case besides the configuration: GitHub's website of the
/// API read.
@Suite struct DigestRequestTests {
    static func settings(_ origin: BuildPipeline.Settings.Origin) throws -> BuildPipeline.Settings {
        let text = "title = \"t\"\n"
        return BuildPipeline.Settings(
            configuration: try Configuration(toml: text, source: "repodigest.toml"),
            configurationBytes: Data(text.utf8), theme: try Theme.builtIn("default"),
            output: FileManager.default.temporaryDirectory.appending(path: "unused-\(UUID().uuidString)"),
            stateDirectory: nil, origin: origin, shapingOptions: "test", program: "test", sourceDateEpoch: nil)
    }

    static func github(_ apiURL: String) -> BuildPipeline.Settings.Origin {
        .github(.init(apiURL: apiURL, token: nil, offline: true, userAgent: "test"))
    }

    @Test("the pages link the website of the API read: GitHub Enterprise's host, else github.com")
    func theWebsiteFollowsTheAPI() throws {
        #expect(
            try Self.settings(Self.github("https://ghe.example.com/api/v3")).digestRequest().0.gitHubWeb.origin
                == "https://ghe.example.com")
        #expect(try Self.settings(Self.github("https://api.github.com")).digestRequest().0.gitHubWeb == .gitHubCom)
        #expect(try Self.settings(.sample).digestRequest().0.gitHubWeb == .gitHubCom)
    }
}
