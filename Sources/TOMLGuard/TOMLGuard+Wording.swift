extension TOMLGuard {
    /// A TOMLKit (toml++) parse error's description in the words of repodigest's other
    /// messages: `Error while parsing key-value pair: expected value, saw '\n'` becomes `in a
    /// key = value line: expected a value, found the end of the line`. A description of
    /// another shape is given back as it is.
    public static func reworded(_ description: String) -> String {
        let prefix = "Error while parsing "
        guard description.hasPrefix(prefix), let colon = description.firstRange(of: ": ") else { return description }
        let context = String(
            description[description.index(description.startIndex, offsetBy: prefix.count)..<colon.lowerBound])
        var detail = String(description[colon.upperBound...])
        let places = [
            "key-value pair": "a key = value line", "table header": "a [table] header",
            "array-of-tables header": "an [[array of tables]] header", "array": "an [array]",
            "inline table": "an { inline = table }", "root table": "the file",
        ]
        for (said, meant) in [
            ("saw '\\n'", "found the end of the line"), ("saw '\\r'", "found the end of the line"),
            ("saw ", "found "), ("expected value", "expected a value"),
            ("encountered end-of-file", "the file ends before it is closed"),
        ] {
            detail = detail.replacing(said, with: meant)
        }
        if detail.hasPrefix("cannot redefine existing "), let quote = detail.firstIndex(of: "'") {
            detail = "\(detail[quote...]) is set twice (a key is set once in its table)"
        }
        return "in \(places[context] ?? context): \(detail)"
    }
}
