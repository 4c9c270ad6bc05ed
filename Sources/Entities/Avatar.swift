public import Foundation

/// An account's picture, fetched at build time so that a site can serve it itself and its
/// readers' browsers never contact GitHub for it.
public struct Avatar: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable {
        case png, jpeg, gif, webp
        /// Only the bundled sample's own drawings: an SVG from the network could hold script.
        case svg
    }

    public var data: Data
    public var format: Format

    public init(data: Data, format: Format) {
        self.data = data
        self.format = format
    }

    /// The format of a raster image, told by its first bytes; nil for anything else, which
    /// is never published as an avatar.
    public static func rasterFormat(of data: Data) -> Format? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }
}
