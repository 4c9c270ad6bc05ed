import Foundation

/// A JSON text read against RFC 8259's grammar byte by byte, making no value: whether it is
/// well formed (UTF-8 included) and, where it is not, the line and column it first goes wrong
/// at. A `Visitor` hears the values near the top (`Visitor.depth`), for the checks of a
/// document whose shape is known (`digest.json`).
///
/// Why not `JSONDecoder`: a 10,000-repository `digest.json` (5 MB) took it 50 ms to check,
/// most of it making a dictionary of the keys of every object, on the one-change run's path;
/// this reads it in a fifth of that, and says where a text breaks rather than "line 1".
enum JSONSyntax {
    /// Where a value is: the keys of the objects and the elements of the arrays it is in.
    enum Step: Equatable {
        case key(String)
        case element
    }

    enum Kind: Equatable { case object, array, string, number, literal }

    /// Hears each value no more than `depth` steps down (the whole text is 0), in order,
    /// and the end of each container among them.
    protocol Visitor {
        var depth: Int { get }
        /// `scalar`: a number's or literal's text, or a string's text between its quotes
        /// (escapes as written); nil for a container. Made only when asked: a visitor reads
        /// few, and a 10,000-repository digest's 60,000 strings made for nothing were 3 ms of
        /// the 40 its check takes.
        mutating func value(at path: [Step], kind: Kind, scalar: @autoclosure () -> Substring?)
        mutating func ended(at path: [Step])
    }

    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    private struct Nobody: Visitor {
        var depth: Int { -1 }
        func value(at path: [Step], kind: Kind, scalar: @autoclosure () -> Substring?) {}
        func ended(at path: [Step]) {}
    }

    static func check(_ data: Data) -> Failure? {
        var nobody = Nobody()
        return check(data, &nobody)
    }

