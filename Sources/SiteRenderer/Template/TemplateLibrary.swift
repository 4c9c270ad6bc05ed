/// Every template of a theme by name, parsed; what pages are rendered with.
struct TemplateLibrary: Sendable {
    var templates: [String: Template] = [:]

    /// How deep partials and parents may nest: far beyond any theme's, and far within the stack.
    static let maxNesting = 64

    /// Partials and parents nested past `maxNesting`: templates that include each other.
    struct EndlessPartials: Error {
        /// The templates entered, from the page's on.
        var chain: [String]
    }

    /// The page `name` renders with `value` at the bottom of its context; nil when the library
    /// has no such template.
    func render(_ value: TemplateValue, template name: String) throws(EndlessPartials) -> String? {
        guard let template = templates[name] else { return nil }
        var output = ""
        output.reserveCapacity(16_384)
        do {
            try render(template, in: Scope(stack: [value]), into: &output)
        } catch {
            throw EndlessPartials(chain: [name] + error.chain)
        }
        return output
    }
}
