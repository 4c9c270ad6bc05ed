import Foundation

/// JSON as `JSONSerialization` with `.sortedKeys` writes it (the same escapes, keys in order,
/// so equal answers get equal bytes and ETags), without its cost: Foundation sorts keys with
/// a locale-aware comparison, and a starred page of 100 repositories cost the fake 60 ms, a
/// whole core while a benchmark's 10,000-star list was read. Keys sort by code point here.
enum FakeJSON {
    static func data(_ object: Any) -> Data {
        var bytes: [UInt8] = []
        write(object, to: &bytes)
        return Data(bytes)
    }

    private static func write(_ value: Any, to bytes: inout [UInt8]) {
        switch value {
        case let object as [String: Any]:
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(object[key]!, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case let array as [Any]:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case let string as String:
            write(string: string, to: &bytes)
        case let bool as Bool:
            bytes += Array((bool ? "true" : "false").utf8)
        case let number as Int:
            bytes += Array(String(number).utf8)
        case let number as Int64:
            bytes += Array(String(number).utf8)
        case is NSNull:
            bytes += Array("null".utf8)
        default:
            // Anything rarer (a Double, an optional) as Foundation writes it.
            let fragment = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            bytes += fragment.map(Array.init) ?? Array("null".utf8)
        }
    }

    private static func write(string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): bytes += Array(#"\\"#.utf8)
            case UInt8(ascii: "/"): bytes += Array(#"\/"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0..<0x20: bytes += Array(String(format: "\\u%04x", byte).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
