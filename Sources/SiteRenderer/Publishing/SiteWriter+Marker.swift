import Foundation
import ParallelWork

extension SiteWriter {
    /// `.repodigest-site`, read: the stamp of the build's inputs and the manifest of the files
    /// it wrote, so that a later build removes only those and keeps every other file as the
    /// user's; and of each file, what the next build needs to carry it over unrendered.
    ///
    /// ```
    /// repodigest
    /// inputs <stamp>
    /// manifest 3
    /// file index.html <inputs fingerprint> <bytes fingerprint>
    /// file repos/apple/swift.html <inputs fingerprint> <bytes fingerprint>
    /// links 1 0 4 7
    /// end
    /// ```
    /// The stamp is the caller's (`BuildPipeline`'s `BuildStamp`: two hashes, of what the whole
    /// build was made from and of what it found); the marker keeps it as given. Each path
    /// takes a line of its own, after a `file ` prefix, so no path can pass for the stamp line; `isSafe` refuses paths with a line break or any other control character.
    /// The two fingerprints (32 hex digits, or `-` when unknown) end the line, so a path may hold
    /// spaces. A `links N …` line lists the internal links found in the N-th file (0-based,
    /// in the manifest's order) when it was checked, as numbers of files; `#N` for a link to
    /// an id in file N. A marker with a bare `manifest` line is one from before fingerprints: its
    /// `file` lines hold a path only. `manifest 3` says the marker ends with an `end` line: one
    /// that lacks it was cut short (a disk's fault, a hand's), and is read as a marker with no
    /// manifest, whose other files are kept as the user's, never as a list that ends early
    /// (`manifest 2`, written before, has no such line).
    struct Marker: Equatable {
        static let manifestLine = "manifest"
        static let fingerprintedManifestLine = "manifest 2"
        static let endedManifestLine = "manifest 3"
        static let endLine = "end"
        static let filePrefix = "file "
        static let linksPrefix = "links "
        static let unknown = "-"

        /// What the marker keeps of one file.
        struct Entry: Sendable, Equatable {
            /// `SitePlan.Inputs`'s fingerprint of what the file was made from; nil when unknown.
            var inputs: String?
            /// `StableHasher.fingerprint(of:)` of its bytes; nil when unknown.
            var bytes: String?
            /// The files its internal links lead to; nil when unknown.
            var linked: Links?

            /// The same as paths, `#` before those that name an id in another file: made anew
            /// at each read, for tests and for what a check found.
            var links: [String]? {
                get { linked?.paths }
                set { linked = newValue.map(Links.init(paths:)) }
            }

            init(inputs: String? = nil, bytes: String? = nil, links: [String]? = nil) {
                self.init(inputs: inputs, bytes: bytes, linked: links.map(Links.init(paths:)))
            }

            init(inputs: String?, bytes: String?, linked: Links?) {
                self.inputs = inputs
                self.bytes = bytes
                self.linked = linked
            }
        }

        /// The files one file links to: as paths where a check found them, as the numbers of
        /// the marker they were read from otherwise. Kept as numbers, the 160,000 links of a
        /// marker at 10,000 repositories are read without making a path of each, and written
        /// again through one table from the old numbers to the new, not a lookup of each path.
        struct Links: Sendable, Equatable {
            private enum Storage: Sendable {
                case paths([String])
                /// Each link as `stored(_:fragment:)` keeps it, numbered in `numbering`.
                case numbers([Int32], Numbering)
            }
            private let storage: Storage

            /// One link as a number: the file's number, or its complement (`~number`, below
            /// zero) for a link to an id in that file.
            static func stored(_ number: Int, fragment: Bool) -> Int32 { Int32(fragment ? ~number : number) }

            /// The file's number and whether the link names an id in it.
            static func file(of stored: Int32) -> (number: Int, fragment: Bool) {
                stored < 0 ? (Int(~stored), true) : (Int(stored), false)
            }