    static func check(_ data: Data, _ visitor: inout some Visitor) -> Failure? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Failure? in
            var reader = Reader(bytes: bytes)
            do throws(Problem) {
                try reader.read(&visitor)
                return nil
            } catch {
                return reader.failure(error.message)
            }
        }
    }

    private struct Problem: Error { var message: String }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 0
        /// The open containers, innermost last: `{` or `[`.
        var open: [UInt8] = []
        /// Where the current value is, while it is within the visitor's depth.
        var path: [Step] = []

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var byte: UInt8? { at < bytes.count ? bytes[at] : nil }

        /// The whole text, one value or punctuation at a time: no recursion, so that no
        /// nesting, however deep, runs out of stack.
        mutating func read(_ visitor: inout some Visitor) throws(Problem) {
            var wantsValue = true
            while true {
                if wantsValue {
                    wantsValue = try value(&visitor)
                    continue
                }
                skipSpace()
                guard let container = open.last else {
                    if at < bytes.count { throw Problem(message: "text after the JSON value") }
                    return
                }
                let isObject = container == UInt8(ascii: "{")
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    at += 1
                    end(&visitor)
                } else if byte == UInt8(ascii: ",") {
                    at += 1
                    if isObject { try key(&visitor) } else { step(.element) }
                    wantsValue = true
                } else {
                    throw Problem(message: isObject ? "expected ‘,’ or ‘}’" : "expected ‘,’ or ‘]’")
                }
            }
        }

        /// One value, or the start of a container: true when that container is not empty and
        /// its first value comes next (an object's first key read already).
        private mutating func value(_ visitor: inout some Visitor) throws(Problem) -> Bool {
            skipSpace()
            guard let first = byte else { throw Problem(message: "expected a value, found the end of the text") }
            let start = at
            let reported = path.count <= visitor.depth
            switch first {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                at += 1
                let isObject = first == UInt8(ascii: "{")
                if reported { visitor.value(at: path, kind: isObject ? .object : .array, scalar: nil) }
                open.append(first)
                path.append(.element)  // the place of its values, which `end` takes off
                skipSpace()
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    at += 1
                    end(&visitor)
                    return false
                }
                if isObject { try key(&visitor) }
                return true
            case UInt8(ascii: "\""):
                try string()
                if reported { visitor.value(at: path, kind: .string, scalar: text(start + 1, at - 1)) }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
                if reported { visitor.value(at: path, kind: .number, scalar: text(start, at)) }
            default:
                guard let literal = ["true", "false", "null"].first(where: { matches($0) }) else {
                    throw Problem(message: "expected a value")
                }
                at += literal.utf8.count
                if reported { visitor.value(at: path, kind: .literal, scalar: text(start, at)) }
            }
            return false
        }

        /// The container just closed: its place left, and the visitor told.
        private mutating func end(_ visitor: inout some Visitor) {
            open.removeLast()
            path.removeLast()
            if path.count <= visitor.depth { visitor.ended(at: path) }
        }

        /// Puts the next step in place of the last.
        private mutating func step(_ next: Step) {
            path[path.count - 1] = next
        }

        /// A member's key and its colon.
        private mutating func key(_ visitor: inout some Visitor) throws(Problem) {
            skipSpace()
            guard byte == UInt8(ascii: "\"") else { throw Problem(message: "expected a key in double quotes") }
            let start = at
            try string()
            if path.count <= visitor.depth {
                step(.key(Self.unescaped(text(start + 1, at - 1))))
            }
            skipSpace()
            guard byte == UInt8(ascii: ":") else { throw Problem(message: "expected ‘:’ after the key") }
            at += 1
        }

        private mutating func string() throws(Problem) {
            let opening = at
            at += 1
            while let next = byte {
                switch next {
                case UInt8(ascii: "\""):
                    at += 1
                    return
                case UInt8(ascii: "\\"):
                    at += 1
                    guard let escaped = byte else { break }
                    if escaped == UInt8(ascii: "u") {
                        guard at + 4 < bytes.count, (1...4).allSatisfy({ Self.isHex(bytes[at + $0]) }) else {
                            throw Problem(message: "\\u needs four hexadecimal digits")
                        }
                        at += 5
                    } else if Self.isEscape(escaped) {
                        at += 1
                    } else {
                        throw Problem(message: "unknown escape")
                    }
                case 0..<0x20:
                    throw Problem(message: "a control character in a string must be escaped")
                case 0..<0x80:
                    at += 1
                default:
                    guard let length = Self.utf8Length(bytes, at) else { throw Problem(message: "not UTF-8") }
                    at += length
                }
            }
            // Named where it opens: the end of the text says nothing of which string it was.
            at = opening
            throw Problem(message: "a string is never closed")
        }

        private mutating func number() throws(Problem) {
            if byte == UInt8(ascii: "-") { at += 1 }
            if byte == UInt8(ascii: "0") {
                at += 1
            } else if digits() == 0 {
                throw Problem(message: "expected a digit")
            }
            if byte == UInt8(ascii: ".") {
                at += 1
                if digits() == 0 { throw Problem(message: "expected a digit after ‘.’") }
            }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                at += 1
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { at += 1 }
                if digits() == 0 { throw Problem(message: "expected a digit in the exponent") }
            }
        }

        private mutating func digits() -> Int {
            let start = at
            while let next = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { at += 1 }
            return at - start
        }

        private mutating func skipSpace() {
            while let next = byte, next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09 { at += 1 }
        }

        private func matches(_ word: String) -> Bool {
            word.utf8.count <= bytes.count - at && word.utf8.enumerated().allSatisfy { bytes[at + $0] == $1 }
        }

        private func text(_ start: Int, _ end: Int) -> Substring {
            Substring(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// Where reading stopped, as a finding says it: lines from 1, columns in characters.
        func failure(_ message: String) -> Failure {
            let end = min(at, bytes.count)
            var lineStart = 0
            var line = 1
            for offset in 0..<end where bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            let column = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self).count
            return Failure(line: line, column: column + 1, message: message)
        }

        /// The letters `\` may escape, but `u`.
        private static func isEscape(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                true
            default: false
            }
        }

        private static func isHex(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                true
            default: false
            }
        }

        /// The length of the well-formed UTF-8 sequence at `offset` (Unicode's table 3-7), or nil.
        private static func utf8Length(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int? {
            let lead = bytes[offset]
            let (length, second): (Int, ClosedRange<UInt8>) =
                switch lead {
                case 0xC2...0xDF: (2, 0x80...0xBF)
                case 0xE0: (3, 0xA0...0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
                case 0xED: (3, 0x80...0x9F)
                case 0xF0: (4, 0x90...0xBF)
                case 0xF1...0xF3: (4, 0x80...0xBF)
                case 0xF4: (4, 0x80...0x8F)
                default: (0, 0...0)
                }
            guard length > 0, offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
            return (2..<length).allSatisfy { (0x80...0xBF).contains(bytes[offset + $0]) } ? length : nil
        }

        /// A key as it reads: its escapes (rare in a key) undone by the decoder.
        private static func unescaped(_ key: Substring) -> String {
            // By its bytes: `contains` of a string goes through Foundation's `NSString`, which
            // was most of reading the keys of `digest.json`'s 10,000 repositories.
            guard key.utf8.contains(UInt8(ascii: "\\")) else { return String(key) }
            return (try? JSONDecoder().decode(String.self, from: Data("\"\(key)\"".utf8))) ?? String(key)
        }
    }
}
