import Foundation
import Testing

@testable import SiteRenderer

@Suite struct JSONSyntaxTests {
    func failure(_ text: String) -> JSONSyntax.Failure? { JSONSyntax.check(Data(text.utf8)) }

    static let wellFormed = [
        "0", "-0", "1.5e-3", "-12E+2", "true", "null", #""é\u00e9\n\/ ""#, "[]", "{}", " [ 1 , [ ] , { } ] ",
        #"{"a": {"b": [1, "x", false]}, "": null}"#, "\"😀\"", "[\"\\ud83d\\ude00\"]",
    ]

    static let broken = [
        "", " ", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{a:1}", "[", "{",
        "\"abc", "\"\\x\"", "\"\\u12g4\"", "\"tab\there\"", "[1] [2]", "'a'", "[1}", "{]",
    ]

    /// RFC 8259 has no trailing comma; Foundation's parser takes one.
    static let trailingCommas = ["[1,]", "{\"a\":1,}"]

    @Test func agreesWithJSONSerializationOnEachText() throws {
        for text in Self.trailingCommas { #expect(failure(text) != nil, "\(text)") }
        for text in Self.wellFormed {
            #expect(failure(text) == nil, "\(text)")
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil)
        }
        for text in Self.broken {
            #expect(failure(text) != nil, "\(text)")
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) == nil, "\(text)"
            )
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22],
        ] {
            #expect(JSONSyntax.check(Data(bytes))?.message == "not UTF-8", "\(bytes)")
        }
        #expect(JSONSyntax.check(Data([0x22, 0xE2, 0x82, 0xAC, 0x22])) == nil, "€")
    }

    @Test func aFailureNamesItsLineAndColumnInCharacters() {
        let text = "{\n  \"naïve\": [1,\n    2 3]\n}"
        #expect(failure(text) == JSONSyntax.Failure(line: 3, column: 7, message: "expected ‘,’ or ‘]’"))
        #expect(failure("{\"é\": x}") == JSONSyntax.Failure(line: 1, column: 7, message: "expected a value"))
        #expect(
            failure("[\n  \"a\",\n  \"b]")
                == JSONSyntax.Failure(line: 3, column: 3, message: "a string is never closed"))
    }

    @Test func nestingOfAnyDepthIsReadWithoutRecursion() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(failure(deep) == nil)
        #expect(failure(String(deep.dropLast())) != nil)
    }

    @Test func aVisitorHearsTheValuesWithinItsDepth() {
        struct Recorder: JSONSyntax.Visitor {
            var depth: Int { 2 }
            var heard: [String] = []
            mutating func value(
                at path: [JSONSyntax.Step], kind: JSONSyntax.Kind, scalar: @autoclosure () -> Substring?
            ) {
                heard.append("\(Self.name(path)) \(kind)\(scalar().map { " \($0)" } ?? "")")
            }
            mutating func ended(at path: [JSONSyntax.Step]) { heard.append("end \(Self.name(path))") }
            static func name(_ path: [JSONSyntax.Step]) -> String {
                "/" + path.map { if case .key(let key) = $0 { key } else { "[]" } }.joined(separator: "/")
            }
        }
        var recorder = Recorder()
        let text = #"{"a": [1, {"deep": true}], "b\u0021": "x\ny", "c": {}}"#
        #expect(JSONSyntax.check(Data(text.utf8), &recorder) == nil)
        #expect(
            recorder.heard == [
                "/ object", "/a array", "/a/[] number 1", "/a/[] object", "end /a/[]", "end /a", "/b! string x\\ny",
                "/c object", "end /c", "end /",
            ])
    }
}
