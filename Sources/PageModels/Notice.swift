/// A sentence every page shows above its content, for something the reader should know
/// about the build itself: data that could not be refreshed and how old it is.
public struct Notice: Sendable, Hashable {
    public var text: String

    public init(text: String) {
        self.text = text
    }
}
