import Foundation

extension BuildOptions {
    /// The lock over the state folder, held for the whole build (ConfigurationError when a
    /// live build has no state folder, RunLockError when it is held). A build from the bundled
    /// sample with no state folder to be had (no `HOME`) runs without one: it reads no state.
    func runLock() throws -> RunLock? {
        let state: URL
        if sample {
            guard let folder = try? stateDirectory() else { return nil }
            state = folder
        } else {
            state = try stateDirectory()
        }
        return try RunLock(stateDirectory: state)
    }
}
