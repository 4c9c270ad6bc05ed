import RepodigestConfiguration
import SiteRenderer
import UseCases

extension BuildPipeline.Settings {
    /// What the configuration asks the use case to build, with the catalogue of its
    /// `language` (the built-in one, under the theme line's own) for the translators and
    /// through the site to the templates, and GitHub's website for the links the data gives
    /// no address of; and what the catalogues lack, as warnings. Read
    /// before the build touches anything: a language with no catalogue is an error at the
    /// configuration's `language` line, naming the languages there are; a broken catalogue
    /// names its file and key.
    func digestRequest() throws(ConfigurationError) -> (BuildDigest.Request, warnings: [String]) {
        var request = configuration.digestRequest
        // The pages link GitHub's website of the API read (`--api-url` or `api_url`); the
        // sample's is github.com.
        if case .github(let github) = origin { request.gitHubWeb = GitHubWeb(apiURL: github.apiURL) }
        do {
            let (phrasebook, warnings) = try theme.phrasebook(language: configuration.language)
            request.phrasebook = phrasebook
            return (request, theme.warnings + warnings)
        } catch .unknownLanguage(let language, let available) {
            throw ConfigurationError(
                source: configuration.languageSource, line: configuration.languageLine,
                column: configuration.languageLine.map { _ in 1 },
                message: "language: \(LocaleError.unknownLanguage(language, available: available))")
        } catch {
            throw ConfigurationError(source: "theme '\(theme.name)'", message: error.description)
        }
    }
}
