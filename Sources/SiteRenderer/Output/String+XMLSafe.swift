extension String {
    /// The text without the code points XML 1.0 or HTML forbids: C0 controls but tab, line
    /// feed and carriage return; DEL and the C1 controls; the noncharacters. Data from GitHub
    /// may carry any of them (none shows as anything), and one would make a whole page or
    /// feed ill-formed. Pages almost never hold one, so the common case is one scan, no copy.
    var xmlSafe: String {
        guard !Self.surelyClean(self), unicodeScalars.contains(where: Self.isForbidden) else { return self }
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

    /// True when the UTF-8 holds none of the bytes any forbidden code point starts with: C0
    /// controls but tab, LF and CR; DEL; 0xC2 (C1 controls); 0xEF (U+FDD0…, U+FFFE…); 0xF0–0xF4
    /// (the other planes' noncharacters). One pass over bytes instead of decoding every scalar;
    /// text holding such a byte is checked scalar by scalar.
    private static func surelyClean(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            !bytes.contains { byte in
                (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2
                    || byte == 0xEF || byte >= 0xF0
            }
        }
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
