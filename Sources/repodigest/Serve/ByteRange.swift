/// The one range of a file a `Range` header asks for (RFC 9110, section 14), as a browser's
/// video player asks for a video a piece at a time (Safari plays none it cannot ask so).
enum ByteRange: Equatable {
    /// No range, or one this server answers with the whole file, as RFC 9110 allows: several
    /// ranges, a unit other than bytes, or a header it cannot read.
    case whole
    /// These bytes: answered 206.
    case part(Range<Int>)
    /// Past the file's end (or a suffix of none): answered 416.
    case unsatisfiable

    /// What `header` asks of a file of `size` bytes.
    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !spec.contains(",") else {
            self = .whole
            return
        }
        func number(_ text: Substring) -> Int? {
            // Digits alone (`Int` would take a sign), and few enough to fit.
            text.isEmpty || text.count > 18 || !text.allSatisfy({ ("0"..."9").contains($0) }) ? nil : Int(text)
        }
        switch (number(parts[0]), number(parts[1])) {
        case (let first?, let last) where parts[1].isEmpty || last != nil:
            if let last, last < first {
                self = .whole
            } else if first >= size {
                self = .unsatisfiable
            } else {
                self = .part(first..<min(size, (last ?? size - 1) + 1))
            }
        case (nil, let suffix?) where parts[0].isEmpty:
            self = suffix == 0 || size == 0 ? .unsatisfiable : .part(max(0, size - suffix)..<size)
        default:
            self = .whole
        }
    }
}
