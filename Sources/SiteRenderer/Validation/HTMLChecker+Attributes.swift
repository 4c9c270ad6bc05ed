extension HTMLChecker {
    /// Whether HTML gives `element` an attribute named `name` (lower-case): a global one, an
    /// `aria-` or `data-` one, or one of the element's own, from the living standard's index
    /// of attributes, less `ping`. An allow-list, as the elements are: an attribute a browser
    /// gives a meaning to that HTML does not (Chromium's `attributionsrc`) is refused, and so
    /// is one a browser gives a meaning to tomorrow; neither may send a request to another
    /// site unchecked. Event handlers (`on…`) are not here: they have their own rule.
    static func isAttribute(_ name: String, of element: String) -> Bool {
        globalAttributes.contains(name) || elementAttributes[element]?.contains(name) == true
            || (name.hasPrefix("aria-") && name.count > 5) || (name.hasPrefix("data-") && name.count > 5)
    }

    /// The attributes any HTML element may have.
    static let globalAttributes: Set<String> = [
        "accesskey", "autocapitalize", "autocorrect", "autofocus", "class", "contenteditable", "dir", "draggable",
        "enterkeyhint", "hidden", "id", "inert", "inputmode", "is", "itemid", "itemprop", "itemref", "itemscope",
        "itemtype", "lang", "nonce", "popover", "role", "slot", "spellcheck", "style", "tabindex", "title",
        "translate", "writingsuggestions",
    ]

    /// Each element's own attributes.
    static let elementAttributes: [String: Set<String>] = {
        // Not `ping`, which sends a request to the address it holds when the link is followed.
        let link: Set<String> = ["href", "target", "download", "rel", "hreflang", "type", "referrerpolicy"]
        let media: Set<String> = [
            "src", "crossorigin", "preload", "autoplay", "loop", "muted", "controls", "controlslist",
            "disableremoteplayback",
        ]
        let form: Set<String> = ["disabled", "form", "name"]
        let formSubmission: Set<String> = ["formaction", "formenctype", "formmethod", "formnovalidate", "formtarget"]
        return [
            "a": link,
            "area": link.union(["alt", "coords", "shape"]),
            "audio": media,
            "video": media.union(["poster", "playsinline", "width", "height"]),
            "blockquote": ["cite"], "q": ["cite"], "del": ["cite", "datetime"], "ins": ["cite", "datetime"],
            "button": form.union(formSubmission).union([
                "type", "value", "popovertarget", "popovertargetaction", "command", "commandfor",
            ]),
            "canvas": ["width", "height"],
            "col": ["span"], "colgroup": ["span"],
            "data": ["value"],
            "details": ["open", "name"],
            "dialog": ["open", "closedby"],
            "fieldset": form,
            "img": [
                "alt", "src", "srcset", "sizes", "crossorigin", "usemap", "ismap", "width", "height",
                "referrerpolicy", "decoding", "loading", "fetchpriority",
            ],
            "input": form.union(formSubmission).union([
                "accept", "alpha", "alt", "autocomplete", "checked", "colorspace", "dirname", "height", "list", "max",
                "maxlength", "min", "minlength", "multiple", "pattern", "placeholder", "popovertarget",
                "popovertargetaction", "readonly", "required", "size", "src", "step", "type", "value", "width",
            ]),
            "label": ["for"],
            "li": ["value"],
            "link": [
                "href", "crossorigin", "rel", "as", "media", "hreflang", "type", "sizes", "imagesrcset", "imagesizes",
                "referrerpolicy", "integrity", "blocking", "color", "disabled", "fetchpriority",
            ],
            "map": ["name"],
            // `property`: Open Graph's and RDFa's name for what a `<meta>` says.
            "meta": ["name", "http-equiv", "content", "charset", "media", "property"],
            "meter": ["value", "min", "max", "low", "high", "optimum"],
            "ol": ["reversed", "start", "type"],
            "optgroup": ["disabled", "label"],
            "option": ["disabled", "label", "selected", "value"],
            "output": form.union(["for"]),
            "progress": ["value", "max"],
            "script": [
                "src", "type", "nomodule", "async", "defer", "crossorigin", "integrity", "referrerpolicy", "blocking",
                "fetchpriority",
            ],
            "select": form.union(["autocomplete", "multiple", "required", "size"]),
            "slot": ["name"],
            // No `width` or `height`: the W3C checker allows neither on a source.
            "source": ["type", "media", "src", "srcset", "sizes"],
            "style": ["media", "blocking"],
            "td": ["colspan", "rowspan", "headers"],
            "th": ["colspan", "rowspan", "headers", "scope", "abbr"],
            "template": [
                "shadowrootmode", "shadowrootdelegatesfocus", "shadowrootclonable", "shadowrootserializable",
            ],
            "textarea": form.union([
                "autocomplete", "cols", "dirname", "maxlength", "minlength", "placeholder", "readonly", "required",
                "rows", "wrap",
            ]),
            "time": ["datetime"],
            "track": ["default", "kind", "label", "src", "srclang"],
        ]
    }()
}
