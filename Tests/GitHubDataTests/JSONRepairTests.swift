import Foundation
import Testing

@testable import GitHubData

/// What valid JSON may hold and `JSONDecoder` refuses for the whole document, mended before
/// it sees it; and the per-item decoding that keeps one bad item from costing the page.
@Suite("Mending JSON, decoding item by item")
struct JSONRepairTests {
    func repaired(_ text: String) -> String {
        String(decoding: JSONRepair.repaired(Data(text.utf8)), as: UTF8.self)
    }

    @Test("a lone surrogate escape becomes \\ufffd, in place; pairs and escaped backslashes stay")
    func surrogates() {
        #expect(repaired(#"["\ud800","x\uDC00y"]"#) == #"["\ufffd","x\ufffdy"]"#)
        #expect(repaired(#"["\ud83d\ude00"]"#) == #"["\ud83d\ude00"]"#)
        #expect(repaired(#"["\ud800\ud83d\ude00"]"#) == #"["\ufffd\ud83d\ude00"]"#)
        #expect(repaired(#"["\\ud800"]"#) == #"["\\ud800"]"#, "a backslash, then the text ud800")
        #expect(repaired(#"{"\ud800": 1}"#) == #"{"\ufffd": 1}"#, "keys too")
    }

    @Test("a number beyond a Double becomes the largest of its sign; others and strings stay")
    func numbers() {
        #expect(repaired("[1e400,-1E+400]") == "[1.7976931348623157e308,-1.7976931348623157e308]")
        #expect(
            repaired(#"[1e-400,9223372036854775808,1.5e3,"1e400"]"#) == #"[1e-400,9223372036854775808,1.5e3,"1e400"]"#)
    }

    @Test("JSON with nothing to mend is returned as it is")
    func untouched() {
        let data = Data(#"{"a":[1,2.5,"\u00e9\n",true,null]}"#.utf8)
        #expect(JSONRepair.repaired(data) == data)
    }

    @Test("through the decoder: a lone surrogate, 2^63, 1e400 and a negative count decode, clamped")
    func throughTheDecoder() throws {
        let json = #"""
            {"id": 1, "name": "a", "full_name": "o/a", "owner": {"login": "o", "id": 2}, "description": "x\ud800",
             "stargazers_count": 9223372036854775808, "forks_count": 1e400, "open_issues_count": -5, "subscribers_count": -1e400}
            """#
        let dto = try GitHubDecoder().decode(RepoDTO.self, from: Data(json.utf8), resource: "test")
        var warnings: [String] = []
        let repo = dto.entity { warnings.append($0) }
        #expect(repo.description == "x\u{FFFD}")
        #expect(repo.stars == Int.max && repo.forks == Int.max && repo.openIssues == 0 && repo.watchers == 0)
        #expect(warnings.count == 4 && warnings.allSatisfy { $0.hasPrefix("repository o/a: ") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("open_issues_count is negative") })
    }

    @Test("a list decodes item by item: a bad item is left out, named by index and full name")
    func itemByItem() throws {
        let json = #"""
            [{"id": 1, "name": "a", "full_name": "o/a", "owner": {"login": "o", "id": 2}},
             {"id": 2, "name": 7, "full_name": "o/b", "owner": {"login": "o", "id": 2}},
             {"id": 3, "name": "..", "full_name": "o/..", "owner": {"login": "o", "id": 2}},
             {"name": "d", "full_name": "o/d", "owner": {"login": "o", "id": 2}},
             {"id": 18446744073709551616, "name": "e", "full_name": "o/e", "owner": {"login": "o", "id": 2}},
             {"id": 6, "name": "f", "full_name": "o/f", "owner": {"login": "o", "id": 2}}]
            """#
        let items = try GitHubDecoder().decode([Lenient<RepoDTO>].self, from: Data(json.utf8), resource: "test")
        var warnings: [String] = []
        let kept = items.values(resource: "GET list") { warnings.append($0) }
        #expect(kept.map(\.name) == ["a", "f"])
        #expect(warnings.count == 4)
        #expect(
            warnings.contains { $0.hasPrefix("GET list: item [1] o/b left out: at [1].name: expected") }, "\(warnings)")
        #expect(
            warnings.contains { $0.hasPrefix("GET list: item [2] left out: the name is not one GitHub allows") },
            "\(warnings)")
        #expect(
            warnings.contains { $0.hasPrefix("GET list: item [3] o/d left out: at [3].id: required field missing") },
            "\(warnings)")
    }
}
