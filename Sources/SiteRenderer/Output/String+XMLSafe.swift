extension String {
    /// The text without the code points XML 1.0 or HTML forbids: C0 controls but tab, line
    /// feed and carriage return; DEL and the C1 controls; the noncharacters. Data from GitHub
    /// may carry any of them (none shows as anything), and one would make a whole page or
    /// feed ill-formed. Pages almost never hold one, so the common case is one scan, no copy.
    var xmlSafe: String {
        guard unicodeScalars.contains(where: Self.isForbidden) else { return self }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: unicodeScalars.lazy.filter { !Self.isForbidden($0) })
        return String(result)
    }

    /// Safe as XML text and as a double- or single-quoted attribute value.
    var xmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in xmlSafe {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
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
