internal import FlyingSocks
import Foundation

/// The server-sent events that reload open pages after a rebuild. Each browser tab holds one
/// `/__repodigest/events` stream; a rebuild sends `event: reload` down every one of them.
actor ReloadEvents {
    private var clients: [UUID: AsyncStream<Data>.Continuation] = [:]
    private var generation = 0

    /// A new stream. It opens with a comment, so a client knows it is registered.
    func subscribe() -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in Task { await self?.remove(id) } }
        clients[id] = continuation
        continuation.yield(Data("retry: 1000\n: connected\n\n".utf8))
        return stream
    }

    func reload() {
        generation += 1
        send("event: reload\ndata: \(generation)\n\n")
    }

    /// A comment now and then: a write to a closed tab fails, and its stream is dropped.
    func heartbeat() { send(": keep-alive\n\n") }

    /// Ends every stream, so that the server can stop without waiting on open tabs.
    func finish() {
        clients.values.forEach { $0.finish() }
        clients.removeAll()
    }

    private func send(_ text: String) {
        clients.values.forEach { $0.yield(Data(text.utf8)) }
    }

    private func remove(_ id: UUID) { clients[id] = nil }
}

/// One event stream's bytes, handed on as they come: FlyingFox sends a body of unknown
/// length in chunks, each as soon as this yields it.
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let messages: AsyncStream<Data>

    func makeAsyncIterator() -> Iterator { Iterator(base: messages.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var base: AsyncStream<Data>.Iterator
        var pending: [UInt8] = []

        mutating func next() async -> UInt8? {
            if pending.isEmpty { pending = await nextBuffer(suggested: 1) ?? [] }
            return pending.isEmpty ? nil : pending.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
            if !pending.isEmpty {
                defer { pending = [] }
                return pending
            }
            return await base.next().map(Array.init)
        }
    }
}
