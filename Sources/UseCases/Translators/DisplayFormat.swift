import Foundation
import PageModels

/// How numbers, dates and counted words read on every page, in the site's language: the
/// patterns come from its catalogue (`format.*`, `count.*`), the arithmetic is here. Always
/// UTC and never the machine's locale, so the same data renders the same bytes anywhere.
struct DisplayFormat: Sendable {
    var phrasebook: Phrasebook
    private let months: [String]
    /// `format.day`, looked up once.
    private let dayTemplate: String
    /// Compact counts: a unit for each power of `step` (1,000 and k, M; 10,000 and 万, 億).
    private let step: Int
    private let units: [String]
    private let groupSeparator: String
    private let decimalSeparator: String

    init(_ phrasebook: Phrasebook) {
        self.phrasebook = phrasebook
        let entries = phrasebook.entries
        months = (1...12).map { entries["format.month.\($0)"] ?? String($0) }
        dayTemplate = entries["format.day"] ?? "format.day"
        step = entries["format.compact_step"].flatMap { Int($0) }.flatMap { $0 > 1 ? $0 : nil } ?? 1_000
        units = (entries["format.compact_units"] ?? "").split(separator: " ").map(String.init)
        groupSeparator = entries["format.group_separator"] ?? ","
        decimalSeparator = entries["format.decimal_separator"] ?? "."
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The catalogue's text for `key`, its placeholders filled.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        phrasebook.text(key, values)
    }

    /// The catalogue's text for `key`, its one placeholder `name` filled.
    func text(_ key: String, _ name: String, _ value: String) -> String {
        phrasebook.text(key, name, value)
    }

    /// "1 repository", "42 repositories", "リポジトリ 42 件": `count.KEY` in its plural form.
    func count(_ value: Int, _ key: String) -> String {
        phrasebook.text("count." + key, count: value, countText: grouped(value))
    }

    /// Compact counts as GitHub shows them: 999, 1.2k, 12.3k, 123k, 1.2M (in Japanese 9,999,
    /// 1.2万, 123万, 1.2億), rounded to the nearest (1,990 reads "2k", not "1.9k", which
    /// would understate it by 90). The unit is chosen after rounding, so 999,600 reads "1M"
    /// rather than "1000k". Every number shown is a count, never below zero (see `shown`).
    func compact(_ value: Int) -> String {
        let value = Self.shown(value)
        guard value >= step, !units.isEmpty else { return grouped(value) }
        var base = Double(step)
        for (index, unit) in units.enumerated() {
            let scaled = Double(value) / base
            if index == units.count - 1 || scaled < 99.95 { return trimmed(scaled) + unit }
            if scaled.rounded() < Double(step) { return String(Int(scaled.rounded())) + unit }
            base *= Double(step)
        }
        return grouped(value)
    }

    /// Full counts with thousands separators: 12,345.
    func grouped(_ value: Int) -> String {
        Phrasebook.grouped(Self.shown(value), separator: groupSeparator)
    }

    /// The count as shown: stars, forks, sizes, list lengths and ages are never negative, and
    /// the data layer clamps what GitHub sends. A negative that still arrives (a history
    /// written by an older version) reads as 0, never as "-5", and never traps as `abs` of
    /// `Int.min` would.
    static func shown(_ value: Int) -> Int {
        max(0, value)
    }

    /// "20 Nov 2026", "2026年11月20日".
    func day(_ date: Date) -> String {
        let parts = Self.utcDay(of: date)
        // Some 30,000 a build at 10,000 repositories: filled without a dictionary of the parts.
        return Phrasebook.fill(dayTemplate) { name in
            switch name {
            case "day": String(parts.day)
            case "month": months[parts.month - 1]
            case "year": String(parts.year)
            default: nil
            }
        }
    }

    /// The date's day in UTC. From 1970 to 9999 by arithmetic on the days since 1970 (Howard
    /// Hinnant's `civil_from_days`, the Gregorian calendar `calendar` also is then): a site of
    /// 10,000 repositories formats some 30,000 days, and `Calendar` made that a tenth of
    /// translating. Any other date, as a garbled cache could hold, goes through `calendar`.
    static func utcDay(of date: Date) -> (year: Int, month: Int, day: Int) {
        // From the reference date (2001) that `Date` keeps, floored to whole seconds: the time
        // since 1970 adds 978,307,200 and can round a moment before midnight up into the next day.
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds >= -978_307_200, seconds < 252_423_993_600 else {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return (parts.year!, parts.month!, parts.day!)
        }
        let whole = Int(seconds.rounded(.down))
        let days = (whole >= 0 ? whole : whole - 86_399) / 86_400 + 11_323  // since 1 January 1970
        let shifted = days + 719_468  // days since 1 March of the year 0
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// "20 Nov 2026, 09:12 UTC", "2026年11月20日 09:12 UTC".
    func minute(_ date: Date) -> String {
        let parts = Self.calendar.dateComponents([.hour, .minute], from: date)
        return text(
            "format.minute",
            ["date": day(date), "hour": Self.twoDigits(parts.hour!), "minute": Self.twoDigits(parts.minute!)])
    }

    /// "2026-11-20T09:12:44Z".
    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Sizes of files: "812 bytes", "12.3 KB", "10.4 MB" (powers of 1,000, as GitHub shows them).
    func bytes(_ value: Int) -> String {
        switch Self.shown(value) {
        case ..<1_000: return phrasebook.text("format.bytes", count: value, countText: grouped(value))
        case ..<1_000_000: return text("format.kilobytes", ["size": trimmed(Double(value) / 1_000)])
        default: return text("format.megabytes", ["size": trimmed(Double(value) / 1_000_000)])
        }
    }

    /// One decimal, as the language writes it: "5.9".
    func decimal(_ value: Double) -> String {
        String(format: "%.1f", value).replacingOccurrences(of: ".", with: decimalSeparator)
    }

    /// One decimal, rounded to the nearest, without a trailing ".0".
    private func trimmed(_ value: Double) -> String {
        // In tenths, as an integer: two counts of every card, with no Foundation string search.
        // Past 2^53 tenths a Double holds no fraction (and past 2^63 no Int holds them).
        guard value * 10 < 0x1p53 else { return String(Int(value.rounded())) }
        let tenths = Int((value * 10).rounded())
        guard tenths % 10 != 0 else { return String(tenths / 10) }
        return String(tenths / 10) + decimalSeparator + String(tenths % 10)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
