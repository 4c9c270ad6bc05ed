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

        mutating func next() async throws -> UInt8? { try read(1)?.first }

        /// At least 64 KB a read, where the range holds as much: a read of the system each
        /// few kilobytes would cost more than sending them.
        mutating func nextBuffer(suggested count: Int) throws -> [UInt8]? { try read(Swift.max(count, 64 * 1024)) }

        /// Up to `count` bytes, nil at the range's end. A file that ends before it (cut short
        /// meanwhile) throws: the server then closes the connection short of its length, and
        /// the browser says so, rather than waiting for bytes that will not come.
        private mutating func read(_ count: Int) throws -> [UInt8]? {
            let wanted = Swift.min(count, end - offset)
            guard wanted > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: wanted)
            let got = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, wanted, off_t(offset)) }
            guard got > 0 else { throw CutShort() }
            offset += got
            return got == wanted ? buffer : Array(buffer[..<got])
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
