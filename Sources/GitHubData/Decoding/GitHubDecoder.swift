import Foundation

/// Decodes GitHub's JSON the one way both the live client and the sample use, after
/// `JSONRepair` has mended what valid JSON may hold and `JSONDecoder` refuses.
struct GitHubDecoder: Sendable {
    /// Applied to every body first, a cached one too: a copy stored before the token was
    /// known to leak must not bring it back.
    var redactor = Redactor.none

    func decode<T: Decodable>(_ type: T.Type, from data: Data, resource: String) throws -> T {
        let data = redactor(data)
        // HTML, not JSON: bytes that are not UTF-8 become U+FFFD, as in a README's text.
        if type == RenderedHTML.self, let html = RenderedHTML(html: String(decoding: data, as: UTF8.self)) as? T {
            return html
        }
        // Keys as sent: each DTO spells GitHub's snake_case in its `CodingKeys`.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(Self.decodeDate)
        let repaired = JSONRepair.repaired(data)
        // JSON is UTF-8 throughout. Checked first, since JSONDecoder reads a string only when
        // asked, and a list that decodes item by item would take bytes garbled in transit
        // for one bad item rather than for an answer to ask for again.
        // A NUL byte is valid UTF-8 but never in JSON text: bytes with one could be UTF-16,
        // which JSONDecoder reads, and where the redactor's search for the token's bytes fails.
        guard Self.isUTF8WithoutNUL(repaired) else {
            throw GitHubDataError.undecodable(resource: resource, reason: "at the top level: the answer is not UTF-8")
        }
        if type == ReadmeDTO.self, let readme = ReadmeDTO.quickly(from: repaired, decoder: decoder) as? T {
            return readme
        }
        // A page of a list holds at most 100 items; one of millions (`[1,1,1,…]` in 30 MB)
        // took 12 GB to decode item by item, each failure kept for its warning.
        if T.self is any LenientList.Type, Self.topLevelItems(repaired, moreThan: Self.maxListItems) {
            throw GitHubDataError.undecodable(
                resource: resource,
                reason: "at the top level: a list of more than \(Self.maxListItems) items, where GitHub sends "
                    + "at most 100 a page")
        }
        do {
            return try decoder.decode(type, from: repaired)
        } catch let error as DecodingError {
            throw GitHubDataError.undecodable(resource: resource, reason: Self.describe(error))
        }
    }

    /// The most items a page of a list may hold: GitHub sends at most 100.
    static let maxListItems = 1_000

    /// Whether `data`, a JSON array, holds more than `limit` items: its commas outside
    /// strings and nested values, counted up to there. False for anything but an array.
    static func topLevelItems(_ data: Data, moreThan limit: Int) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let start = bytes.firstIndex(where: { !(" \t\r\n".utf8.contains($0)) }),
                bytes[start] == UInt8(ascii: "[")
            else { return false }
            var (depth, commas, index, inString) = (0, 0, start, false)
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return false }
                case UInt8(ascii: ",") where depth == 1:
                    commas += 1
                    if commas >= limit { return true }
                default: break
                }
            }
            return false
        }
    }

    /// Both checks on the bytes in place: `Data`'s own iterator goes a byte at a time through
    /// a call each, which for every cached README and release list was a few per cent of a
    /// cold build.
    static func isUTF8WithoutNUL(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return true }
            return memchr(base, 0, bytes.count) == nil && String(validating: bytes, as: UTF8.self) != nil
        }
    }

    /// Whether the bytes are JSON at all. An answer that is, but does not decode, is the
    /// wrong shape: asking again would get the same. One that is not was garbled in transit.
    static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: JSONRepair.repaired(data), options: [.fragmentsAllowed])) != nil
    }

    /// ISO 8601 with or without fractional seconds, as GitHub sends both.
    private static func decodeDate(_ decoder: any Decoder) throws -> Date {
        let text = try decoder.singleValueContainer().decode(String.self)
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(
            text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        {
            return date
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an ISO 8601 date"))
    }

    /// Why one item of a list did not decode, for the warning that leaves it out.
    static func describeItem(_ error: any Error) -> String {
        if let error = error as? DecodingError { return describe(error) }
        // Foundation reports a number no Int64 holds with an error of its own, which only
        // the top level turns into a DecodingError ("not valid JSON"); here it is the item's.
        return "at a value: not what GitHub sends (a number out of range, say)"
    }

    /// "at items[3].owner.login: value missing" rather than Foundation's debug dump.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "at \(path(context.codingPath + [key])): required field missing"
        case .valueNotFound(_, let context):
            return "at \(path(context.codingPath)): required value is null"
        case .typeMismatch(let type, let context):
            return "at \(path(context.codingPath)): expected \(type)"
        case .dataCorrupted(let context):
            return "at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
