internal import FlyingSocks
import Foundation

/// A file's bytes as an answer's body, read as they are sent rather than all at once (a
/// gigabyte's video would otherwise be held in memory while it goes out): from the file opened
/// when the request came, so a rebuild that replaces the site meanwhile cannot change what
/// the answer's `Content-Length` promised.
struct FileBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let file: OpenFile
    let range: Range<Int>

    func makeAsyncIterator() -> Iterator { Iterator(file: file, offset: range.lowerBound, end: range.upperBound) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let file: OpenFile
        var offset: Int
        let end: Int

        mutating func next() async throws -> UInt8? { try nextBuffer(suggested: 1)?.first }

        /// Nil at the range's end. A file that ends before it (cut short meanwhile) throws:
        /// the server then closes the connection short of its length, and the browser says
        /// so, rather than waiting for bytes that will not come.
        mutating func nextBuffer(suggested count: Int) throws -> [UInt8]? {
            let wanted = Swift.min(Swift.max(count, 64 * 1024), end - offset)
            guard wanted > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: wanted)
            let read = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, wanted, off_t(offset)) }
            guard read > 0 else { throw CutShort() }
            offset += read
            return read == wanted ? buffer : Array(buffer[..<read])
        }
    }

    /// The file ended (or could not be read) before the bytes the answer promised.
    struct CutShort: Error {}

    /// A file open for reading, closed when the last answer that reads it is done.
    final class OpenFile: Sendable {
        let descriptor: Int32
        /// Its size when it was opened.
        let size: Int

        /// Nil where it cannot be opened, or is not a regular file (never waiting on a pipe put
        /// in its place since the path was checked).
        init?(path: String) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                return nil
            }
            self.descriptor = descriptor
            self.size = Int(status.st_size)
        }

        deinit { close(descriptor) }
    }
}
