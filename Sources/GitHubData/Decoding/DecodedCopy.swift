import Foundation

// The cache keeps, beside a list answer's JSON, the answer as decoded: in a run where GitHub
// answers 304 for the 100 pages of a 10,000-star list, and the releases of 9,999 repositories
// not pushed to are read from the cache, decoding that JSON again was a third of the run.
// These bytes are read back in a tenth of the time. They hold exactly what `JSONDecoder`
// gave (the DTOs, the failures of lenient items), so everything after decoding runs as it
// would on the JSON: the same entities, the same warnings.
//
// The layout is the DTOs' fields in declaration order. `DecodedCopy.version` names it: a
// copy of another version is never read (the JSON is decoded again and a new copy kept).
// `DecodedCopyTests` counts each DTO's fields, so a field added without its line here fails.

/// A decoded answer the cache can keep as bytes (see the top of this file).
protocol KeptDecoded {
    /// Names the type in the copy, so that bytes of one type are never read as another.
    static var signature: String { get }
    func write(to writer: inout DecodedCopy.Writer)
    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable)
}

enum DecodedCopy {
    /// Raised with every change of a layout below.
    static let version: UInt8 = 1

    /// Bytes that are not a copy of this version and type, or are cut short.
    struct Unreadable: Error {}

    static func bytes<T: KeptDecoded>(of value: T) -> Data {
        var writer = Writer()
        writer.byte(version)
        writer.string(T.signature)
        value.write(to: &writer)
        return Data(writer.bytes)
    }

    /// The copy of `value` when its type is kept decoded; nil when it is not.
    static func bytes(ofAny value: Any) -> Data? {
        (value as? any KeptDecoded).map { bytes(of: $0) }
    }

    /// The value the copy holds; nil when it is of another version or type, or damaged.
    static func value<T: KeptDecoded>(_ type: T.Type, from data: Data) -> T? {
        data.withUnsafeBytes { raw in
            var reader = Reader(raw)
            guard (try? reader.byte()) == version, (try? reader.string()) == T.signature,
                let value = try? T(from: &reader), reader.isAtEnd
            else { return nil }
            return value
        }
    }

    struct Writer {
        private(set) var bytes: [UInt8] = []

        mutating func byte(_ value: UInt8) { bytes.append(value) }
        mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

        /// Seven bits a byte, zigzag, so small counts and ids of either sign stay short.
        mutating func int(_ value: Int64) {
            var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                int(Int64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        /// Bit for bit, so a date reads back equal.
        mutating func date(_ value: Date) {
            let bits = value.timeIntervalSinceReferenceDate.bitPattern
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        }

        mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
            bool(value != nil)
            if let value { write(&self, value) }
        }

        mutating func array<T>(_ values: [T], _ write: (inout Writer, T) -> Void) {
            int(Int64(values.count))
            for value in values { write(&self, value) }
        }
    }

    /// Reads what `Writer` wrote, checking every length against the bytes left.
    struct Reader {
        private let bytes: UnsafeRawBufferPointer
        private var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws(Unreadable) -> UInt8 {
            guard offset < bytes.count else { throw Unreadable() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func bool() throws(Unreadable) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw Unreadable()
            }
        }

        mutating func int() throws(Unreadable) -> Int64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64 else { throw Unreadable() }
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { break }
                shift += 7
            }
            return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        }

        mutating func count() throws(Unreadable) -> Int {
            let count = try int()
            guard count >= 0, count <= bytes.count - offset else { throw Unreadable() }
            return Int(count)
        }

        mutating func string() throws(Unreadable) -> String {
            let count = try count()
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }

        mutating func date() throws(Unreadable) -> Date {
            guard bytes.count - offset >= 8 else { throw Unreadable() }
            var bits: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(bytes[offset + shift / 8]) << shift }
            offset += 8
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
        }

        mutating func optional<T>(_ read: (inout Reader) throws(Unreadable) -> T) throws(Unreadable) -> T? {
            try bool() ? try read(&self) : nil
        }

        mutating func array<T>(_ read: (inout Reader) throws(Unreadable) -> T) throws(Unreadable) -> [T] {
            // Each element takes at least one byte: a count past the bytes left is damage.
            let count = try count()
            var values: [T] = []
            values.reserveCapacity(count)
            for _ in 0..<count { values.append(try read(&self)) }
            return values
        }
    }
}

// MARK: - The answers kept decoded: lists of stars, repositories and releases, one repository.

extension Array: KeptDecoded where Element: KeptDecoded {
    static var signature: String { "[\(Element.signature)]" }

    func write(to writer: inout DecodedCopy.Writer) {
        writer.array(self) { writer, element in element.write(to: &writer) }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        self = try reader.array { reader throws(DecodedCopy.Unreadable) in try Element(from: &reader) }
    }
}

extension Lenient: KeptDecoded where Item: KeptDecoded {
    static var signature: String { "Lenient<\(Item.signature)>" }

    func write(to writer: inout DecodedCopy.Writer) {
        writer.optional(item) { writer, item in item.write(to: &writer) }
        writer.optional(problem) { $0.string($1) }
        writer.optional(index) { $0.int(Int64($1)) }
        writer.optional(fullName) { $0.string($1) }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        self.init(
            item: try reader.optional { reader throws(DecodedCopy.Unreadable) in try Item(from: &reader) },
            problem: try reader.optional { reader throws(DecodedCopy.Unreadable) in try reader.string() },
            index: try reader.optional { reader throws(DecodedCopy.Unreadable) in Int(try reader.int()) },
            fullName: try reader.optional { reader throws(DecodedCopy.Unreadable) in try reader.string() })
    }
}

