/// A theme that cannot be used, and why. Every case names the file at fault where there is one.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    case unknownTheme(name: String, known: [String])
    case unreadable(path: String, reason: String)
    case manifest(file: String, line: Int, column: Int, reason: String)
    case template(file: String, line: Int, column: Int, reason: String)
    case missingTemplate(theme: String, name: String)
    /// Themes that extend each other in a circle, in the order they were followed.
    case extendsCycle(chain: [String])
    /// Templates that include each other without end (`card` naming `{{>card}}`), from the
    /// page's template on, as far as the rendering went.
    case endlessPartials(theme: String, chain: [String])
    /// Templates whose partials or sections multiply (each repeating the one inside), so that
    /// one page would take hours and all the memory: stopped at `TemplateLibrary.maxBytes`
    /// or `maxSteps`.
    case pageTooLarge(theme: String, template: String, path: String)

    public var description: String {
        switch self {
        case .unknownTheme(let name, let known):
            return "no theme named '\(name)': built-in themes are \(known.joined(separator: ", ")); "
                + "a folder path may be given instead"
        case .unreadable(let path, let reason):
            return "\(path): cannot read theme: \(reason)"
        case .manifest(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): theme.toml error: \(reason)"
        case .template(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): template error: \(reason)"
        case .missingTemplate(let theme, let name):
            return "theme '\(theme)' has no template '\(name)' (expected templates/\(name).mustache, "
                + "or `extends = \"default\"` in its theme.toml to fall back to the default theme's)"
        case .extendsCycle(let chain):
            return "themes extend each other in a circle: " + chain.joined(separator: " → ")
        case .endlessPartials(let theme, let chain) where Set(chain).count == chain.count:
            // No template twice: a chain of distinct partials, deeper than any theme's.
            return "templates of theme '\(theme)' nest partials and parents more than "
                + "\(TemplateLibrary.maxNesting) deep: " + chain.prefix(8).joined(separator: " → ") + " → …"
        case .endlessPartials(let theme, let chain):
            return "templates of theme '\(theme)' include each other without end: "
                + chain.prefix(8).joined(separator: " → ") + " → …; a partial or parent may not include itself"
        case .pageTooLarge(let theme, let template, let path):
            return "templates of theme '\(theme)' make \(path) (template '\(template)') larger than "
                + "\(TemplateLibrary.maxBytes >> 20) MB or longer than \(TemplateLibrary.maxSteps) steps: "
                + "partials or sections that each repeat the one inside multiply"
        }
    }
}
