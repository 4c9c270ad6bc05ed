internal import CLibXML2
import Foundation

extension HTMLSanitiser {
    /// The writer's output with its lists, description lists, terms, tables, captions,
    /// rubies, summaries and pictures as HTML's content models want them (`ContentModels`,
    /// the validator's rule `content-model`), and its tables' cells on their grid
    /// (`TableModel`, rule `table-model`).
    ///
    /// `tidy` mends them in the tree a README parses to, but the writer then writes what a
    /// browser builds, and moves parts as a browser does: an item or a term out of a table,
    /// a term out of the description a browser closes at it, a cell out of the row a browser
    /// closes at it; and `tidy` moves what a picture holds besides its image out of it. Where
    /// such a move leaves an item outside a list, a list's last term without its
    /// description, a cell without its row or a picture without its image, the output is
    /// read back (it is well-formed XML, as the validator reads it), mended as `tidy` mends,
    /// and written out again. Only a README something was moved in
    /// (`Writer.rearranged`: an element unwrapped, moved or closed early, seldom but in broken
    /// HTML; `tidy`'s result) is read back at all, and a tree built only where that reading
    /// finds a problem: the benchmark's READMEs, lists and tables in each, are never read back.
    static func regrouped(_ writer: Writer, tidyMoved: Bool) -> String {
        let written = writer.output
        guard writer.rearranged || tidyMoved else { return written }
        let wrapped = "<div>" + written + "</div>"
        let check = ContentCheck()
        let file = OutputFile(path: "README", contents: Data(wrapped.utf8))
        guard XMLTree.read(file, elements: check) == nil, check.broken else { return written }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        guard
            let document = wrapped.withCString({
                xmlReadMemory($0, Int32(clamping: strlen($0)), nil, "UTF-8", Int32(options))
            })
        else { return written }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return written }
        regroup(root)
        return serialised(root)
    }

    /// `tidy`'s mends of lists, description lists, terms, tables, captions (a table's and a
    /// figure's), rubies, summaries and pictures, everywhere below `root`: the written tree
    /// is the one a browser builds, so nothing is left for a browser to close, as `tidy` must
    /// leave it in a README's own tree.
    private static func regroup(_ root: xmlNodePtr) {
        var names: [String] = []
        XMLTree.walk(
            root,
            enter: { node in
                guard node.pointee.type == XML_ELEMENT_NODE else { return false }
                var name = XMLTree.name(of: node)
                let children = elements(in: node)
                // What stands only in its whole, moved out of it: the element a browser shows it as.
                let renamed: String? =
                    switch name {
                    case "figcaption" where names.last != "figure": "div"
                    case "rt" where names.last != "ruby", "rp" where names.last != "ruby": "span"
                    case "ruby" where !children.contains(where: { $0.name == "rt" }): "span"
                    case "summary" where names.last != "details": "div"
                    case "picture" where !children.contains(where: { $0.name == "img" }): "span"
                    default: nil
                    }
                if name == "picture", renamed != nil { dropSources(of: children) }
                if let renamed {
                    xmlNodeSetName(node, renamed)
                    name = renamed
                }
                switch name {
                case "ruby": endWithRubyPart(node)
                case "summary": keepOneHeading(in: node)
                case "details": putSummaryFirst(in: node)
                case "figure": keepOneCaption(in: node)
                case "table":
                    unwrapRowsWithoutCells(of: node)
                    giveCellsARow(in: node)
                    giveRowsAGroup(in: node)
                    putCaptionFirst(in: node, moving: true)
                    putRowGroupsInOrder(in: node)
                    fitSpans(of: node)
                case "tbody", "thead", "tfoot":
                    guard names.last != "table" else { break }
                    giveCellsARow(in: node)
                    fitRowSpans(in: node)
                default: break
                }
                switch name {
                case "ul", "ol", "menu":
                    keepItemsOnly(in: node)
                case "dl":
                    mendDescriptionList(node)
                case "div" where names.last == "dl":
                    mendGroup(node)
                default:
                    if children.contains(where: { $0.name == "dt" || $0.name == "dd" }) {
                        giveTermsAList(in: node)
                    }
                    if children.contains(where: { $0.name == "li" }) {
                        giveItemsAList(in: node)
                    }
                }
                names.append(name)
                return true
            },
            leave: { names.removeLast() })
    }

    /// What `root` holds, written as the writer writes: void elements closed with ` />`, every
    /// attribute quoted, text and values escaped (`xmlEscaped`).
    private static func serialised(_ root: xmlNodePtr) -> String {
        var output = ""
        var closers: [String] = []
        XMLTree.walk(
            root,
            enter: { node in
                if node == root {
                    closers.append("")
                    return true
                }
                switch node.pointee.type {
                case XML_TEXT_NODE:
                    output += XMLTree.content(of: node).xmlEscaped
                    return false
                case XML_ELEMENT_NODE:
                    let name = XMLTree.name(of: node)
                    output += "<" + name
                    var attribute = node.pointee.properties
                    while let current = attribute {
                        output +=
                            " \(String(cString: current.pointee.name))=\"\(XMLTree.attributeValue(current).xmlEscaped)\""
                        attribute = current.pointee.next
                    }
                    guard !HTMLChecker.voidElements.contains(name) else {
                        output += " />"
                        return false
                    }
                    output += ">"
                    closers.append("</\(name)>")
                    return true
                default:
                    return false
                }
            },
            leave: { output += closers.removeLast() })
        return output
    }

    /// Reads the output as the validator does, and says whether `ContentModels` or
    /// `TableModel` found a problem.
    private final class ContentCheck: XMLElementReader {
        private var models = ContentModels()
        private var tables = TableModel()
        private var depth = 0
        private(set) var broken = false

        func start(
            _ element: String, namespace: String?, line: Int, tagEnd _: Int, attributes: XMLAttributes,
            selfClosing: Bool
        ) {
            depth += 1
            let role = ContentModels.roles[element] ?? .none
            if !models.start(element, role: role, line: line).isEmpty { broken = true }
            if !tables.start(element, role: role, depth: depth, line: line, attributes: attributes).isEmpty {
                broken = true
            }
        }

        var wantsText: Bool { !broken && models.wantsText }

        func text(_ text: String) {
            if BrowserNesting.hasContent(text), models.text() != nil { broken = true }
        }

        func end() {
            let modelProblem = models.end()
            let tableProblems = tables.end(depth: depth)
            if modelProblem != nil || !tableProblems.isEmpty { broken = true }
            depth -= 1
        }

        func markup(_ markup: XMLMarkup, line: Int) {}
    }
}
