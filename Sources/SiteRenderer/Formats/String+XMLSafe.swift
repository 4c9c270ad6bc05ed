extension String {
    /// The text without the code points XML 1.0 or HTML forbids: C0 controls but tab, line
    /// feed and carriage return; DEL and the C1 controls; the noncharacters. Data from GitHub
    /// may carry any of them (none shows as anything), and one would make a whole page or
    /// feed ill-formed. Pages almost never hold one, so the common case is one scan, no copy.
    var xmlSafe: String {
        guard !Self.surelyClean(self), unicodeScalars.contains(where: Self.isXMLForbidden) else { return self }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: unicodeScalars.lazy.filter { !Self.isXMLForbidden($0) })
        return String(result)
    }

    /// Text from the data as the JSON files carry it, as the pages and the XML files do: what
    /// XML forbids taken out (a NUL ends the text for a C reader, and PostgreSQL's `jsonb`
    /// refuses the file), every direction it opens closed (`directionsClosed`).
    var jsonSafe: String { directionsClosed.xmlSafe }

    /// Safe as XML text and as a double- or single-quoted attribute value.
    var xmlEscaped: String {
        // On bytes: the five characters are ASCII, and comparing Characters cost a tenth of a
        // build that sanitises every README. Most text needs nothing: one pass says so, before
        // the two (forbidden code points, then entities) that text needing something takes.
        var text = self
        let plain = text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                    return false
                case 0x09, 0x0A, 0x0D: continue
                // Controls, and the lead bytes of every forbidden code point (`surelyClean`).
                case ..<0x20, 0x7F, 0xC2, 0xEF, 0xF0...: return false
                default: continue
                }
            }
            return true
        }
        return plain ? self : Self.replacingBytes(of: xmlSafe, by: Self.xmlEntity)
    }

    /// `text` with each byte `entity` names replaced by what it names, read and written as
    /// UTF-8 (every such byte is ASCII); most text has none, and is returned as it is.
    static func replacingBytes(of text: String, by entity: (UInt8) -> StaticString?) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { entity($0) != nil }) else { return nil }
            var result = [UInt8]()
            result.reserveCapacity(bytes.count + bytes.count / 8)
            for byte in bytes {
                if let replacement = entity(byte) {
                    replacement.withUTF8Buffer { result.append(contentsOf: $0) }
                } else {
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    private static func xmlEntity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&apos;"
        default: nil
        }
    }

    /// True when the UTF-8 holds no forbidden code point, read on bytes rather than scalars:
    /// C0 controls but tab, LF and CR, and DEL are single bytes; C1 controls are C2 80–9F;
    /// U+FDD0–FDEF is EF B7 90–AF and U+FFFE/FFFF EF BF BE/BF; the other planes' last two
    /// code points are F? ?F BF BE/BF. (A String's UTF-8 is always well-formed.)
    private static func surelyClean(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let rest = bytes.count - index
                switch byte {
                case 0x09, 0x0A, 0x0D: break
                case ..<0x20, 0x7F: return false
                case 0xC2 where rest > 1 && bytes[index + 1] < 0xA0: return false
                case 0xEF where rest > 2:
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE) {
                        return false
                    }
                case 0xF0... where rest > 3:
                    if bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE {
                        return false
                    }
                default: break
                }
                index += 1
            }
            return true
        }
    }

    /// Whether `xmlSafe` takes the code point out.
    static func isXMLForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }
}
