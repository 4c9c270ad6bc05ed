import PageModels
import SiteRenderer

@testable import UseCases

/// The built-in English catalogue, as a build without `language` hands it to the translators:
/// the texts these tests expect are its.
extension DisplayFormat {
    static let english = DisplayFormat(.english)
}

extension BuildDigest.Request {
    /// This request, in English.
    var english: Self {
        var request = self
        request.phrasebook = .english
        return request
    }
}
