import Foundation
import RepodigestConfiguration
import UseCases

/// The build's "now": the system time, or `SOURCE_DATE_EPOCH` when set, so that two builds
/// of the same data are byte-identical (https://reproducible-builds.org/specs/source-date-epoch/).
struct SystemClock: Clock {
    private let fixed: Date?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError) {
        guard let text = environment["SOURCE_DATE_EPOCH"] else {
            fixed = nil
            return
        }
        guard let seconds = Int64(text), seconds >= 0 else {
            throw ConfigurationError(
                source: "SOURCE_DATE_EPOCH", message: "'\(text)' is not a whole number of seconds since 1970")
        }
        fixed = Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    var now: Date { fixed ?? Date() }
}
