/// Rendering: a template and a stack of values → HTML, appended to one string.
extension TemplateLibrary {
    /// Where a template is being rendered: the values around it, innermost last.
    struct Scope {
        var stack: [TemplateValue]
        /// Set inside a section over a list, for `{{first()}}` and friends; a partial and a
        /// section over a single value start without one, as in swift-mustache.
        var position: TemplateSequencePosition? = nil
        /// A standalone partial's (or block's) indentation, put before each line it renders.
        var indentation: String? = nil
        /// The blocks the parents being rendered override; the outermost parent's win.
        var overrides: [String: Template]? = nil
        /// How many templates deep: the page's, and each partial or parent entered since. The
        /// names are gathered only when templates turn out to include each other without end.
        var depth = 1

        func pushing(_ value: TemplateValue, at position: TemplateSequencePosition? = nil) -> Scope {
            var scope = self
            scope.stack.append(value)
            scope.position = position
            return scope
        }

        func entering(indentation more: String?) -> Scope {
            var scope = self
            scope.position = nil
            if let more { scope.indentation = (indentation ?? "") + more }
            return scope
        }

        /// The value `name` names here, after its transforms; nil when there is none.
        func lookUp(_ name: Template.Name) -> TemplateValue? {
            var value: TemplateValue?
            var transforms = name.transforms[...]
            switch name.start {
            case .current:
                value = stack.last
            case .position:
                guard let position, let first = transforms.popFirst() else { return nil }
                value = position.transformed(first)
            case .innermost:
                value = stack.last.flatMap { Self.child(name.path[...], of: $0) }
            case .searched:
                guard let first = name.path.first else { return nil }
                for candidate in stack.reversed() {
                    // The first value that has the name's first part decides, found or not.
                    if let found = candidate[first] {
                        value = Self.child(name.path.dropFirst(), of: found)
                        break
                    }
                }
            }
            for transform in transforms {
                value = value?.transformed(transform)
            }
            return value
        }

        private static func child(_ path: ArraySlice<String>, of value: TemplateValue) -> TemplateValue? {
            var value = value
            for part in path {
                guard let child = value[part] else { return nil }
                value = child
            }
            return value
        }
    }

