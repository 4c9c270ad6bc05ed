import Foundation
import RepodigestConfiguration
import UseCases

/// The build's "now": the system time, or `SOURCE_DATE_EPOCH` when set, so that two builds
/// of the same data are byte-identical (https://reproducible-builds.org/specs/source-date-epoch/).
struct SystemClock: Clock {
    private let fixed: Date?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError) {
        guard let text = Self.sourceDateEpoch(in: environment) else {
            fixed = nil
            return
        }
        guard let seconds = Int64(text), (0...Self.latest).contains(seconds) else {
            throw ConfigurationError(
                source: "SOURCE_DATE_EPOCH",
                message:
                    "'\(text)' is not a whole number of seconds since 1970, up to \(Self.latest) (the end of year 9999)"
            )
        }
        fixed = Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// 9999-12-31T23:59:59Z. Later dates have no four-digit year to be written in, and past
    /// 2^63 seconds (as a Double) a change's id would trap converting the time to an Int.
    static let latest: Int64 = 253_402_300_799

    var now: Date { fixed ?? Date() }

    /// `SOURCE_DATE_EPOCH` as set; nil when unset or set to nothing, as CI systems that
    /// export every variable (`SOURCE_DATE_EPOCH=`) mean it.
    static func sourceDateEpoch(in environment: [String: String]) -> String? {
        environment["SOURCE_DATE_EPOCH"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