            /// The same for a link kept as a path: the file's path, `#` before it dropped.
            static func file(ofPath path: String) -> (path: String, fragment: Bool) {
                path.utf8.first == UInt8(ascii: "#") ? (String(path.dropFirst()), true) : (path, false)
            }

            init(paths: [String]) { storage = .paths(paths) }

            fileprivate init(numbers: [Int32], in numbering: Numbering) { storage = .numbers(numbers, numbering) }

            /// Each link as a path, `#` before it for a link to an id.
            var paths: [String] {
                switch storage {
                case .paths(let paths): paths
                case .numbers(let numbers, let numbering):
                    numbers.map { stored in
                        let file = Self.file(of: stored)
                        return (file.fragment ? "#" : "") + numbering.order[file.number]
                    }
                }
            }

            /// Whether `test` holds for every link: its path, and whether it names an id there.
            func allSatisfy(_ test: (_ path: String, _ fragment: Bool) -> Bool) -> Bool {
                switch storage {
                case .paths(let paths):
                    return paths.allSatisfy { path in
                        let file = Self.file(ofPath: path)
                        return test(file.path, file.fragment)
                    }
                case .numbers(let numbers, let numbering):
                    return numbers.allSatisfy { stored in
                        let file = Self.file(of: stored)
                        return test(numbering.order[file.number], file.fragment)
                    }
                }
            }

            /// Each link as `stored(_:fragment:)` keeps it, numbered in a new marker; links to
            /// files outside it left out. `renumbered` gives, for a marker's numbering, the new
            /// number of each of its files (-1 for none).
            fileprivate func numbers(in number: [String: Int], renumbered: (Numbering) -> [Int32]) -> [Int32] {
                switch storage {
                case .paths(let paths):
                    return paths.compactMap { path in
                        let file = Self.file(ofPath: path)
                        return number[file.path].map { Self.stored($0, fragment: file.fragment) }
                    }
                case .numbers(let numbers, let numbering):
                    let table = renumbered(numbering)
                    return numbers.compactMap { old in
                        let file = Self.file(of: old)
                        let to = table[file.number]
                        return to < 0 ? nil : Self.stored(Int(to), fragment: file.fragment)
                    }
                }
            }

            fileprivate var numbering: Numbering? {
                if case .numbers(_, let numbering) = storage { numbering } else { nil }
            }

            static func == (lhs: Links, rhs: Links) -> Bool { lhs.paths == rhs.paths }
        }

        /// The files of a marker in the order it numbers them, shared by every `Links` read from it.
        final class Numbering: Sendable {
            let order: [String]
            init(_ order: [String]) { self.order = order }
        }

        var stamp: String?
        /// The files the build wrote; nil for a marker written before manifests existed.
        var entries: [String: Entry]?

        var manifest: Set<String>? { entries.map { Set($0.keys) } }

        init(stamp: String?, manifest: Set<String>?) {
            self.init(
                stamp: stamp, entries: manifest.map { Dictionary(uniqueKeysWithValues: $0.map { ($0, Entry()) }) })
        }

        init(stamp: String?, entries: [String: Entry]?) {
            self.stamp = stamp
            self.entries = entries
        }

        init(text: String, manifestOnly: Bool = false) {
            var text = text
            (stamp, entries) = text.withUTF8 { Self.read($0, manifestOnly: manifestOnly) }
        }

