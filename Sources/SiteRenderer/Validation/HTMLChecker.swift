internal import CLibXML2
import Foundation

/// What one HTML page holds that the site-wide checks need, and what is wrong with it alone.
struct HTMLDocumentFacts: Sendable {
    var ids: Set<String> = []
    /// Each relative link, with the line and element it is on: its column is found only
    /// when the link turns out broken (`ColumnFinder`), as almost none does.
    var links: [(href: String, line: Int, element: String)] = []
    var findings: [Finding] = []
}

/// Parses one page with libxml2's XML parser (so it must be well-formed) and checks the
/// rules every page of the site keeps.
enum HTMLChecker {
    private static let allowedSchemes: Set<String> = ["http", "https", "mailto"]
    private static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "cite", "data"]
    /// Elements that load or run other content, or redirect the page; no theme needs them,
    /// so seeing one means something from the data got through.
    private static let activeElements: Set<String> = [
        "iframe", "frame", "frameset", "object", "embed", "applet", "base", "form", "portal",
    ]

    static func check(_ file: OutputFile) -> HTMLDocumentFacts {
        var facts = HTMLDocumentFacts()
        // Only a page with findings needs columns; most have none, so the finder is made on demand.
        var columns: ColumnFinder?
        func column(of name: String, line: Int) -> Int {
            if columns == nil { columns = ColumnFinder(file.contents) }
            return columns!.column(of: name, line: line)
        }
        func finding(_ line: Int, _ column: Int, _ rule: String, _ message: String) {
            facts.findings.append(Finding(file: file.path, line: line, column: column, rule: rule, message: message))
        }
        guard String(decoding: file.contents.prefix(15), as: UTF8.self).lowercased() == "<!doctype html>" else {
            finding(1, 1, "doctype", "page must start with <!DOCTYPE html>")
            return facts
        }
        let tree: XMLTree
        switch XMLTree.parse(file) {
        case .parsed(let parsed): tree = parsed
        case .notWellFormed(let notWellFormed):
            facts.findings.append(notWellFormed)
            return facts
        }

        var mainCount = 0
        var sawTitle = false
        var sawCharset = false

        guard let root = tree.root, XMLTree.name(of: root) == "html" else {
            finding(1, 1, "root", "the root element must be <html>")
            return facts
        }
        if (XMLTree.attribute("lang", of: root) ?? "").isEmpty {
            finding(
                XMLTree.line(of: root), column(of: "html", line: XMLTree.line(of: root)), "lang",
                "<html> needs a lang attribute")
        }

        var next: xmlNodePtr? = root
        while let node = next {
            next = XMLTree.element(after: node, under: root)
            let element = XMLTree.name(of: node)
            let line = XMLTree.line(of: node)
            var col: Int { column(of: element, line: line) }
            switch element {
            case "main": mainCount += 1
            case "title":
                sawTitle = true
                if XMLTree.text(of: node).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    finding(line, col, "title", "<title> is empty")
                }
            case "meta" where XMLTree.attribute("charset", of: node)?.lowercased() == "utf-8": sawCharset = true
            case "img" where XMLTree.attribute("alt", of: node) == nil:
                finding(line, col, "img-alt", "<img> needs an alt attribute")
            case "script":
                if XMLTree.attribute("src", of: node) == nil || !XMLTree.text(of: node).isEmpty {
                    finding(line, col, "inline-script", "scripts must load a file of the site, never inline code")
                }
            case "meta" where XMLTree.attribute("http-equiv", of: node)?.lowercased() == "refresh":
                finding(line, col, "active-content", "<meta http-equiv=\"refresh\"> is not allowed")
            case let name where activeElements.contains(name):
                finding(line, col, "active-content", "<\(name)> is not allowed in a published page")
            default: break
            }
            var property = node.pointee.properties
            while let attr = property {
                defer { property = attr.pointee.next }
                let attrName = attr.pointee.name.map { String(cString: $0).quicklyLowercased } ?? ""
                if attrName.hasPrefix("on") {
                    finding(line, col, "event-handler", "<\(element)> has an event-handler attribute '\(attrName)'")
                }
                // Only these attributes' values matter; the others' (class, aria-*) are not read.
                guard attrName == "id" || attrName == "srcset" || urlAttributes.contains(attrName) else { continue }
                let value = XMLTree.attributeValue(attr)
                if attrName == "id" {
                    if !facts.ids.insert(value).inserted {
                        finding(line, col, "duplicate-id", "id '\(value)' is used more than once")
                    }
                }
                if attrName == "srcset" {
                    for candidate in value.split(separator: ",") {
                        let url =
                            candidate.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init)
                            ?? ""
                        if let scheme = scheme(of: url), !allowedSchemes.contains(scheme) {
                            finding(line, col, "unsafe-url", "<\(element) srcset> uses the scheme '\(scheme):'")
                        } else if let problem = URLSyntax.problem(in: url) {
                            finding(line, col, "url-syntax", "<\(element) srcset> has a bad URL: \(problem)")
                        }
                    }
                }
                guard urlAttributes.contains(attrName) else { continue }
                let valueScheme = scheme(of: value)
                if isBlank(value) {
                    finding(line, col, "empty-url", "<\(element)> has an empty \(attrName)")
                } else if let scheme = valueScheme, !allowedSchemes.contains(scheme) {
                    finding(line, col, "unsafe-url", "<\(element) \(attrName)> uses the scheme '\(scheme):'")
                } else {
                    if let problem = URLSyntax.problem(in: value) {
                        finding(line, col, "url-syntax", "<\(element) \(attrName)> has a bad URL: \(problem)")
                    }
                    if valueScheme == nil, !value.hasPrefix("//") { facts.links.append((value, line, element)) }
                }
            }
        }
        if !sawCharset { finding(1, 1, "charset", "page needs <meta charset=\"utf-8\">") }
        if !sawTitle { finding(1, 1, "title", "page needs a <title>") }
        if mainCount != 1 { finding(1, 1, "main", "page needs exactly one <main>, found \(mainCount)") }
        return facts
    }

    /// The lower-cased scheme of a URL, if it has one. Browsers drop leading control
    /// characters and spaces and every tab and newline inside a URL, so `java&#9;script:` runs;
    /// and the XML parser has already turned those tabs into spaces. So all ASCII whitespace
    /// and control characters go before the scheme is read: stricter, never looser.
    ///
    /// Read as UTF-8 bytes, which finds the same scheme as reading characters: a scheme is
    /// ASCII, and a byte at or below 0x20 is a whole character but for `\r\n`, dropped alike.
    static func scheme(of url: String) -> String? {
        var scheme: [UInt8] = []
        for byte in url.utf8 where byte > 0x20 {
            switch byte {
            case UInt8(ascii: ":"):
                guard let first = scheme.first, isASCIILetter(first) else { return nil }
                return String(decoding: scheme, as: UTF8.self).lowercased()
            case _
            where isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."):
                scheme.append(byte)
            default:
                return nil
            }
        }
        return nil
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// `value.trimmingCharacters(in: .whitespaces).isEmpty`, without building the trimmed string.
    static func isBlank(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { CharacterSet.whitespaces.contains($0) }
    }
}
