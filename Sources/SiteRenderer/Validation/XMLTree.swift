internal import CLibXML2
import Foundation

/// libxml2's XML parser over a site's files, and small readers over the nodes of a tree the
/// sanitiser builds. The parse is strict XML (no recovery, no network), which is what makes
/// polyglot HTML5 checkable; it reports elements as it meets them (`read`) and builds no tree.
enum XMLTree {
    /// libxml2 must set up its global tables once, on one thread, before parsing on many.
    private static let initialised: Void = xmlInitParser()

    static func initialise() { _ = initialised }

    /// Reads `file` with libxml2's XML parser, telling `reader` of each element, its attributes
    /// and text as they come, and building no tree (a page's tree was most of the time its
    /// check took). Nil when the file is well-formed, else the finding that says where not.
    static func read(_ file: OutputFile, elements reader: some XMLElementReader) -> Finding? {
        guard let context = xmlNewParserCtxt(), let handler = context.pointee.sax else {
            return Finding(file: file.path, line: 1, column: 1, rule: "well-formed", message: "libxml2 could not start")
        }
        defer { xmlFreeParserCtxt(context) }
        let box = Unmanaged.passRetained(ReaderBox(reader))
        defer { box.release() }
        context.pointee._private = box.toOpaque()
        handler.pointee.startElementNs = { context, name, _, namespace, _, _, count, _, attributes in
            guard let context, let name else { return }
            // Told before libxml2 reads past the tag's end: `/>` is still ahead for `<x/>`.
            ReaderBox.of(context).start(
                String(cString: name).quicklyLowercased, namespace.map { String(cString: $0) },
                Int(xmlSAX2GetLineNumber(context)), ReaderBox.offset(context),
                XMLAttributes(base: attributes, count: Int(count)),
                selfClosing: ReaderBox.byteAhead(context) == UInt8(ascii: "/"))
        }
        handler.pointee.endElementNs = { context, _, _, _ in
            guard let context else { return }
            ReaderBox.of(context).end()
        }
        let text: charactersSAXFunc = { context, characters, length in
            guard let context, let characters else { return }
            ReaderBox.of(context).text(characters, Int(length))
        }
        handler.pointee.characters = text
        handler.pointee.ignorableWhitespace = text
        // What an HTML parser reads otherwise than XML's: told, for the reader to refuse.
        handler.pointee.cdataBlock = { context, value, length in
            guard let context else { return }
            let text = value.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self) }
            ReaderBox.of(context).markup(.cdata(text ?? ""), Int(xmlSAX2GetLineNumber(context)))
        }
        handler.pointee.processingInstruction = { context, _, _ in
            guard let context else { return }
            ReaderBox.of(context).markup(.processingInstruction, Int(xmlSAX2GetLineNumber(context)))
        }
        handler.pointee.internalSubset = { context, name, externalID, systemID in
            guard let context else { return }
            xmlSAX2InternalSubset(context, name, externalID, systemID)  // libxml2's own, which keeps the DTD
            // Told for every DOCTYPE, before its declarations: only one with `[` ahead has any.
            guard ReaderBox.byteAhead(context) == UInt8(ascii: "[") else { return }
            ReaderBox.of(context).markup(.internalSubset, Int(xmlSAX2GetLineNumber(context)))
        }
        handler.pointee.comment = { context, value in
            guard let context else { return }
            let text = value.map { String(cString: $0) } ?? ""
            ReaderBox.of(context).markup(.comment(text), Int(xmlSAX2GetLineNumber(context)))
        }
        let parsed = FirstError.capture {
            file.contents.withUnsafeBytes { buffer in
                xmlCtxtReadMemory(
                    context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                    file.path, "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
        }
        if let document = parsed.result { xmlFreeDoc(document) }
        guard context.pointee.wellFormed == 0 || parsed.result == nil else { return nil }
        let error = parsed.firstError
        var finding = Finding(
            file: file.path, line: error?.line ?? 1, column: error?.column ?? 1, rule: "well-formed",
            message: Self.limitPassed(error?.message).map { "too large to check: \($0) (libxml2's limit)" }
                ?? "not well-formed: " + (error?.message ?? "parse error"))
        finding.placeTagLeftOpen(in: file.contents)
        return finding
    }

    /// What passed one of the limits libxml2 keeps without `XML_PARSE_HUGE` (left unset here:
    /// no page worth publishing comes near them), in words, from libxml2's ("internal error:
    /// Huge input lookup", "Excessive depth in document: 256 use XML_PARSE_HUGE option", an
    /// option no user can set); nil for any other error.
    static func limitPassed(_ message: String?) -> String? {
        guard let message else { return nil }
        let limits = [
            ("Excessive depth in document", "elements nest more than 256 deep"),
            ("Huge input lookup", "a text runs past 10,000,000 characters"),
            ("huge text node", "a text runs past 10,000,000 characters"),
            ("AttValue length too long", "an attribute's value runs past 10,000,000 characters"),
            ("Comment too big", "a comment runs past 10,000,000 characters"),
            ("CData section too big", "a CDATA section runs past 10,000,000 characters"),
            ("Name too long", "a tag's or an attribute's name runs past 50,000 characters"),
        ]
        return limits.first { message.contains($0.0) }?.1
    }

    /// Visits `root` and every node below it in document order, by the tree's own links, not
    /// recursion: a stranger's HTML chooses the depth. `enter` says whether to go into a
    /// node; `leave` follows each node gone into, once its children (if any) are visited.
    static func walk(_ root: xmlNodePtr, enter: (xmlNodePtr) -> Bool, leave: () -> Void) {
        var node: xmlNodePtr? = root
        while let current = node {
            if enter(current) {
                if let child = current.pointee.children {
                    node = child
                    continue
                }
                leave()
            }
            var done = current
            node = nil
            while done != root {
                if let next = done.pointee.next {
                    node = next
                    break
                }
                guard let parent = done.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { break }
                leave()
                done = parent
            }
        }
    }

    /// The text below `node`, as `text(of:)` gives it, without what each element below it
    /// that `skipped` names holds. Read by `walk`, no deeper than the tree.
    static func text(of node: xmlNodePtr, skipping skipped: (xmlNodePtr) -> Bool) -> String {
        var text = ""
        walk(
            node,
            enter: { current in
                switch current.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content { text += String(cString: content) }
                    return false
                case XML_ELEMENT_NODE: return current == node || !skipped(current)
                default: return false
                }
            }, leave: {})
        return text
    }

    /// Whether `root`, or an element at most `depth` levels below it, is one that `matches`:
    /// looked for by `walk`, so that no depth a README chooses runs out of stack, and no
    /// further than the first found.
    static func holdsElement(_ root: xmlNodePtr, within depth: Int, where matches: (xmlNodePtr) -> Bool) -> Bool {
        var found = false
        var level = 0
        walk(
            root,
            enter: { node in
                guard !found, node.pointee.type == XML_ELEMENT_NODE else { return false }
                found = matches(node)
                guard !found, level < depth else { return false }
                level += 1
                return true
            }, leave: { level -= 1 })
        return found
    }

    /// The element children of a node that have a local name.
    static func children(of node: xmlNodePtr, named wanted: String) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, name(of: current) == wanted { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0).quicklyLowercased } ?? ""
    }

    static func namespace(of node: xmlNodePtr) -> String? {
        node.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    static func line(of node: xmlNodePtr) -> Int {
        Int(xmlGetLineNo(node))
    }

    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { rd_xml_free(value) }
        return String(cString: value)
    }

    static func attributeValue(_ attribute: xmlAttrPtr) -> String {
        guard let value = xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1) else { return "" }
        defer { rd_xml_free(value) }
        return String(cString: value)
    }

    /// A text node's own text, read in place (no copy made by libxml2 first).
    static func content(of textNode: xmlNodePtr) -> String {
        textNode.pointee.content.map { String(cString: $0) } ?? ""
    }

    static func text(of node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { rd_xml_free(content) }
        return String(cString: content)
    }
}

