/// What went wrong fetching or reading GitHub data, naming the resource at fault.
public enum GitHubDataError: Error, Equatable, CustomStringConvertible {
    /// The resource does not exist (an HTTP 404, or a file the sample does not have).
    case notFound(resource: String)
    /// The answer arrived but is not what GitHub sends.
    case undecodable(resource: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let resource): return "\(resource): not found"
        case .undecodable(let resource, let reason): return "\(resource): could not decode the answer \(reason)"
        }
    }
}
