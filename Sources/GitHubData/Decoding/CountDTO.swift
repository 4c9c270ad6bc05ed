/// A count as GitHub sends it (stars, forks, watchers, open issues): a JSON number, taken
/// whatever its size. A count is never negative, so a negative one is 0; one past `Int.max`
/// (`9223372036854775808`, or `1e400` once `JSONRepair` has made it the largest Double) is
/// `Int.max`. Either way `clamped` says what was sent, for a warning naming the repository.
struct CountDTO: Decodable, Hashable {
    enum Clamped: Hashable {
        case negative
        case beyondInt
    }

    var value: Int
    var clamped: Clamped?

    init(_ value: Int) {
        self.init(clamping: Double(value), exact: value)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let exact = try? container.decode(Int.self) {
            self.init(clamping: Double(exact), exact: exact)
        } else {
            self.init(clamping: try container.decode(Double.self), exact: nil)
        }
    }

    /// A fraction (GitHub never sends one) is cut to the whole number below it.
    private init(clamping number: Double, exact: Int?) {
        if number < 0 {
            value = 0
            clamped = .negative
        } else if let exact {
            value = exact
        } else if number >= 0x1p63 {
            value = .max
            clamped = .beyondInt
        } else {
            value = Int(number.rounded(.down))
        }
    }
}