/// The first error libxml2 reports while parsing: the one that names the real mistake (the
/// last is usually "premature end of data"). libxml2's structured error handler is per
/// thread, and parsing is synchronous, so setting it around one parse is safe.
private final class FirstError {
    var line = 0
    var column = 0
    var message: String?

    static func capture<T>(_ parse: () -> T) -> (result: T, firstError: (line: Int, column: Int, message: String)?) {
        let box = FirstError()
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        xmlSetStructuredErrorFunc(unmanaged.toOpaque()) { context, error in
            guard let context, let error else { return }
            let box = Unmanaged<FirstError>.fromOpaque(context).takeUnretainedValue()
            guard box.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            box.line = Int(error.pointee.line)
            box.column = Int(error.pointee.int2)
            box.message = error.pointee.message.map {
                String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let result = parse()
        return (result, box.message.map { (max(1, box.line), max(1, box.column), $0) })
    }
}

/// The namespaces of the markup a browser renders wherever it meets it, inside any XML.
enum MarkupNamespace {
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let svg = "http://www.w3.org/2000/svg"
    static let mathML = "http://www.w3.org/1998/Math/MathML"
}

/// What reads a document's elements as the parser meets them (`XMLTree.read`).
protocol XMLElementReader: AnyObject {
    /// An element starts: its lower-cased local name, its namespace (nil for none), the line
    /// its start tag ends on and the byte offset in the file where it ends (at its `>` or
    /// `/>`: the last `<` before it is the tag's own, as XML allows none inside a tag), and
    /// whether it is written `<x/>`.
    func start(
        _ element: String, namespace: String?, line: Int, tagEnd: Int, attributes: XMLAttributes, selfClosing: Bool)
    /// Whether `text` is wanted now: text is made into strings only then.
    var wantsText: Bool { get }
    /// Text within the current element (in pieces, entities decoded).
    func text(_ text: String)
    /// The current element ends.
    func end()
    /// A comment, a CDATA section or a processing instruction, on `line`.
    func markup(_ markup: XMLMarkup, line: Int)
}

/// Markup that is not an element or text. A browser's HTML parser reads two of them otherwise
/// than XML's: a CDATA section (outside SVG and MathML) and a processing instruction are
/// "bogus comments" that end at their first `>`, so `<?x ><script>…?>` runs a script the XML
/// parser saw as one instruction. A comment is read alike, except inside an element whose
/// text HTML reads raw (`<style><!--</style><script>…-->`) and where it starts `<!-->`.
enum XMLMarkup: Equatable {
    case comment(String)
    /// A CDATA section and its text (a feed reader reads it as text).
    case cdata(String)
    case processingInstruction
    /// `<!DOCTYPE x [ … ]>`: declarations, entities among them, that a browser expands.
    case internalSubset
}

/// The attributes of a start tag as libxml2 hands them over: five pointers each (local name,
/// prefix, namespace, value start, value end), valid only while the tag is being read.
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    var indices: Range<Int> { 0..<count }

    /// The local name, as written.
    func name(at index: Int) -> String {
        base?[5 * index].map { String(cString: $0) } ?? ""
    }

    /// Whether the attribute is written with a prefix (`xlink:href`, `a:src`): a browser's
    /// HTML parser reads `a:src` as an attribute of that whole name, not as `src`.
    func hasPrefix(at index: Int) -> Bool {
        base?[5 * index + 1] != nil
    }

    /// The value, entities decoded. Left to re-parse, libxml2 hands `&` over as `&#38;`.
    func value(at index: Int) -> String {
        guard let base, let start = base[5 * index + 3], let end = base[5 * index + 4] else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        let value = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "&")) ? value.replacingOccurrences(of: "&#38;", with: "&") : value
    }

    /// The value of the attribute written `name` with no prefix (lower-case; compared in any
    /// case, as a browser reads `HTTP-EQUIV`), if any: `a:src` is not `src` to a browser.
    subscript(name: String) -> String? {
        indices.first { !hasPrefix(at: $0) && self.name(at: $0).quicklyLowercased == name }.map(value(at:))
    }

    /// The value of the first attribute whose local name is exactly `name`, with a prefix or
    /// without: what libxml2's `xmlGetProp` finds on a node of a tree.
    func first(named name: String) -> String? {
        indices.first { self.name(at: $0) == name }.map(value(at:))
    }

    /// The values of every attribute whose local name is `name`, with a prefix or without
    /// (`href` and `xlink:href`, which an SVG reads both of).
    func all(named name: String) -> [String] {
        indices.filter { self.name(at: $0).quicklyLowercased == name }.map(value(at:))
    }
}

