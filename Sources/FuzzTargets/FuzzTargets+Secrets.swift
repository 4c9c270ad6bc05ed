import Foundation
import GitHubData

extension FuzzTargets {
    static let fuzzSecret = "ghp_Fz9"

    /// Any bytes as an answer from a server that knows the token: after redaction the
    /// secret is nowhere, neither raw nor spelled in a JSON string; valid JSON stays valid;
    /// bytes with neither the secret nor a backslash are untouched; redacting twice changes
    /// nothing more.
    @Sendable public static func redactor(_ bytes: [UInt8]) {
        let redactor = Redactor(secrets: [fuzzSecret])
        let input = Data(bytes)
        let output = redactor(input)
        precondition(output.range(of: Data(fuzzSecret.utf8)) == nil, "the secret survived raw")
        if input.range(of: Data(fuzzSecret.utf8)) == nil && !input.contains(UInt8(ascii: "\\")) {
            precondition(output == input, "bytes without the secret were changed")
        }
        precondition(redactor(output) == output, "redaction is not stable")
        let valid = try? JSONSerialization.jsonObject(with: input, options: .fragmentsAllowed)
        guard valid != nil else { return }
        guard let decoded = try? JSONSerialization.jsonObject(with: output, options: .fragmentsAllowed) else {
            preconditionFailure("valid JSON became invalid")
        }
        precondition(
            !strings(in: decoded).contains { $0.contains(fuzzSecret) }, "a JSON string still spells the secret")
    }

    /// Any text as `Retry-After` and `X-RateLimit-Reset`: never a trap, and a wait (or a
    /// reset) that is finite, not negative, and no farther than a run can plan.
    @Sendable public static func retryAfter(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        if let wait = RateLimitHeaderValue.retryAfter(text, now: now) {
            precondition(wait.isFinite && (0...RateLimitHeaderValue.farthest).contains(wait), "wait \(wait)")
            _ = Duration.seconds(wait)
        }
        if let reset = RateLimitHeaderValue.reset(text, now: now) {
            precondition(
                reset.timeIntervalSince1970.isFinite && reset <= now.addingTimeInterval(RateLimitHeaderValue.farthest))
        }
    }

    /// Every string a decoded JSON value holds, keys included.
    private static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let array as [Any]: return array.flatMap(strings)
        case let object as [String: Any]: return object.keys.map { $0 } + object.values.flatMap(strings)
        default: return []
        }
    }
}
