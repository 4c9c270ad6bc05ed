/// One page of an answer, decoded, and where the next one is (from `Link: rel="next"`).
struct Page<Value: Sendable>: Sendable {
    var value: Value
    var next: String?
}