    func render(_ template: Template, in scope: Scope, into output: inout String, budget: inout Budget)
        throws(Failure)
    {
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for node in template.nodes { try render(node, of: template, in: scope, into: &output, budget: &budget) }
            return
        }
        try render(template, indentedBy: indentation, in: scope, into: &output, budget: &budget)
    }

    /// As swift-mustache indents: before each piece that begins a line of this rendering.
    /// Apart from `render`, whose frame nested sections and partials repeat on the stack.
    private func render(
        _ template: Template, indentedBy indentation: String, in scope: Scope, into output: inout String,
        budget: inout Budget
    ) throws(Failure) {
        // A traced piece's spans are told from the piece's start, then moved to where it lands.
        let traced = budget.trace?.count
        var rendered = ""
        for node in template.nodes {
            var piece = ""
            let pieceTraced = budget.trace?.count
            try render(node, of: template, in: scope, into: &piece, budget: &budget)
            if !piece.isEmpty, rendered.utf8.last == UInt8(ascii: "\n") {
                // Counted too: a megabyte of indentation before each line of a partial would
                // grow the page a megabyte a step.
                budget.bytes += indentation.utf8.count
                guard budget.bytes <= limits.bytes else { throw .tooLarge }
                rendered += indentation
            }
            if let pieceTraced { budget.moveTrace(from: pieceTraced, by: rendered.utf8.count) }
            rendered += piece
        }
        if let traced { budget.moveTrace(from: traced, by: output.utf8.count) }
        output += rendered
    }

    /// `node`, one of `template`'s.
    private func render(
        _ node: Template.Node, of template: Template, in scope: Scope, into output: inout String, budget: inout Budget
    ) throws(Failure) {
        // A value's or a section's look-up reads down the scope's values, and a section pushes
        // onto a copy of them: each costs a step per value, so the budget bounds a page's time
        // however deep its sections go (at a step a node, a theme 31 sections deep took 114 s).
        switch node {
        case .value, .section: budget.steps += 1 + scope.stack.count
        default: budget.steps += 1
        }
        guard budget.steps <= limits.steps, budget.bytes <= limits.bytes else { throw .tooLarge }
        switch node {
        case .text(let text, let source):
            place(text, from: template, source, into: &output, budget: &budget)

        case .value(let name, let escaped, let source):
            place(name, escaped: escaped, from: template, source, in: scope, into: &output, budget: &budget)

        case .section(let name, let inner, inverted: false):
            switch scope.lookUp(name) {
            case .list(let items)?:
                for (index, item) in items.enumerated() {
                    let position = TemplateSequencePosition(index: index, isLast: index == items.count - 1)
                    try render(inner, in: scope.pushing(item, at: position), into: &output, budget: &budget)
                }
            case .flag(let flag)?:
                if flag { try render(inner, in: scope, into: &output, budget: &budget) }
            case let value?:
                try render(inner, in: scope.pushing(value), into: &output, budget: &budget)
            case nil:
                break
            }

        case .section(let name, let inner, inverted: true):
            switch scope.lookUp(name) {
            case .list(let items)?:
                if items.isEmpty { try render(inner, in: scope.pushing(.list(items)), into: &output, budget: &budget) }
            case .flag(let flag)?:
                if !flag { try render(inner, in: scope, into: &output, budget: &budget) }
            case .some:
                break
            case nil:
                try render(inner, in: scope, into: &output, budget: &budget)
            }

        case .partial(let name, let indentation, let overrides):
            guard let (named, template) = partial(name, in: scope) else { return }
            guard scope.depth < Self.maxNesting else { throw .endlessPartials(chain: [named]) }
            var inner = scope.entering(indentation: indentation)
            inner.depth += 1
            if let overrides {
                inner.overrides = scope.overrides.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            do {
                try render(template, in: inner, into: &output, budget: &budget)
            } catch .endlessPartials(let chain) {
                throw .endlessPartials(chain: [named] + chain)
            } catch {
                throw error
            }

        case .block(let name, let fallback, let indentation):
            try render(
                scope.overrides?[name] ?? fallback, in: scope.entering(indentation: indentation), into: &output,
                budget: &budget)

        case .override:
            break
        }
    }

    // The two that place text, apart from `render(_:of:in:into:budget:)`, whose frame nested
    // sections and partials repeat on the stack: four thousand times at the limits, each frame
    // holding every case's values in a debug build, which inlines nothing.

    /// A template's own text.
    private func place(
        _ text: String, from template: Template, _ source: Int, into output: inout String, budget: inout Budget
    ) {
        if budget.trace != nil { budget.record(text, at: output, from: template, source) }
        output += text
        budget.bytes += text.utf8.count
    }

    /// A value's text, escaped unless `escaped` is false.
    private func place(
        _ name: Template.Name, escaped: Bool, from template: Template, _ source: Int, in scope: Scope,
        into output: inout String, budget: inout Budget
    ) {
        switch scope.lookUp(name) {
        case .text(let text)?:
            let placed = escaped ? HTMLEscaping.escape(text) : text
            if budget.trace != nil { budget.record(placed, at: output, from: template, source, value: name) }
            output += placed
            budget.bytes += placed.utf8.count
        case .number(let number)?: output += String(number)
        case .flag(let flag)?: output += flag ? "true" : "false"
        // A list or an object has no text of its own; a template places its parts.
        case .list?, .object?, nil: break
        }
    }

    /// The template a partial or parent names: by its name, or with `*` by a value's text.
    private func partial(_ name: Template.Name, in scope: Scope) -> (String, Template)? {
        var named = name.written
        if name.isDynamic {
            let value = (try? Template.Parser.name(name.path[0])).flatMap { scope.lookUp($0) }
            guard case .text(let text)? = value else { return nil }
            named = text
        }
        return templates[named].map { (named, $0) }
    }
}
