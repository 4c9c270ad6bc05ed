extension String {
    /// The text with every code point XML 1.0 or HTML forbids replaced by U+FFFD: C0 controls
    /// but tab, line feed and carriage return; DEL and the C1 controls; the noncharacters.
    /// Data from GitHub may carry any of them, and one would make a page ill-formed. Pages
    /// almost never hold one, so the common case is a single scan with no copy.
    var replacingXMLForbiddenCharacters: String {
        guard unicodeScalars.contains(where: Self.isForbidden) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(Self.isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }
}
