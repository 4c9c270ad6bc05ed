/// A source's answer that a repository's releases or README could not be fetched and that no
/// earlier run kept a copy of them (a newly starred repository whose releases failed on
/// every try). The source has said so among its stale data (the site's notice, exit code 2);
/// the use case shows them as not known, rather than stopping the run for one repository or
/// saying it has none.
public struct DetailNotFetched: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was asked for, e.g. `GET https://api.github.com/repos/octo/demo/releases`.
    public var resource: String

    public init(resource: String) {
        self.resource = resource
    }

    public var description: String { "\(resource) could not be fetched, and no earlier run kept it" }
}
