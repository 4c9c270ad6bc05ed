/// What a build tells the person or log collector watching it, as it goes. The command
/// implements it with its console; tests collect the lines.
public protocol BuildEvents: Sendable {
    func info(_ message: String, fields: [String: any Sendable])
    func warning(_ message: String)
    /// After each file staged: files done, files in all; from one thread at a time.
    func writing(_ done: Int, of total: Int)
    /// The last file is staged.
    func writingFinished()
}
