import Foundation
import GitHubData
import RepodigestConfiguration
import SiteRenderer
import Testing

@testable import BuildPipeline

/// What the configuration says that still works but should change reaches the person running
/// the build as a warning, before anything is gathered.
@Suite struct ConfigurationWarningTests {
    @Test("full_refresh_days is warned about at its line, and --full asks for every repository's details")
    func fullRefreshDaysIsWarned() async throws {
        let text = SampleDataStore.configuration + "\nfull_refresh_days = 3\n"
        let configuration = try Configuration(toml: text, source: "repodigest.toml")
        var settings = BuildPipeline.Settings(
            configuration: configuration, configurationBytes: Data(text.utf8), theme: try Theme.builtIn("default"),
            output: FileManager.default.temporaryDirectory.appending(path: "unused-\(UUID().uuidString)"),
            stateDirectory: nil, origin: .sample, shapingOptions: "test", program: "test", sourceDateEpoch: nil)
        settings.fullRefresh = true
        let events = PipelineTests.Lines()
        let sources = try await BuildPipeline(settings: settings, events: events, clock: PipelineTests.Now())
            .openSources()
        let warning = try #require(events.all.first { $0.hasPrefix("warning: ") })
        #expect(warning.contains("full_refresh_days no longer does anything"), "\(warning)")
        #expect(sources.request.detailRefresh.everything)
    }

    @Test("a configuration that names no repository is built, and warned about: the site lists none")
    func noSourceIsWarned() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let text = "title = \"Nothing yet\"\n"
        let settings = BuildPipeline.Settings(
            configuration: try Configuration(toml: text, source: "repodigest.toml"),
            configurationBytes: Data(text.utf8),
            theme: try Theme.builtIn("default"), output: root.appending(path: "site"), stateDirectory: nil,
            origin: .sample, shapingOptions: "test", program: "test", sourceDateEpoch: nil)
        let events = PipelineTests.Lines()
        guard
            case .published = try await BuildPipeline(settings: settings, events: events, clock: PipelineTests.Now())
                .run()
        else {
            Issue.record("an empty site is still a site")
            return
        }
        let warnings = events.all.filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1 && warnings[0].contains("the configuration names no repositories"), "\(warnings)")
    }
}
