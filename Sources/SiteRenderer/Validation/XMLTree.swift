internal import CLibXML2
import Foundation

/// A file parsed by libxml2's XML parser, and small readers over its nodes. The parse is
/// strict XML (no recovery, no network), which is what makes polyglot HTML5 checkable.
final class XMLTree {
    let document: xmlDocPtr

    private init(document: xmlDocPtr) {
        self.document = document
    }

    deinit { xmlFreeDoc(document) }

    var root: xmlNodePtr? { xmlDocGetRootElement(document) }

    /// libxml2 must set up its global tables once, on one thread, before parsing on many.
    private static let initialised: Void = xmlInitParser()

    static func initialise() { _ = initialised }

    /// The parsed file, or the finding that says where it stops being well-formed.
    enum ParseOutcome {
        case parsed(XMLTree)
        case notWellFormed(Finding)
    }

    static func parse(_ file: OutputFile) -> ParseOutcome {
        guard let context = xmlNewParserCtxt() else {
            return .notWellFormed(
                Finding(file: file.path, line: 1, column: 1, rule: "well-formed", message: "libxml2 could not start"))
        }
        defer { xmlFreeParserCtxt(context) }
        let parsed = FirstError.capture {
            file.contents.withUnsafeBytes { buffer in
                xmlCtxtReadMemory(
                    context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                    file.path, "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
        }
        guard let document = parsed.result, context.pointee.wellFormed != 0 else {
            if let document = parsed.result { xmlFreeDoc(document) }
            let error = parsed.firstError
            return .notWellFormed(
                Finding(
                    file: file.path, line: error?.line ?? 1, column: error?.column ?? 1, rule: "well-formed",
                    message: "not well-formed: " + (error?.message ?? "parse error")))
        }
        return .parsed(XMLTree(document: document))
    }

    /// The element after `node` in document order, depth first, among `root` and the
    /// elements under it; nil after the last. A loop, not a visitor: the checker's state
    /// then stays in its own locals, which a closure would box and check on every access.
    static func element(after node: xmlNodePtr, under root: xmlNodePtr) -> xmlNodePtr? {
        if let child = firstElement(from: node.pointee.children) { return child }
        var current = node
        while current != root {
            if let sibling = firstElement(from: current.pointee.next) { return sibling }
            guard let parent = current.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
            current = parent
        }
        return nil
    }

    /// `node` or the first element after it among its siblings.
    private static func firstElement(from node: xmlNodePtr?) -> xmlNodePtr? {
        var node = node
        while let current = node, current.pointee.type != XML_ELEMENT_NODE { node = current.pointee.next }
        return node
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
