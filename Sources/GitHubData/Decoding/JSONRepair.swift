package import Foundation

/// Mends the two things in valid JSON that Foundation's `JSONDecoder` refuses for the whole
/// document, before it sees them: a lone UTF-16 surrogate escape (`"\ud800"`), which RFC 8259
/// allows and Swift strings cannot hold, becomes `\ufffd` (U+FFFD); a number beyond a
/// Double's range (`1e400`) becomes the largest Double of its sign, which a count then clamps.
/// One stranger's description or star count would otherwise cost every repository on the page.
///
/// Each surrogate escape is replaced by one of the same length, so offsets in error messages
/// stay true. Bytes that are not JSON are left as they are, for the decoder to refuse.
package enum JSONRepair {
    /// The largest finite Double, written as JSON.
    static let largestNumber = Array("1.7976931348623157e308".utf8)

    package static func repaired(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = scanString(bytes, from: index + 1, edits: &edits)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = scanNumber(bytes, from: index, edits: &edits)
            default:
                index += 1
            }
        }
        guard !edits.isEmpty else { return data }
        var result = [UInt8]()
        result.reserveCapacity(bytes.count)
        var copied = 0
        for edit in edits {
            result += bytes[copied..<edit.range.lowerBound]
            result += edit.replacement
            copied = edit.range.upperBound
        }
        result += bytes[copied...]
        return Data(result)
    }

    /// From just after an opening quote to just after the closing one (or the end).
    private static func scanString(
        _ bytes: [UInt8], from start: Int, edits: inout [(range: Range<Int>, replacement: [UInt8])]
    ) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return index + 1
            case UInt8(ascii: "\\"):
                guard let unit = escapedUnit(bytes, at: index) else {
                    index += 2
                    continue
                }
                switch unit {
                case 0xD800...0xDBFF:
                    if let next = escapedUnit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(next) {
                        index += 12
                    } else {
                        edits.append((index..<index + 6, replacementEscape))
                        index += 6
                    }
                case 0xDC00...0xDFFF:
                    edits.append((index..<index + 6, replacementEscape))
                    index += 6
                default:
                    index += 6
                }
            default:
                index += 1
            }
        }
        return index
    }

    /// The code unit of a `\uXXXX` escape starting at `index`, or nil when there is none there.
    private static func escapedUnit(_ bytes: [UInt8], at index: Int) -> UInt16? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        var unit: UInt16 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = hexValue(byte) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private static let replacementEscape = Array("\\ufffd".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A number token; one that overflows a Double is replaced by the largest of its sign.
    /// Only a token with an exponent, or one of hundreds of digits, can overflow.
    private static func scanNumber(
        _ bytes: [UInt8], from start: Int, edits: inout [(range: Range<Int>, replacement: [UInt8])]
    ) -> Int {
        var index = start
        var hasExponent = false
        while index < bytes.count, isNumberByte(bytes[index]) {
            if bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { hasExponent = true }
            index += 1
        }
        guard hasExponent || index - start > 300 else { return index }
        let token = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = Double(token), value.isInfinite {
            edits.append((start..<index, (value < 0 ? [UInt8(ascii: "-")] : []) + largestNumber))
        }
        return index
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }
}
