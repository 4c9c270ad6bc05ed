import Foundation

extension Array where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }
}

extension Double {
    func formatted(_ digits: Int) -> String { String(format: "%.\(digits)f", self) }
}

extension Int {
    /// 10,000.
    var grouped: String { formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
}
