/// Text from outside (a server's message, a name, a path) made safe for a terminal and a
/// line-based log: no control character reaches either, so an ESC or OSC sequence cannot
/// repaint the screen or plant a link, a CR or LF cannot forge a line ("error: injected"),
/// and a bidi override cannot make a line read other than it is. Each becomes a visible
/// escape (`\n`, `\u{1B}`, `\u{202E}`) instead.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, and the marks and overrides that reorder bidirectional text
    /// (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Serialised JSON with what `JSONSerialization` leaves raw (DEL, C1 controls, bidi
    /// marks) written as `\uXXXX`: they can only stand inside strings there, so the line
    /// stays the same JSON, and a person reading it raw is not misled.
    static func escapedJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isUnsafe) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
