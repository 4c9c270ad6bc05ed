import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM as an async sequence, so `serve` can stop in order: end the
/// event streams, close the server, exit 0. The default handlers are set aside while it lives.
///
/// A second signal stops the process at once (exit 130 or 143), from the signal's own queue:
/// the orderly stop runs on Swift's few cooperative threads, which a client that keeps them
/// busy (FlyingFox reads a request line in time that grows with its square) can hold for
/// minutes. Stopping there is as safe as `kill -9`: a publish is one atomic swap.
final class SignalStream: @unchecked Sendable {
    let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init(_ numbers: [Int32] = [SIGINT, SIGTERM]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        signals = stream
        let received = Atomic<Int>(0)
        sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // The handler holds its source until `deinit` cancels it, which lets the handler go.
            source.setEventHandler {
                // `data`: how many came since the handler last ran (two at once count as two).
                guard received.add(max(1, Int(source.data)), ordering: .relaxed).newValue > 1 else {
                    continuation.yield(number)
                    return
                }
                FileHandle.standardError.write(Data("Stopping now (a second signal).\n".utf8))
                _exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}
