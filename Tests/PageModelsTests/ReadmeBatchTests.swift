import PageModels
import Testing

@Suite struct ReadmeBatchTests {
    @Test("a batch pairs each page with its README or nil, in order")
    func pairsPagesWithREADMEs() {
        let batch = ReadmeBatch(pages: [4, 2], readmes: [nil, nil])
        #expect(batch.pages == [4, 2])
        #expect(batch.readmes.count == 2)
    }
}
