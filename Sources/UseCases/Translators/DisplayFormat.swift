import Foundation

/// How numbers and dates read on every page. Fixed to English and UTC, so the same data
/// always renders the same bytes, whatever the machine's locale or time zone.
enum DisplayFormat {
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Compact counts as GitHub shows them: 999, 1.2k, 12.3k, 123k, 1.2M, rounded to the
    /// nearest (1,990 reads "2k", not "1.9k", which would understate it by 90). The unit is
    /// chosen after rounding, so 999,600 reads "1M" rather than "1000k". Every number shown
    /// is a count, never below zero (see `shown`).
    static func compact(_ value: Int) -> String {
        let value = shown(value)
        if value < 1_000 { return String(value) }
        let thousands = Double(value) / 1_000
        if thousands < 99.95 { return trimmed(thousands) + "k" }
        if thousands.rounded() < 1_000 { return String(Int(thousands.rounded())) + "k" }
        return trimmed(Double(value) / 1_000_000) + "M"
    }

    /// Full counts with thousands separators: 12,345.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(shown(value)))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// The count as shown: stars, forks, sizes, list lengths and ages are never negative, and
    /// the data layer clamps what GitHub sends. A negative that still arrives (a history
    /// written by an older version) reads as 0, never as "-5", and never traps as `abs` of
    /// `Int.min` would.
    static func shown(_ value: Int) -> Int {
        max(0, value)
    }

    /// "20 Nov 2026".
    static func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(parts.day!) \(months[parts.month! - 1]) \(parts.year!)"
    }

    /// "20 Nov 2026, 09:12 UTC".
    static func minute(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return day(date) + ", " + twoDigits(parts.hour!) + ":" + twoDigits(parts.minute!) + " UTC"
    }

    /// "2026-11-20T09:12:44Z".
    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Sizes of files: "812 bytes", "12.3 KB", "10.4 MB" (powers of 1,000, as GitHub shows them).
    static func bytes(_ value: Int) -> String {
        switch shown(value) {
        case ..<1_000: return count(value, "byte", "bytes")
        case ..<1_000_000: return trimmed(Double(value) / 1_000) + " KB"
        default: return trimmed(Double(value) / 1_000_000) + " MB"
        }
    }

    /// "1 repository", "42 repositories".
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }

    /// One decimal, rounded to the nearest, without a trailing ".0".
    private static func trimmed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
