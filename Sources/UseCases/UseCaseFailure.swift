/// A source failed during a use case: says which step, and keeps the data layer's error,
/// whose message names the request at fault.
public struct UseCaseFailure: Error, CustomStringConvertible {
    public var step: String
    public var underlying: any Error

    public init(step: String, underlying: any Error) {
        self.step = step
        self.underlying = underlying
    }

    public var description: String { "\(step): \(underlying)" }
}
