import Testing

@testable import RxChainTesting

/// The pure decisions of ``FaultProxy``: request framing and which request takes which fault.
@Suite struct FaultProxyScriptTests {
    @Test func aRequestHeadGivesItsMethodBodyLengthAndHeadersOnceComplete() throws {
        let text = "PUT /b/k HTTP/1.1\r\nHost: 127.0.0.1:1\r\ncontent-length:  5 \r\n\r\nhello"
        let bytes = Array(text.utf8)
        #expect(try ProxyRequestHead.parse(Array(bytes.prefix(20))) == nil)
        let head = try #require(try ProxyRequestHead.parse(bytes))
        #expect(
            head
                == ProxyRequestHead(
                    method: "PUT", target: "/b/k", bodyLength: 5, headLength: bytes.count - 5,
                    headers: ["host": "127.0.0.1:1", "content-length": "5"]))
        let closing = String(decoding: head.closingConnection(bytes), as: UTF8.self)
        #expect(
            closing == "PUT /b/k HTTP/1.1\r\nHost: 127.0.0.1:1\r\ncontent-length:  5 \r\n"
                + "Connection: close\r\n\r\nhello")
    }

    @Test func chunkedOrMalformedRequestsCannotBeFramed() {
        #expect(throws: ProxyRequestHead.Problem.chunked) {
            try ProxyRequestHead.parse(Array("PUT / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        }
        #expect(throws: ProxyRequestHead.Problem.malformed) {
            try ProxyRequestHead.parse(Array("nonsense\r\n\r\n".utf8))
        }
    }

    @Test func faultsMeetTheirRequestsInOrderAndAskForFreshConnectionsMeanwhile() {
        var script = FaultProxyScript()
        #expect(script.requestArrived(method: "GET") == .forward(closingConnection: false))
        script.faultsScripted([.cutResponse], method: "PUT")
        script.faultsScripted([.delay(.seconds(1))], method: nil)
        #expect(script.requestArrived(method: "GET") == .play(.delay(.seconds(1))))
        #expect(script.requestArrived(method: "GET") == .forward(closingConnection: true))
        #expect(script.requestArrived(method: "put") == .play(.cutResponse))
        #expect(script.requestArrived(method: "PUT") == .forward(closingConnection: false))
        #expect(script.played == [.delay(.seconds(1)), .cutResponse])
    }

    @Test func aRefusalWaitsForTheNextConnection() {
        var script = FaultProxyScript()
        let refusedBeforeScript = script.connectionAccepted()
        #expect(!refusedBeforeScript)
        script.faultsScripted([.refuse], method: nil)
        #expect(script.requestArrived(method: "PUT") == .forward(closingConnection: true))
        let first = script.connectionAccepted()
        let second = script.connectionAccepted()
        #expect(first && !second)
        #expect(script.pending.isEmpty && script.played == [.refuse])
    }
}