extension StarDTO: KeptDecoded {
    static var signature: String { "Star" }

    func write(to writer: inout DecodedCopy.Writer) {
        writer.optional(starredAt) { $0.date($1) }
        repo.write(to: &writer)
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        self.init(
            starredAt: try reader.optional { reader throws(DecodedCopy.Unreadable) in try reader.date() },
            repo: try RepoDTO(from: &reader))
    }
}

extension RepoDTO: KeptDecoded {
    static var signature: String { "Repo" }

    func write(to writer: inout DecodedCopy.Writer) {
        writer.int(id)
        writer.string(name)
        writer.optional(fullName) { $0.string($1) }
        owner.write(to: &writer)
        writer.optional(`private`) { $0.bool($1) }
        writer.optional(htmlUrl) { $0.string($1) }
        writer.optional(description) { $0.string($1) }
        writer.optional(fork) { $0.bool($1) }
        writer.optional(homepage) { $0.string($1) }
        writer.optional(language) { $0.string($1) }
        writer.optional(topics) { writer, topics in writer.array(topics) { $0.string($1) } }
        for count in [stargazersCount, subscribersCount, forksCount, openIssuesCount] {
            writer.optional(count) { $1.write(to: &$0) }
        }
        writer.optional(license) { $1.write(to: &$0) }
        writer.optional(archived) { $0.bool($1) }
        writer.optional(defaultBranch) { $0.string($1) }
        for date in [createdAt, updatedAt, pushedAt] { writer.optional(date) { $0.date($1) } }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        typealias Failure = DecodedCopy.Unreadable
        let string = { (reader: inout DecodedCopy.Reader) throws(Failure) in try reader.string() }
        let bool = { (reader: inout DecodedCopy.Reader) throws(Failure) in try reader.bool() }
        let count = { (reader: inout DecodedCopy.Reader) throws(Failure) in try CountDTO(from: &reader) }
        let date = { (reader: inout DecodedCopy.Reader) throws(Failure) in try reader.date() }
        self.init(
            id: try reader.int(), name: try reader.string(), fullName: try reader.optional(string),
            owner: try AccountDTO(from: &reader), private: try reader.optional(bool),
            htmlUrl: try reader.optional(string), description: try reader.optional(string),
            fork: try reader.optional(bool), homepage: try reader.optional(string),
            language: try reader.optional(string),
            topics: try reader.optional { reader throws(Failure) in try reader.array(string) },
            stargazersCount: try reader.optional(count), subscribersCount: try reader.optional(count),
            forksCount: try reader.optional(count), openIssuesCount: try reader.optional(count),
            license: try reader.optional { reader throws(Failure) in try LicenseDTO(from: &reader) },
            archived: try reader.optional(bool), defaultBranch: try reader.optional(string),
            createdAt: try reader.optional(date), updatedAt: try reader.optional(date),
            pushedAt: try reader.optional(date))
    }
}

extension AccountDTO {
    func write(to writer: inout DecodedCopy.Writer) {
        writer.string(login)
        writer.int(id)
        for text in [type, htmlUrl, avatarUrl, name, bio, description] { writer.optional(text) { $0.string($1) } }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        let string = { (reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) in try reader.string() }
        self.init(
            login: try reader.string(), id: try reader.int(), type: try reader.optional(string),
            htmlUrl: try reader.optional(string), avatarUrl: try reader.optional(string),
            name: try reader.optional(string), bio: try reader.optional(string),
            description: try reader.optional(string))
    }
}

extension LicenseDTO {
    func write(to writer: inout DecodedCopy.Writer) {
        for text in [key, name, spdxId] { writer.optional(text) { $0.string($1) } }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        let string = { (reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) in try reader.string() }
        self.init(
            key: try reader.optional(string), name: try reader.optional(string), spdxId: try reader.optional(string))
    }
}

extension CountDTO {
    func write(to writer: inout DecodedCopy.Writer) {
        writer.int(Int64(value))
        writer.optional(clamped) { writer, clamped in writer.bool(clamped == .beyondInt) }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        self.init(Int(try reader.int()))
        clamped = try reader.optional { reader throws(DecodedCopy.Unreadable) in
            try reader.bool() ? .beyondInt : .negative
        }
    }
}

extension ReleaseDTO: KeptDecoded {
    static var signature: String { "Release" }

    func write(to writer: inout DecodedCopy.Writer) {
        writer.int(id)
        writer.string(tagName)
        for text in [name, body, bodyHtml, htmlUrl] { writer.optional(text) { $0.string($1) } }
        for flag in [draft, prerelease] { writer.optional(flag) { $0.bool($1) } }
        for date in [publishedAt, createdAt] { writer.optional(date) { $0.date($1) } }
    }

    init(from reader: inout DecodedCopy.Reader) throws(DecodedCopy.Unreadable) {
        typealias Failure = DecodedCopy.Unreadable
        let string = { (reader: inout DecodedCopy.Reader) throws(Failure) in try reader.string() }
        let bool = { (reader: inout DecodedCopy.Reader) throws(Failure) in try reader.bool() }
        let date = { (reader: inout DecodedCopy.Reader) throws(Failure) in try reader.date() }
        self.init(
            id: try reader.int(), tagName: try reader.string(), name: try reader.optional(string),
            body: try reader.optional(string), bodyHtml: try reader.optional(string),
            htmlUrl: try reader.optional(string), draft: try reader.optional(bool),
            prerelease: try reader.optional(bool), publishedAt: try reader.optional(date),
            createdAt: try reader.optional(date))
    }
}