        /// The stamp and entries of a marker's bytes. Read line by line in place: a megabyte
        /// at 10,000 repositories, read at the start of every build, its paths free of line
        /// breaks and control characters (`isSafe`), so no grapheme needs telling apart.
        private static func read(_ text: UnsafeBufferPointer<UInt8>, manifestOnly: Bool) -> (String?, [String: Entry]?)
        {
            var stamp: String?
            var entries: [String: Entry]?
            var fingerprinted = false
            /// Whether the `end` line was read, where the manifest line promises one.
            var ended: Bool?
            var order: [String] = []
            var links: [(file: Int, targets: [(fragment: Bool, number: Int)])] = []
            var start = 0
            while start < text.count {
                let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
                let line = UnsafeBufferPointer(rebasing: text[start..<end])
                start = end + 1
                guard !line.isEmpty else { continue }
                if stamp == nil, let rest = Self.rest(of: line, after: SiteWriter.stampPrefix) {
                    stamp = String(decoding: rest, as: UTF8.self)
                } else if line.elementsEqual(Self.manifestLine.utf8)
                    || line.elementsEqual(Self.fingerprintedManifestLine.utf8)
                    || line.elementsEqual(Self.endedManifestLine.utf8)
                {
                    entries = entries ?? [:]
                    fingerprinted = line.count > Self.manifestLine.utf8.count
                    ended = line.elementsEqual(Self.endedManifestLine.utf8) ? false : nil
                } else if ended == false, line.elementsEqual(Self.endLine.utf8) {
                    ended = true
                } else if entries != nil, let rest = Self.rest(of: line, after: Self.filePrefix) {
                    let (path, entry) =
                        !fingerprinted
                        ? (String(decoding: rest, as: UTF8.self), Entry())
                        : manifestOnly ? (Self.fingerprintedFile(rest).0, Entry()) : Self.fingerprintedFile(rest)
                    entries?[path] = entry
                    order.append(path)
                } else if fingerprinted, !manifestOnly, let rest = Self.rest(of: line, after: Self.linksPrefix) {
                    let parts = rest.split(separator: UInt8(ascii: " "))
                    if let first = parts.first, let file = Self.number(first), !file.fragment {
                        links.append((file.number, parts.dropFirst().compactMap(Self.number)))
                    }
                }
            }
            // Cut short: no list of repodigest's files at all, rather than one that ends early.
            if ended == false { return (stamp, nil) }
            let numbering = Numbering(order)
            for (file, targets) in links where order.indices.contains(file) {
                let numbers = targets.compactMap { target in
                    order.indices.contains(target.number)
                        ? Links.stored(target.number, fragment: target.fragment) : nil
                }
                entries?[order[file]]?.linked = Links(numbers: numbers, in: numbering)
            }
            return (stamp, entries)
        }

        /// The bytes of `line` after `prefix`; nil when it does not start with it.
        private static func rest(of line: UnsafeBufferPointer<UInt8>, after prefix: String) -> UnsafeBufferPointer<
            UInt8
        >? {
            let prefix = prefix.utf8
            guard line.count >= prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
            return UnsafeBufferPointer(rebasing: line[prefix.count...])
        }

        /// One number of a `links` line, `#` before it for a link to an id; nil for anything else.
        private static func number(_ bytes: some Collection<UInt8>) -> (fragment: Bool, number: Int)? {
            let fragment = bytes.first == UInt8(ascii: "#")
            let digits = bytes.dropFirst(fragment ? 1 : 0)
            guard !digits.isEmpty, digits.count < 16 else { return nil }
            var number = 0
            for digit in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
                number = number * 10 + Int(digit - UInt8(ascii: "0"))
            }
            return (fragment, number)
        }

        /// `PATH INPUTS BYTES`, read from the end, as the path may hold spaces.
        private static func fingerprintedFile(_ rest: UnsafeBufferPointer<UInt8>) -> (String, Entry) {
            let space = UInt8(ascii: " ")
            let text = { (bytes: Slice<UnsafeBufferPointer<UInt8>>) in String(decoding: bytes, as: UTF8.self) }
            guard let second = rest.lastIndex(of: space), let first = rest[..<second].lastIndex(of: space) else {
                return (text(rest[...]), Entry())
            }
            let known = { (part: Slice<UnsafeBufferPointer<UInt8>>) in
                part.elementsEqual(Self.unknown.utf8) ? nil : text(part)
            }
            return (
                text(rest[..<first]),
                Entry(inputs: known(rest[(first + 1)..<second]), bytes: known(rest[(second + 1)...]))
            )
        }

