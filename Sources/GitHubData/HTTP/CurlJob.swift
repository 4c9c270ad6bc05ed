import Foundation

/// One request waiting for, or running on, a worker thread; resumes its task exactly once,
/// however cancellation and completion race.
final class CurlJob: @unchecked Sendable {
    typealias Answer = (status: Int, headers: HTTPHeaders, body: Data, newConnections: Int)

    let url: String
    let headers: HTTPHeaders
    let body: Data?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<Answer, any Error>?
    private var cancelled = false
    private var finished = false

    init(url: String, headers: HTTPHeaders, body: Data? = nil) {
        self.url = url
        self.headers = headers
        self.body = body
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    func cancel() { lock.withLock { cancelled = true } }

    /// Gives the job the task to resume; false (and the task resumed) if it was cancelled first.
    func attach(_ continuation: CheckedContinuation<Answer, any Error>) -> Bool {
        let alreadyCancelled = lock.withLock {
            if !cancelled { self.continuation = continuation }
            return cancelled
        }
        if alreadyCancelled { continuation.resume(throwing: CancellationError()) }
        return !alreadyCancelled
    }

    func finish(_ result: Result<Answer, any Error>) {
        let continuation = lock.withLock {
            defer {
                self.continuation = nil
                finished = true
            }
            return finished ? nil : self.continuation
        }
        continuation?.resume(with: result)
    }
}
