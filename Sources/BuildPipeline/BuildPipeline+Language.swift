import RepodigestConfiguration
import SiteRenderer
import UseCases

extension BuildPipeline.Settings {
    /// Puts the catalogue of the configuration's `language` (the built-in one, under the
    /// theme line's own) into `request`, for the translators and through the site to the
    /// templates; returns what the catalogues lack, as warnings. A language with no catalogue
    /// is an error at the configuration's `language` line, naming the languages there are; a
    /// broken catalogue names its file and key.
    func applyLanguage(to request: inout BuildDigest.Request) throws(ConfigurationError) -> [String] {
        do {
            let (phrasebook, warnings) = try theme.phrasebook(language: configuration.language)
            request.phrasebook = phrasebook
            return warnings
        } catch .unknownLanguage(let language, let available) {
            throw ConfigurationError(
                source: configuration.languageSource, line: configuration.languageLine,
                column: configuration.languageLine.map { _ in 1 },
                message: "language: \(LocaleError.unknownLanguage(language, available: available))")
        } catch {
            throw ConfigurationError(source: "theme '\(theme.name)'", message: error.description)
        }
    }

    /// The same, only to know that it can be done, before the build touches anything.
    var languageProblem: ConfigurationError? {
        var request = configuration.digestRequest
        do {
            _ = try applyLanguage(to: &request)
            return nil
        } catch {
            return error
        }
    }
}
