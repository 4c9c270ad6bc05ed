/// One page of an answer, decoded, and where the next one is (from `Link: rel="next"`).
struct Page<Value: Sendable>: Sendable {
    var value: Value
    var next: String?
    /// An earlier run's copy, given because asking failed (`GitHubAPI.fallback`): a list
    /// holding one was not read as it is now.
    var isStale = false
}
