/// The attribute values the W3C checker refuses though a browser reads them (rule
/// `attribute-value`), for the elements a README may hold and a table's `<col>` and
/// `<colgroup>`, which only a theme writes. The sanitiser writes each as a browser reads it
/// (`HTMLSanitiser`); this holds every page, a theme's too, to the same: a cell spans at
/// least one column and at most 1,000, and at most 65,534 rows; a `<col>` or `<colgroup>`
/// 1 to 1,000 columns; a `<time>` holds a date HTML reads (`HTMLSanitiser.isDateTime`); a
/// `<bdo>` says its direction; a `<source>`'s `media` and `type` parse
/// (`HTMLSanitiser.isMediaQueryList`, `isMIMEType`), and a `srcset` without `sizes` names
/// each density once, as HTML writes numbers.
enum AttributeValues {
    /// What is wrong with the values of `element`'s attributes, or nil. Asked of every
    /// element: those it knows nothing of cost one comparison.
    static func problem(of element: String, _ attributes: XMLAttributes) -> String? {
        switch element {
        case "td", "th":
            if let span = attributes["colspan"], !(1...1_000).contains(integer(span) ?? 0) {
                return "<\(element) colspan=\"\(span)\">: a cell spans 1 to 1,000 columns"
            }
            if let span = attributes["rowspan"], !(0...65_534).contains(integer(span) ?? -1) {
                return "<\(element) rowspan=\"\(span)\">: a cell spans 0 to 65,534 rows"
            }
        case "col", "colgroup":
            if let span = attributes["span"], !(1...1_000).contains(integer(span) ?? 0) {
                return "<\(element) span=\"\(span)\">: a <col> or <colgroup> spans 1 to 1,000 columns"
            }
        case "time":
            if let date = attributes["datetime"], !HTMLSanitiser.isDateTime(date) {
                return "<time datetime=\"\(date)\">: no date or time HTML reads"
            }
        case "bdo":
            let direction = attributes["dir"]
            if direction != "ltr" && direction != "rtl" {
                return "<bdo> without dir=\"ltr\" or dir=\"rtl\": it overrides the text's direction with one"
            }
        case "source", "img":
            if let media = attributes["media"], element == "source", !HTMLSanitiser.isMediaQueryList(media) {
                return "<source media=\"\(media)\">: no media query HTML reads"
            }
            if let type = attributes["type"], element == "source", !HTMLSanitiser.isMIMEType(type) {
                return "<source type=\"\(type)\">: no MIME type"
            }
            if let srcset = attributes["srcset"], attributes["sizes"] == nil, let problem = densityProblem(srcset) {
                return "<\(element) srcset>: \(problem)"
            }
        default: break
        }
        return nil
    }

    /// HTML's valid non-negative integer, as the W3C checker holds a value to it: digits only
    /// (spaces around them aside). A browser reads more (`2px` as 2: `TableGrid.integer`).
    private static func integer(_ value: String) -> Int? {
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// What is wrong with a `srcset` read by densities (`HTMLSanitiser.density`): each
    /// candidate names one, each density once.
    private static func densityProblem(_ srcset: String) -> String? {
        var densities: Set<Double> = []
        for candidate in srcset.split(separator: ",") {
            let parts = candidate.split(whereSeparator: \.isWhitespace)
            guard parts.count <= 2 else { return "a candidate with more than one descriptor" }
            let descriptor = parts.count == 2 ? parts[1] : ""
            guard let density = HTMLSanitiser.density(descriptor) else {
                return "'\(descriptor)' is no density (a width needs a sizes attribute)"
            }
            guard densities.insert(density).inserted else {
                return "the density \(descriptor.isEmpty ? "1x" : descriptor) twice"
            }
        }
        return nil
    }
}
