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
            for node in template.nodes { try render(node, in: scope, into: &output, budget: &budget) }
            return
        }
        // As swift-mustache indents: before each piece that begins a line of this rendering.
        var rendered = ""
        for node in template.nodes {
            var piece = ""
            try render(node, in: scope, into: &piece, budget: &budget)
            if !piece.isEmpty, rendered.utf8.last == UInt8(ascii: "\n") {
                // Counted too: a megabyte of indentation before each line of a partial would
                // grow the page a megabyte a step.
                budget.bytes += indentation.utf8.count
                guard budget.bytes <= limits.bytes else { throw .tooLarge }
                rendered += indentation
            }
            rendered += piece
        }
        output += rendered
    }

    private func render(_ node: Template.Node, in scope: Scope, into output: inout String, budget: inout Budget)
        throws(Failure)
    {
        budget.steps += 1
        guard budget.steps <= limits.steps, budget.bytes <= limits.bytes else { throw .tooLarge }
        switch node {
        case .text(let text):
            output += text
            budget.bytes += text.utf8.count

        case .value(let name, let escaped):
            switch scope.lookUp(name) {
            case .text(let text)?:
                let placed = escaped ? HTMLEscaping.escape(text) : text
                output += placed
                budget.bytes += placed.utf8.count
            case .number(let number)?: output += String(number)
            case .flag(let flag)?: output += flag ? "true" : "false"
            // A list or an object has no text of its own; a template places its parts.
            case .list?, .object?, nil: break
            }

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
