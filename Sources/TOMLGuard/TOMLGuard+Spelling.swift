extension TOMLGuard {
    /// The name of `names` that `typed` was most likely meant to be, for a message that
    /// suggests it ("did you mean 'concurrency'?"): the same but for case and `-` for `_`, or
    /// at most two letters added, dropped or changed (Levenshtein's distance), the nearest
    /// first; nil when none is that near. Names of fewer than `shortest` letters are only
    /// suggested for the same name in another case: two letters change one short name into
    /// any other.
    public static func nearest(to typed: String, among names: some Sequence<String>, shortest: Int = 1) -> String? {
        let folded = keySpelling(typed)
        let scored = names.compactMap { name -> (Int, String)? in
            let lowered = name.lowercased()
            if lowered == folded { return (0, name) }
            guard name.count >= shortest, abs(lowered.count - folded.count) <= 2 else { return nil }
            return (distance(folded, lowered), name)
        }
        return scored.filter { $0.0 <= 2 }.min { $0 < $1 }?.1
    }

    /// `key` as a key of repodigest's files is spelt: lower case, `_` for `-` (`Base-URL` is
    /// `base_url`).
    public static func keySpelling(_ key: String) -> String {
        String(key.lowercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Levenshtein's distance: the letters to add, remove or change to turn one into the other.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
