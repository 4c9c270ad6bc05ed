import SiteRenderer
import UseCases

extension BuildDigest.Request {
    /// This request in the built-in English, as a build without `language` makes it.
    var english: Self {
        var request = self
        request.phrasebook = .english
        return request
    }
}
