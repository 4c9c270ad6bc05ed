/// Arithmetic on counts from the data. Stars, forks and issues are whatever a server or an
/// old history row says, so `to - from` of two extremes (-1 and `Int.max`) does not fit an
/// Int; it saturates rather than trapping, in every run that reads the cached answer again.
extension Int {
    func saturatingMinus(_ other: Int) -> Int {
        let (result, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return result }
        return self > other ? .max : .min
    }
}
