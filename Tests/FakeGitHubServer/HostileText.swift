/// Script-injection vectors: the corpus every path that turns a stranger's text into a page
/// is tested with (whole builds in EndToEndTests, the README sanitiser in SiteRendererTests).
public enum HostileText {
    public static let vectors: [String] = [
        "<script>alert(1)</script>", "<ScRiPt>alert(2)</sCrIpT>", "<img src=x onerror=alert(3)>",
        "<svg onload=alert(4)>", "<svg><script>alert(5)</script></svg>", "\"><script>alert(6)</script>",
        "'><img src=x onerror=alert(7)>", "javascript:alert(8)", "JaVaScRiPt:alert(9)", "  javascript:alert(10)",
        "java\tscript:alert(11)", "&#106;avascript:alert(12)", "&#x6A;avascript:alert(13)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxNCk8L3NjcmlwdD4=", "vbscript:msgbox(15)",
        "<iframe src=\"javascript:alert(16)\"></iframe>", "<a href=\"javascript:alert(17)\">x</a>",
        "<math><mtext><script>alert(18)</script></mtext></math>", "<style>@import 'javascript:alert(19)'</style>",
        "<object data=\"javascript:alert(20)\"></object>", "<embed src=\"javascript:alert(21)\">",
        "<base href=\"javascript:alert(22)//\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(23)\">",
        "<form action=\"javascript:alert(24)\"><button>x</button></form>",
        "<div style=\"background:url(javascript:alert(25))\">x</div>", "<!--<script>alert(26)</script>-->",
        "<![CDATA[<script>alert(27)</script>]]>", "{{alert}} {{{alert}}} {{>layout}}", "\u{202E}gnp.exe \u{0} \u{FEFF}",
        "[x](javascript:alert(29))", "[x](JAVASCRIPT:alert(30))", "[x](&#x6A;avascript:alert(31))",
        "[x](<javascript:alert(32)>)", "![x](javascript:alert(33))", "[ref][h]\n\n[h]: javascript:alert(34)",
        "<javascript:alert(35)>", "www.example.com/\"onmouseover=\"alert(36)",
        "<a href=\"&#106;avascript:alert(37)\">x</a>",
        "[x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMzgpPg==)",
        "<img src=\"x\" srcset=\"javascript:alert(39) 2x\">",
        "<svg><a xlink:href=\"javascript:alert(40)\"><text>x</text></a></svg>",
    ]
}
