public import Foundation

/// Takes the token's value out of whatever a server or a message could carry it in: a
/// server that reflects the `Authorization` header into an error message, a description or
/// a README must not get it printed, cached or published. Built from the token itself, so
/// it knows nothing else and costs nothing without one.
public struct Redactor: Sendable, Hashable {
    /// What stands where the value was.
    public static let replacement = "[redacted]"

    private let secrets: [String]

    /// - Parameter secrets: the values to hide; empty or nil ones are ignored.
    public init(secrets: [String?]) {
        // Longest first, so a secret that contains another is replaced whole.
        self.secrets = Array(Set(secrets.compactMap { $0 }.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    public static let none = Redactor(secrets: [])

    /// Whether a secret holds a character that a JSON escape other than `\u` stands for and
    /// `JSONStringLiterals` reads: `"`, `\` or `/` (what answers are redacted of is the token,
    /// visible ASCII only (`GitHubToken`), so no control character's escape can spell it).
    private var escapable: Bool {
        secrets.contains { $0.utf8.contains { "\"\\/".utf8.contains($0) } }
    }

    public var isEmpty: Bool { secrets.isEmpty }

    /// Whether the bytes spell a secret as they are (no escapes to undo).
    func appears(in data: Data) -> Bool {
        secrets.contains { Self.holds(data, $0) }
    }

    /// `text` with every secret replaced.
    public func callAsFunction(_ text: String) -> String {
        var text = text
        for secret in secrets where Self.holds(text.utf8, secret) {
            text = text.replacingOccurrences(of: secret, with: Self.replacement)
        }
        return text
    }

    /// A body as it arrived, with every secret replaced: as raw bytes, and inside any JSON
    /// string literal that spells one with escapes (`\u0067hp_…`), which a decoder would
    /// turn back into the secret.
    public func callAsFunction(_ data: Data) -> Data {
        guard !secrets.isEmpty else { return data }
        var data = data
        for secret in secrets {
            let bytes = Data(secret.utf8)
            guard Self.holds(data, secret) else { continue }
            data = Self.replacing(bytes, in: data, with: Data(Self.replacement.utf8))
        }
        // Past the raw bytes, a literal spells a secret only through an escape that stands for
        // one of its characters: `\u` for any, `\"`, `\\` and `\/` for one each.
        guard data.contains(UInt8(ascii: "\\")), escapable || Self.holds(data, "\\u") else { return data }
        return JSONStringLiterals.rewrite(data) { literal in
            let plain = JSONStringLiterals.spelled(literal)
            guard secrets.contains(where: { plain.range(of: Data($0.utf8)) != nil }) else { return nil }
            return redactedLiteral(literal)
        }
    }

    /// The literal decoded, redacted and encoded again; a literal too broken to decode is
    /// replaced whole, since what it spells cannot be told apart from the secret.
    private func redactedLiteral(_ literal: Data) -> Data {
        guard let text = try? JSONDecoder().decode(String.self, from: literal),
            let encoded = try? JSONEncoder().encode(self(text))
        else { return Data("\"\(Self.replacement)\"".utf8) }
        return encoded
    }

    /// Whether the bytes hold the secret's UTF-8 anywhere, by `memchr` and `memcmp`: every
    /// README and answer is searched for every secret, and Foundation's searches cost a tenth
    /// of a run that found nothing changed.
    static func holds<Bytes: Sequence<UInt8>>(_ bytes: Bytes, _ secret: String) -> Bool {
        var secret = secret
        return secret.withUTF8 { needle in
            bytes.withContiguousStorageIfAvailable { find(needle, in: $0) }
                ?? Array(bytes).withUnsafeBufferPointer { find(needle, in: $0) }
        }
    }

    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let needleStart = needle.baseAddress else { return true }
        guard needle.count <= haystack.count, let base = haystack.baseAddress else { return false }
        var start = base
        let end = base + (haystack.count - needle.count + 1)
        while start < end, let hit = memchr(start, Int32(first), end - start) {
            let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, needleStart, needle.count) == 0 { return true }
            start = candidate + 1
        }
        return false
    }

    private static func replacing(_ target: Data, in data: Data, with replacement: Data) -> Data {
        var result = Data()
        result.reserveCapacity(data.count)
        var start = data.startIndex
        while let range = data.range(of: target, in: start..<data.endIndex) {
            result += data[start..<range.lowerBound]
            result += replacement
            start = range.upperBound
        }
        result += data[start..<data.endIndex]
        return result
    }
}
