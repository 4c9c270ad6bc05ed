/// Every template of a theme by name, parsed; what pages are rendered with.
struct TemplateLibrary: Sendable {
    var templates: [String: Template] = [:]

    /// How deep partials and parents may nest: far beyond any theme's, and far within the stack.
    static let maxNesting = 64

    /// How much one page may cost: bytes written and template nodes rendered. Far beyond any
    /// page of a real theme (a list page renders some ten thousand nodes), and reached in a
    /// second or two: partials or sections that each repeat the one inside multiply, and forty
    /// levels of two partials each would render for hours and fill the memory.
    static let maxBytes = 64 << 20
    static let maxSteps = 10_000_000
    /// This library's: the above, smaller in tests.
    var limits = (bytes: maxBytes, steps: maxSteps)

    /// Why a page could not be rendered.
    enum Failure: Error {
        /// Partials and parents nested past `maxNesting`: templates that include each other.
        /// The templates entered, from the page's on.
        case endlessPartials(chain: [String])
        /// The page passed `maxBytes` or `maxSteps`.
        case tooLarge
    }

    /// What one page has cost so far.
    struct Budget {
        var bytes = 0
        var steps = 0
    }

    /// The page `name` renders with `value` at the bottom of its context; nil when the library
    /// has no such template.
    func render(_ value: TemplateValue, template name: String) throws(Failure) -> String? {
        guard let template = templates[name] else { return nil }
        var output = ""
        output.reserveCapacity(16_384)
        var budget = Budget()
        do {
            try render(template, in: Scope(stack: [value]), into: &output, budget: &budget)
        } catch .endlessPartials(let chain) {
            throw .endlessPartials(chain: [name] + chain)
        } catch {
            throw error
        }
        return output
    }
}

extension TemplateLibrary {
    /// The blocks of `name` and of every template it names, at any depth: those a template
    /// that fills `name` as a parent may fill.
    func blocks(reachableFrom name: String) -> Set<String> {
        var blocks: Set<String> = []
        var seen: Set<String> = []
        var waiting = [name]
        while let next = waiting.popLast() {
            guard seen.insert(next).inserted, let template = templates[next] else { continue }
            let found = template.blocksAndPartials
            blocks.formUnion(found.blocks)
            waiting += found.partials
        }
        return blocks
    }
}