        /// The stamp of the folder's marker, read from its first lines only: a run that finds
        /// nothing changed reads no more of a marker that runs to a megabyte.
        static func stamp(in folder: URL) -> String? {
            guard let file = fopen(folder.appending(path: SiteWriter.marker).path, "r") else { return nil }
            defer { fclose(file) }
            var line: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(line) }
            // The stamp is the second line; a marker without one says `manifest` soon after.
            for _ in 0..<3 {
                let length = getline(&line, &capacity, file)
                guard length > 0, let line else { return nil }
                let bytes = UnsafeRawBufferPointer(start: line, count: length)
                let text = String(
                    decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
                if text.hasPrefix(SiteWriter.stampPrefix) {
                    return String(text.dropFirst(SiteWriter.stampPrefix.count))
                }
                if text.hasPrefix(Self.manifestLine) { return nil }
            }
            return nil
        }

        /// The marker of `folder`, or nil where there is none (or it cannot be read).
        /// - Parameter manifestOnly: only the files' names, without what it keeps of each (a
        ///   spare's marker, which says only what is repodigest's in it).
        init?(in folder: URL, manifestOnly: Bool = false) {
            guard let text = try? String(contentsOf: folder.appending(path: SiteWriter.marker), encoding: .utf8)
            else { return nil }
            self.init(text: text, manifestOnly: manifestOnly)
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The marker as written: 10,900 lines and 160,000 link numbers at 10,000
        /// repositories, at the end of every build, made as bytes a thousand files at a time
        /// on every core. A link found by a check is numbered by a lookup of its path; one
        /// carried over from the last marker, through a table from its old numbers to the new.
        var bytes: [UInt8] {
            var head = "repodigest\n"
            if let stamp { head += "\(SiteWriter.stampPrefix)\(stamp)\n" }
            guard let entries else { return Array(head.utf8) }
            head += "\(Self.endedManifestLine)\n"
            let order = entries.keys.sorted()
            let number = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            // One table for each marker links were read from: one, in any build.
            var tables: [ObjectIdentifier: [Int32]] = [:]
            for entry in entries.values {
                guard let numbering = entry.linked?.numbering, tables[ObjectIdentifier(numbering)] == nil else {
                    continue
                }
                tables[ObjectIdentifier(numbering)] = numbering.order.map { number[$0].map(Int32.init) ?? -1 }
            }
            let renumbered: @Sendable (Numbering) -> [Int32] = { [tables] in tables[ObjectIdentifier($0)]! }
            let chunk = 1_000
            let parts = Parallel.map((order.count + chunk - 1) / chunk) { part in
                var files: [UInt8] = []
                var links: [UInt8] = []
                for index in (part * chunk)..<min(order.count, (part + 1) * chunk) {
                    let path = order[index]
                    let entry = entries[path]!
                    for field in [
                        Self.filePrefix, path, " ", entry.inputs ?? Self.unknown, " ", entry.bytes ?? Self.unknown,
                    ] {
                        files.append(contentsOf: field.utf8)
                    }
                    files.append(UInt8(ascii: "\n"))
                    guard let targets = entry.linked else { continue }
                    links.append(contentsOf: Self.linksPrefix.utf8)
                    Self.append(index, to: &links)
                    // A link to a file outside the manifest should not be (links are checked
                    // against it); one that is, is left out.
                    for to in targets.numbers(in: number, renumbered: renumbered) {
                        let file = Links.file(of: to)
                        links.append(UInt8(ascii: " "))
                        if file.fragment { links.append(UInt8(ascii: "#")) }
                        Self.append(file.number, to: &links)
                    }
                    links.append(UInt8(ascii: "\n"))
                }
                return (files: files, links: links)
            }
            // Every `file` line first, as `read` numbers the files in their order.
            return Array(head.utf8) + parts.flatMap(\.files) + parts.flatMap(\.links) + Array("\(Self.endLine)\n".utf8)
        }

        /// The decimal digits of a number that is not negative.
        private static func append(_ number: Int, to bytes: inout [UInt8]) {
            let start = bytes.count
            var rest = number
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            bytes[start...].reverse()
        }
    }
}
