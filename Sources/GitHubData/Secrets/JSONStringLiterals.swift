import Foundation

/// The string literals of a JSON text, found without parsing the rest: enough to see what a
/// literal with escapes spells once decoded, and to replace it. Bytes outside literals, and
/// literals without a backslash, are never looked at twice.
enum JSONStringLiterals {
    /// `data` with each literal that holds an escape able to spell printable ASCII (`\uXXXX`,
    /// `\"`, `\\`, `\/`) passed to `transform` (quotes included); a non-nil answer takes the
    /// literal's place. The other escapes (`\n`, `\t`…) spell control characters, so what such
    /// a literal spells is its raw bytes cut at those: nothing to look at twice. (A README
    /// arrives as base64 with a `\n` every 60 characters: checking it byte by byte again cost
    /// half of a run that found nothing changed.) An unterminated literal is left as it is.
    static func rewrite(_ data: Data, _ transform: (Data) -> Data?) -> Data {
        let bytes = [UInt8](data)
        var result = Data()
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index
            var escaped = false
            index += 1
            while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") {
                    index += 1
                    if index < bytes.count, spellsASCII.contains(bytes[index]) { escaped = true }
                }
                index += 1
            }
            guard index < bytes.count else { break }
            index += 1
            if escaped, let replacement = transform(Data(bytes[start..<index])) {
                result += bytes[copied..<start]
                result += replacement
                copied = index
            }
        }
        guard copied > 0 else { return data }
        result += bytes[copied...]
        return result
    }

    /// The bytes after a backslash that make a printable ASCII character.
    private static let spellsASCII: Set<UInt8> = [
        UInt8(ascii: "u"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"),
    ]

    /// The ASCII a literal spells, its escapes resolved; anything an escape makes that is
    /// not ASCII becomes 0x1A, which no token holds. Quotes are not included.
    static func spelled(_ literal: Data) -> Data {
        let bytes = [UInt8](literal.dropFirst().dropLast())
        var plain: [UInt8] = []
        plain.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                plain.append(byte)
                continue
            }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "u"):
                let hex = bytes[index..<min(index + 4, bytes.count)]
                index += hex.count
                if hex.count == 4, let code = UInt8(String(decoding: hex, as: UTF8.self), radix: 16), code < 0x80 {
                    plain.append(code)
                } else {
                    plain.append(0x1A)
                }
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): plain.append(escape)
            default: plain.append(0x1A)
            }
        }
        return Data(plain)
    }
}
