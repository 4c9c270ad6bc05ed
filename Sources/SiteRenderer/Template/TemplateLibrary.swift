/// Every template of a theme by name, parsed; what pages are rendered with.
struct TemplateLibrary: Sendable {
    var templates: [String: Template] = [:]

    /// How deep partials and parents may nest: far beyond any theme's, and far within the stack.
    static let maxNesting = 64

    /// How much one page may cost: bytes written and steps taken (a node rendered, and a
    /// step more for each value in scope when it looks one up). Far beyond any page of a real
    /// theme (a list page takes some fifty thousand steps), and reached in a
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

    /// What one page has cost so far; and, for a traced page, where its text came from.
    struct Budget {
        var bytes = 0
        var steps = 0
        /// The spans placed so far, each from the start of the text it was placed in; nil when
        /// the page is not traced (every page a build publishes).
        var trace: [TemplateTrace.Span]?

        /// Records `text`, about to be placed at the end of `output`, as `template`'s from `source`.
        mutating func record(
            _ text: String, at output: String, from template: Template, _ source: Int, value: Template.Name? = nil
        ) {
            trace?.append(
                TemplateTrace.Span(
                    start: output.utf8.count, length: text.utf8.count, template: template.name, source: source,
                    value: value?.written))
        }

        /// Moves the spans from `first` on by `offset`: they were placed in text that lands there.
        mutating func moveTrace(from first: Int, by offset: Int) {
            guard offset != 0, let count = trace?.count, first < count else { return }
            for index in first..<count { trace![index].start += offset }
        }
    }

    /// The page `name` renders with `value` at the bottom of its context; nil when the library
    /// has no such template.
    func render(_ value: TemplateValue, template name: String) throws(Failure) -> String? {
        try render(value, template: name, traced: false)?.page
    }

    /// The same, and with `traced`, where each piece of text in it came from.
    func render(_ value: TemplateValue, template name: String, traced: Bool) throws(Failure)
        -> (page: String, trace: TemplateTrace)?
    {
        guard let template = templates[name] else { return nil }
        var output = ""
        output.reserveCapacity(16_384)
        var budget = Budget(trace: traced ? [] : nil)
        do {
            try render(template, in: Scope(stack: [value]), into: &output, budget: &budget)
        } catch .endlessPartials(let chain) {
            throw .endlessPartials(chain: [name] + chain)
        } catch {
            throw error
        }
        return (output, TemplateTrace(spans: budget.trace ?? []))
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
