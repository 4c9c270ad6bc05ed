public import Foundation

/// `Retry-After` and `X-RateLimit-Reset` read the safe way: a value from a server may be
/// huge, negative, fractional, not a number, or (for `Retry-After`) an HTTP date, and none
/// of that may overflow, trap or turn into an endless or negative wait. Public for the fuzz target.
public enum RateLimitHeaderValue {
    /// Farther than this is no plan a run can make; a value beyond it is read as this.
    public static let farthest: TimeInterval = 366 * 86_400

    /// How long `Retry-After` asks to wait from `now`: delay-seconds (RFC 9110 §10.2.3, digits
    /// only, at most `farthest`) or an HTTP date (a past one is no wait at all). Nil when
    /// the value is neither, so the caller falls back to the other signals.
    public static func retryAfter(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = digits(text) { return min(seconds, farthest) }
        guard let date = httpDate(text) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), farthest)
    }

    /// `X-RateLimit-Reset` (epoch seconds, digits only), no later than `farthest` from `now`.
    public static func reset(_ value: String, now: Date) -> Date? {
        guard let seconds = digits(value.trimmingCharacters(in: .whitespaces)) else { return nil }
        return min(Date(timeIntervalSince1970: seconds), now.addingTimeInterval(farthest))
    }

    /// A run of ASCII digits as a number, saturating instead of overflowing; nil for
    /// anything else (a sign, a fraction, an exponent, nothing at all).
    static func digits(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let significant = text.drop { $0 == "0" }
        guard significant.count <= 15 else { return .greatestFiniteMagnitude }
        return TimeInterval(Int(significant) ?? 0)
    }

    /// An IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`, the one form RFC 9110 lets a sender use.
    static func httpDate(_ text: String) -> Date? {
        guard text.utf8.count == 29 else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
