internal import CLibXML2
import Foundation

/// Feeds and the sitemap: each must be well-formed XML, or no reader will take it.
enum XMLChecker {
    static func check(_ file: OutputFile) -> [Finding] {
        guard let context = xmlNewParserCtxt() else { return [] }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = file.contents.withUnsafeBytes { buffer in
            xmlCtxtReadMemory(
                context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                file.path, "UTF-8", options)
        }
        defer { if let document { xmlFreeDoc(document) } }
        guard document == nil || context.pointee.wellFormed == 0 else { return [] }
        let error = context.pointee.lastError
        let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
        return [
            Finding(
                file: file.path, line: Int(max(1, error.line)), column: Int(max(1, error.int2)), rule: "well-formed",
                message: "not well-formed: " + (message ?? "parse error"))
        ]
    }
}
