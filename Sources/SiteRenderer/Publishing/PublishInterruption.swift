import Foundation
import Synchronization

/// Lets a signal handler stop a publish without leaving anything beside the output: before
/// the swap, the staging folder is removed and every later file refused; once the swap has
/// begun, the publish is let finish, as a half-tidied swap would hold the user's files.
public final class PublishInterruption: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// No publish was under way; nothing of this run is beside the output.
        case nothingStaged
        /// This run's staging folder is removed (its path).
        case stagingRemoved(String)
        /// The swap was under way: the new build is published.
        case published
    }

    private enum State {
        case idle
        case staging(URL)
        case publishing, published, stopped
    }

    private let state = Mutex(State.idle)

    public init() {}

    var isStopped: Bool {
        state.withLock { if case .stopped = $0 { true } else { false } }
    }

    /// Makes the staging folder under the lock, so that a stop sees either no folder or one
    /// it must remove, never one in the making.
    func staging(_ folder: URL, make: () throws(PublishError) -> Void) throws(PublishError) {
        try state.withLock { (state: inout State) throws(PublishError) in
            if case .stopped = state { throw .interrupted }
            try make()
            state = .staging(folder)
        }
    }

    func publishing() throws(PublishError) {
        try state.withLock { (state: inout State) throws(PublishError) in
            if case .stopped = state { throw .interrupted }
            state = .publishing
        }
    }

    func ended(published: Bool) {
        state.withLock { state in
            if case .stopped = state { return }
            state = published ? .published : .idle
        }
    }

    /// Stops the publish, from any thread; waits while a swap is under way.
    public func stop() -> Outcome {
        while true {
            let seen = state.withLock { state -> State in
                let seen = state
                if case .publishing = state { return seen }
                state = .stopped
                return seen
            }
            switch seen {
            case .publishing:
                usleep(10_000)
            case .staging(let folder):
                Self.remove(folder)
                return .stagingRemoved(folder.path)
            case .published:
                return .published
            case .idle, .stopped:
                return .nothingStaged
            }
        }
    }

    /// A file being staged as the folder goes may hold a folder open for a moment: tried
    /// again until the folder is gone (folders are made only before any file is put, by
    /// `Staging.makeFolders`, which stops once stopped, and the staging folder never again).
    private static func remove(_ folder: URL) {
        for _ in 0..<100 {
            SiteWriter.removeMarked(folder)
            if SiteWriter.Inventory.kind(folder) == .missing { return }
            usleep(5_000)
        }
    }
}
