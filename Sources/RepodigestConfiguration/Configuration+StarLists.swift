/// `lists_of`: whose GitHub Star Lists get pages.
extension Configuration {
    /// The first entry written twice, compared as GitHub compares logins (without case).
    static func firstRepeated(_ logins: [String]) -> String? {
        var seen = Set<String>()
        return logins.first { !seen.insert($0.lowercased()).inserted }
    }

    /// Why a build that asks GitHub without a token cannot have `lists_of`: Star Lists come
    /// only from the GraphQL API, which answers no request without one. Nil when it can.
    public func listsOfProblem(hasToken: Bool) -> ConfigurationError? {
        guard !listsOf.isEmpty, !hasToken else { return nil }
        return ConfigurationError(
            source: listsOfSource ?? "the configuration", line: listsOfLine, column: listsOfLine.map { _ in 1 },
            message: "digest.lists_of needs a token: GitHub's Star Lists come from its GraphQL API, which answers "
                + "no request without one; set GITHUB_TOKEN or GH_TOKEN, or remove lists_of")
    }
}
