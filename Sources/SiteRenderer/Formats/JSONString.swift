/// A JSON string written by hand, escaped as `JSONEncoder` escapes one (quotes, backslashes,
/// `\b \f \n \r \t`, the other control characters as `\u00XX`; slashes and the rest of UTF-8
/// as they are): the files that list every repository (`digest.json`, the search indexes) are
/// written without the encoder's tree of every value, and read as the encoder's output does.
enum JSONString {
    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // The runs between the bytes to escape are copied whole.
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case 0x08: out += #"\b"#.utf8
                case 0x0C: out += #"\f"#.utf8
                case UInt8(ascii: "\n"): out += #"\n"#.utf8
                case UInt8(ascii: "\r"): out += #"\r"#.utf8
                case UInt8(ascii: "\t"): out += #"\t"#.utf8
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += #"\u00"#.utf8
                    out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