/// The reader a parse reports to, reached from libxml2's parser context in each callback.
private final class ReaderBox {
    let reader: any XMLElementReader

    init(_ reader: any XMLElementReader) { self.reader = reader }

    func start(
        _ element: String, _ namespace: String?, _ line: Int, _ tagEnd: Int, _ attributes: XMLAttributes,
        selfClosing: Bool
    ) {
        reader.start(
            element, namespace: namespace, line: line, tagEnd: tagEnd, attributes: attributes,
            selfClosing: selfClosing)
    }

    func text(_ characters: UnsafePointer<xmlChar>, _ length: Int) {
        guard reader.wantsText else { return }
        reader.text(String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF8.self))
    }

    func end() { reader.end() }

    func markup(_ markup: XMLMarkup, _ line: Int) { reader.markup(markup, line: line) }

    /// The byte the parser reads next: what a callback is told before libxml2 reads on.
    /// The byte offset in the file of the parser's place: what it let go of, and how far it
    /// is in what it holds.
    static func offset(_ context: UnsafeMutableRawPointer) -> Int {
        guard let input = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee.input,
            let cur = input.pointee.cur, let base = input.pointee.base
        else { return 0 }
        return Int(input.pointee.consumed) + (cur - base)
    }

    static func byteAhead(_ context: UnsafeMutableRawPointer) -> UInt8? {
        context.assumingMemoryBound(to: xmlParserCtxt.self).pointee.input?.pointee.cur?.pointee
    }

    static func of(_ context: UnsafeMutableRawPointer) -> ReaderBox {
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        return Unmanaged<ReaderBox>.fromOpaque(parser.pointee._private).takeUnretainedValue()
    }
}
