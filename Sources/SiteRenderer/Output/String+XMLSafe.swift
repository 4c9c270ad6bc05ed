extension String {
    /// Without the characters XML 1.0 forbids and HTML calls parse errors (C0 controls but tab,
    /// newline and carriage return; DEL and the C1 controls; U+FFFE and U+FFFF). Data from
    /// GitHub may hold any of them, and one would make a whole page or feed ill-formed.
    var xmlSafe: String {
        guard unicodeScalars.contains(where: Self.isForbidden) else { return self }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: unicodeScalars.lazy.filter { !Self.isForbidden($0) })
        return String(result)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case ..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}

extension String {
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
}
